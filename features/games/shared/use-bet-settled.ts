'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FairGame } from '@/lib/contracts/games';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import type { BetReply } from '../api/game-client';
import { gameKeys } from '../api/query-keys';

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
