'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { isAxiosError, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import type { Currency } from '@/lib/constants/currencies';
import type { RoomName } from '@/lib/constants/rooms';
import type { RoomRound, RoomStakeReply } from '@/lib/contracts/rooms';
import { useFormat } from '@/lib/i18n/use-format';
import { toMinorUnits } from '@/lib/money';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import type { ErrorTranslator } from '@/lib/validation-errors';
import { placeRoomStake } from '../api/place-room-stake';
import { amountProblem, amountValue, formatAmountInput } from '../shared/amount';
import { hasInsufficientFunds, newIdempotencyKey, useGameErrorTranslator } from '../shared/bet-request';
import { BetAmountInput } from '../shared/components/bet-amount-input';
import { DepositOffer } from '../shared/components/deposit-offer';

/** Error texts: the rooms' own (`rooms.errors.<key>`) first, then the games' and the common ones. */
function useRoomErrorTranslator(): ErrorTranslator {
  const games = useGameErrorTranslator();
  const own = useTranslations('rooms.errors');
  return useMemo(() => {
    const ownKey = (key: string) => key.replace(/^error\./, '');
    const hasOwn = (key: string) => key.startsWith('error.') && own.has(ownKey(key) as never);
    return {
      has: (key) => hasOwn(key) || games.has(key),
      t: (key) => (hasOwn(key) ? own(ownKey(key) as never) : games.t(key)),
    };
  }, [games, own]);
}

/** An answer that may not say whether the stake was taken: none, or a server failure. */
const outcomeUnknown = (error: unknown) => {
  if (!isAxiosError(error)) return false;
  const status = statusOf(error);
  return status === null || status >= 500;
};

/**
 * The stake form of a room: the amount (the room's minimum and maximum in the player's currency), the
 * balance, the Stake button; a guest gets Sign up and Log in instead. Each stake carries a fresh
 * idempotency key, reused only when the last attempt with the same amount got no answer (so one click
 * is never two stakes). Refusals are shown as one notification (spec section 5).
 */
export function StakeForm({
  room,
  currency,
  min,
  max,
  ownStakes,
  maxOwnStakes,
  onStaked,
}: {
  room: RoomName;
  currency: Currency;
  min: number;
  max: number;
  /** The player's stakes in the open round so far. */
  ownStakes: number;
  maxOwnStakes: number;
  onStaked: (round: RoomRound) => void;
}) {
  const t = useTranslations('rooms.form');
  const format = useFormat();
  const queryClient = useQueryClient();
  const translator = useRoomErrorTranslator();
  const open = useModalStore((state) => state.open);
  const session = useClientSession();
  const balance = useSessionStore((state) => state.user?.balance);
  const [typed, setTyped] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [short, setShort] = useState(false);
  const unsettled = useRef<{ amount: number; key: string } | null>(null);
  const text = typed ?? formatAmountInput(toMinorUnits(min));
  const amount = amountProblem(text, min, max) === null ? amountValue(text) : null;
  const full = ownStakes >= maxOwnStakes;

  if (session.ready && !session.isLoggedIn) {
    return (
      <div className="grid gap-3" data-testid="room-guest">
        <p className="text-sm text-muted">{t('guest')}</p>
        <button type="button" className={buttonClass.primary} onClick={() => open(MODAL.signup)}>
          {t('signUp')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => open(MODAL.login)}>
          {t('logIn')}
        </button>
      </div>
    );
  }

  async function submit() {
    if (amount === null || pending) return;
    setPending(true);
    setShort(false);
    const key = unsettled.current?.amount === amount ? unsettled.current.key : newIdempotencyKey();
    unsettled.current = { amount, key };
    try {
      const reply: RoomStakeReply = await placeRoomStake(room, { amount, idempotency_key: key });
      unsettled.current = null;
      invalidateBalances(queryClient, reply.balance);
      onStaked(reply.round);
    } catch (error) {
      if (!outcomeUnknown(error)) unsettled.current = null;
      if (hasInsufficientFunds(validationErrorsOf(error))) setShort(true);
      notifyRequestError(error, translator);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="room-stake-form"
    >
      <BetAmountInput
        value={text}
        onChange={setTyped}
        min={min}
        max={max}
        currency={currency}
        disabled={pending}
        label={t('amount')}
      />
      <p className="flex justify-between gap-2 text-sm text-muted">
        <span>{t('balance')}</span>
        <span className="font-semibold text-white tabular-nums" data-testid="room-balance">
          {balance === undefined ? '—' : format.money(balance, currency)}
        </span>
      </p>
      {short ? <DepositOffer onDismiss={() => setShort(false)} /> : null}
      <PendingButton
        type="submit"
        pending={pending}
        pendingLabel={t('staking')}
        disabled={amount === null || full || !session.ready}
        className={`${buttonClass.primary} min-h-12 w-full text-lg`}
        data-testid="room-stake-button"
      >
        {t('stake')}
      </PendingButton>
      <p className="text-xs text-muted" data-testid="room-own-stakes">
        {full ? t('full', { max: maxOwnStakes }) : t('ownStakes', { count: ownStakes, max: maxOwnStakes })}
      </p>
    </form>
  );
}
