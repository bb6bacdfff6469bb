'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeClientSeed } from '../api/change-client-seed';
import { rotateSeed } from '../api/rotate-seed';
import { gameKeys } from '../api/query-keys';

/** `PUT /fair/seed/client`: the new pair goes straight into the seed-pair query. */
export function useChangeClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeClientSeed,
    onSuccess: (pair) => queryClient.setQueryData(gameKeys.seed(), pair),
  });
}

/**
 * `POST /fair/seed/rotate`: the new pair goes into the seed-pair query, and the player's bets (and the pair) are
 * fetched again (those of the old pair now carry the revealed server seed).
 */
export function useRotateSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed?: string) => rotateSeed(clientSeed),
    onSuccess: (reply) => {
      queryClient.setQueryData(gameKeys.seed(), reply.current);
      void queryClient.invalidateQueries({ queryKey: gameKeys.mine() });
    },
  });
}
