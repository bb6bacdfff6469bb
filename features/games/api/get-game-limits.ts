'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { gameLimitsReply } from '@/lib/api/first-screen-checks';
import { userCurrency } from '@/lib/user-currency';
import { getBetLimits, type BetRange } from '@/lib/constants/bet-limits';
import type { Currency } from '@/lib/constants/currencies';
import type { FairGame } from '@/lib/contracts/fair-games';
import type { gameLimitsReply as gameLimitsReplySchema } from '@/lib/contracts/games';
import { useSessionStore } from '@/lib/stores/session-store';
import { generalApi } from './game-client';
import { gameKeys } from './query-keys';

export type GameLimitsReply = z.infer<typeof gameLimitsReplySchema>;

/** `GET /games/limits?currency=` (public): the bet range of every game in a currency. */
export const getGameLimits = (currency: Currency): Promise<GameLimitsReply> =>
  generalApi()
    .get('/games/limits', { params: { currency } })
    .then((response) => gameLimitsReply(response.data));

export const gameLimitsQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: gameKeys.limits(currency),
    queryFn: () => getGameLimits(currency),
    staleTime: 10 * 60_000,
    retry: 1,
  });

/** The currency bets are placed in: the user's, RUB for a guest (spec: "currency (default RUB)"). */
export function useGameCurrency(): Currency {
  const user = useSessionStore((state) => state.user);
  return userCurrency(user);
}

/** The bet limits of a game in a currency by spec section 9 (`cases` take the coinflip range). */
export function specLimits(currency: Currency, game: FairGame): BetRange {
  return getBetLimits(currency, game === 'cases' ? 'coinflip' : game);
}

export interface GameLimits extends BetRange {
  currency: Currency;
  /** True while the server's figures are not known (loading, failed): the spec's figures are shown. */
  fallback: boolean;
}

/**
 * The bet range of a game in the player's currency, as the server enforces it (`GET /games/limits`,
 * public, so guests see it too); the spec's figures (lib/constants/bet-limits.ts) while it loads or if
 * it fails.
 */
export function useGameLimits(game: FairGame): GameLimits {
  const currency = useGameCurrency();
  const { data } = useQuery(gameLimitsQueryOptions(currency));
  const server = data?.currency === currency ? data.limits[game] : undefined;
  if (server) return { ...server, currency, fallback: false };
  return { ...specLimits(currency, game), currency, fallback: true };
}
