'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { betsReply } from '@/lib/contracts/games';
import type { FairGame } from '@/lib/contracts/fair-games';
import { useClientSession } from '@/lib/stores/use-client-session';
import { generalApi } from './game-client';
import { gameKeys } from './query-keys';

export type BetsReply = z.infer<typeof betsReply>;

/** How many bets the recent-bets list shows. */
export const RECENT_BETS_COUNT = 10;

/** `GET /games/bets`: the user's bets, newest first (the contract's schema loads with the first list). */
export const listBets = async (
  query: { game?: FairGame; page?: number; per_page?: number } = {},
): Promise<BetsReply> => {
  const response = await generalApi().get('/games/bets', { params: query });
  const { betsReply: schema } = await import('@/lib/contracts/games');
  return schema.parse(response.data);
};

export const recentBetsQueryOptions = (game: FairGame) =>
  queryOptions({
    queryKey: gameKeys.bets(game),
    queryFn: () => listBets({ game, page: 1, per_page: RECENT_BETS_COUNT }),
    staleTime: 30_000,
  });

/** The player's last bets of a game (nothing for a guest). */
export function useRecentBets(game: FairGame) {
  const { isLoggedIn } = useClientSession();
  return useQuery({ ...recentBetsQueryOptions(game), enabled: isLoggedIn });
}
