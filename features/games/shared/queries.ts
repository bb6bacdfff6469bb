'use client';

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { userCurrency } from '@/lib/api/schemas/user';
import { getBetLimits, type BetRange } from '@/lib/constants/bet-limits';
import type { Currency } from '@/lib/constants/currencies';
import type { FairGame } from '@/lib/contracts/games';
import { useSessionStore } from '@/lib/stores/session-store';
import { getGameLimits, getSeedPair, listBets, type BetReply } from './api';
import { useClientSession } from '@/lib/stores/use-client-session';

/**
 * Query keys of the games, generic to specific; invalidate with these, never a hand-written array. The
 * player's own data (seed pair, bets) lives under {@link gameKeys.mine} so it can be dropped in one go.
 */
export const gameKeys = {
  all: ['games'] as const,
  mine: () => [...gameKeys.all, 'mine'] as const,
  seed: () => [...gameKeys.mine(), 'seed'] as const,
  bets: (game?: FairGame) => [...gameKeys.mine(), 'bets', ...(game ? [game] : [])] as const,
  bet: (id: number) => [...gameKeys.mine(), 'bet', id] as const,
  limits: (currency: Currency) => [...gameKeys.all, 'limits', currency] as const,
};

/** How many bets the recent-bets list shows. */
export const RECENT_BETS_COUNT = 10;

export const seedPairQueryOptions = () =>
  queryOptions({ queryKey: gameKeys.seed(), queryFn: getSeedPair, staleTime: 30_000 });

export const gameLimitsQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: gameKeys.limits(currency),
    queryFn: () => getGameLimits(currency),
    staleTime: 10 * 60_000,
    retry: 1,
  });

export const recentBetsQueryOptions = (game: FairGame) =>
  queryOptions({
    queryKey: gameKeys.bets(game),
    queryFn: () => listBets({ game, page: 1, per_page: RECENT_BETS_COUNT }),
    staleTime: 30_000,
  });

/** The logged-in player's active seed pair (nothing for a guest). */
export function useSeedPair() {
  const { isLoggedIn } = useClientSession();
  return useQuery({ ...seedPairQueryOptions(), enabled: isLoggedIn });
}

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

/** The player's last bets of a game (nothing for a guest). */
export function useRecentBets(game: FairGame) {
  const { isLoggedIn } = useClientSession();
  return useQuery({ ...recentBetsQueryOptions(game), enabled: isLoggedIn });
}

/**
 * What to do after any bet reply: the header balance shows `reply.balance` at once (the session user
 * and the cached profile), and the recent bets, the seed pair (its nonce moved on) and the bonuses
 * (a bet counts toward wagering) are fetched again.
 */
export function useBetSettled(): (reply: Pick<BetReply, 'balance'> & { bet?: { game: FairGame } }) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (reply) => {
      invalidateBalances(queryClient, reply.balance);
      void queryClient.invalidateQueries({ queryKey: gameKeys.bets(reply.bet?.game) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.seed() });
    },
    [queryClient],
  );
}
