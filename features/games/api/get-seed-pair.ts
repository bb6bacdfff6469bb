'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { seedPair, type SeedPair } from '@/lib/contracts/games';
import { useClientSession } from '@/lib/stores/use-client-session';
import { generalApi } from './game-client';
import { gameKeys } from './query-keys';

/** `GET /fair/seed`: the active pair (created on first use); the nonce is the next bet's. */
export const getSeedPair = (): Promise<SeedPair> =>
  generalApi()
    .get('/fair/seed')
    .then((response) => seedPair.parse(response.data));

export const seedPairQueryOptions = () =>
  queryOptions({ queryKey: gameKeys.seed(), queryFn: getSeedPair, staleTime: 30_000 });

/** The logged-in player's active seed pair (nothing for a guest). */
export function useSeedPair() {
  const { isLoggedIn } = useClientSession();
  return useQuery({ ...seedPairQueryOptions(), enabled: isLoggedIn });
}
