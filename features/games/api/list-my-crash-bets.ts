'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrashMyBets } from '@/lib/contracts/crash';
import { useClientSession } from '@/lib/stores/use-client-session';
import { crashApi } from './game-client';
import { gameKeys } from './query-keys';

/** How many of the player's own crash bets the page lists. */
export const MY_CRASH_BETS_SHOWN = 10;

/** `GET /crash/bets/mine?limit=` (signed in): the player's last crash bets, newest first. */
export async function listMyCrashBets(limit = MY_CRASH_BETS_SHOWN): Promise<CrashMyBets> {
  const [response, { crashMyBetsReply }] = await Promise.all([
    crashApi().get('/crash/bets/mine', { params: { limit } }),
    import('@/lib/contracts/crash'),
  ]);
  return crashMyBetsReply.parse(response.data);
}

export const myCrashBetsQueryOptions = () =>
  queryOptions({
    queryKey: gameKeys.crashMine(),
    queryFn: () => listMyCrashBets(),
    staleTime: 30_000,
  });

/** The player's own crash bets (nothing for a guest). */
export function useMyCrashBets() {
  const { isLoggedIn } = useClientSession();
  return useQuery({ ...myCrashBetsQueryOptions(), enabled: isLoggedIn });
}
