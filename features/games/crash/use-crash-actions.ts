'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { isAxiosError, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { notify } from '@/lib/stores/notification-store';
import { cashOutCrash } from '../api/cash-out-crash';
import { placeCrashBet, type CrashBetReply } from '../api/place-crash-bet';
import { gameKeys } from '../api/query-keys';
import {
  BetError,
  hasInsufficientFunds,
  newIdempotencyKey,
  useGameErrorTranslator,
} from '../shared/bet-request';
import { useRequireAccount } from '../shared/use-require-account';
import { useCrashRoundStore } from './crash-round-store';

/** An answer that may not say what happened to the bet: no response, or a server failure. */
function outcomeUnknown(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = statusOf(error);
  return status === null || status >= 500;
}

/**
 * The player's two moves in a round, as the other games place bets (shared/bet-request.ts): a guest gets
 * the sign-up dialog, one call at a time, failures shown as one notification (translated codes and 422
 * keys). A bet carries a fresh idempotency key; after an answer that leaves its outcome unknown (network,
 * 5xx), the same submission again (same amount, auto cash-out and game) reuses it, so one click is never
 * two bets. After either move the header balance shows the balance the server answered and the player's
 * crash bets are fetched again.
 */
export function useCrashActions() {
  const t = useTranslations('games.crash');
  const queryClient = useQueryClient();
  const translator = useGameErrorTranslator();
  const requireAccount = useRequireAccount();
  const inFlight = useRef(false);
  const unsettled = useRef<{ fingerprint: string; key: string } | null>(null);
  const [pending, setPending] = useState<'bet' | 'cashout' | null>(null);
  const [insufficientFunds, setInsufficientFunds] = useState(false);

  const settled = useCallback(
    (balance: number) => {
      invalidateBalances(queryClient, balance);
      void queryClient.invalidateQueries({ queryKey: gameKeys.crashMine() });
    },
    [queryClient],
  );

  const bet = useCallback(
    async (body: { amount: number; auto_cashout: number | null }): Promise<CrashBetReply> => {
      if (!requireAccount()) throw new BetError('guest');
      if (inFlight.current) throw new BetError('busy');
      inFlight.current = true;
      setPending('bet');
      setInsufficientFunds(false);
      const fingerprint = JSON.stringify([body, useCrashRoundStore.getState().gameId]);
      const key =
        unsettled.current?.fingerprint === fingerprint ? unsettled.current.key : newIdempotencyKey();
      unsettled.current = { fingerprint, key };
      try {
        const reply = await placeCrashBet({ ...body, idempotency_key: key });
        unsettled.current = null;
        useCrashRoundStore.getState().setMine(reply.game_id, reply.bet);
        settled(reply.balance);
        return reply;
      } catch (error) {
        if (!outcomeUnknown(error)) unsettled.current = null;
        const short = hasInsufficientFunds(validationErrorsOf(error));
        if (short) setInsufficientFunds(true);
        notifyRequestError(error, translator);
        throw new BetError(short ? 'insufficient_funds' : 'rejected', error);
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [requireAccount, settled, translator],
  );

  const cashOut = useCallback(
    async (gameId: number) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPending('cashout');
      try {
        const reply = await cashOutCrash(gameId);
        useCrashRoundStore.getState().setMine(gameId, reply.bet);
        settled(reply.balance);
      } catch (error) {
        // A 404 says no bet of the player's is in the game (its answer has no code to translate).
        if (statusOf(error) === 404) notify({ kind: 'error', text: t('errors.noBet') });
        else notifyRequestError(error, translator);
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [settled, t, translator],
  );

  const dismissInsufficientFunds = useCallback(() => setInsufficientFunds(false), []);
  return { bet, cashOut, pending, insufficientFunds, dismissInsufficientFunds };
}
