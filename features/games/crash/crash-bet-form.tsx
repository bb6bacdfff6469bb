'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';
import { toMinorUnits } from '@/lib/money';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useGameCurrency } from '../api/get-game-limits';
import { amountProblem, amountValue, formatAmountInput } from '../shared/amount';
import { BetAmountInput } from '../shared/components/bet-amount-input';
import { DepositOffer } from '../shared/components/deposit-offer';
import { autoCashoutProblem, autoCashoutValue, formatAutoCashout } from './auto-cashout';
import { CRASH_AUTO_CASHOUT_MAX, CRASH_AUTO_CASHOUT_MIN } from './constants';
import { floorMultiplier } from './crash-curve-math';
import { canCashOut } from './crash-round';
import { useCrashRoundStore } from './crash-round-store';
import { useCrashActions } from './use-crash-actions';

/** Why no bet can be placed now, or null when it can (the form's fields aside). */
export type BetClosedReason = 'connecting' | 'reconnecting' | 'idle' | 'running' | 'closing' | 'placed';

/** True from `deadline` (local ms) on; re-renders once when it passes. */
function usePassed(deadline: number | null): boolean {
  const [passedAt, setPassedAt] = useState<number | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(() => setPassedAt(deadline), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline !== null && passedAt === deadline;
}

/**
 * The crash bet form: the amount within crash's limits in the player's currency (spec section 9), with ½,
 * ×2, min and max as in the other games, an optional auto cash-out from 1.01×, and Bet, open only in the
 * betting window (otherwise disabled, saying why). While the game runs and the player's bet is in it,
 * Cash out shows what it would pay now. Guests are asked to sign up or log in instead.
 */
export function CrashBetForm() {
  const { isLoggedIn } = useClientSession();
  return isLoggedIn ? <PlayerForm /> : <GuestCall />;
}

function GuestCall() {
  const t = useTranslations('games.crash.guest');
  const open = useModalStore((state) => state.open);
  return (
    <div className="grid gap-3" data-testid="crash-guest">
      <p className="text-sm text-muted">{t('text')}</p>
      <button
        type="button"
        className={`${buttonClass.primary} min-h-12 w-full`}
        aria-haspopup="dialog"
        onClick={() => open(MODAL.signup)}
      >
        {t('signUp')}
      </button>
      <button
        type="button"
        className={`${buttonClass.secondary} w-full`}
        aria-haspopup="dialog"
        onClick={() => open(MODAL.login)}
      >
        {t('logIn')}
      </button>
    </div>
  );
}

function PlayerForm() {
  const t = useTranslations('games.crash.form');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const currency = useGameCurrency();
  const limits = getBetLimits(currency, 'crash');
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const amountText = typedAmount ?? formatAmountInput(toMinorUnits(limits.min));
  const [autoText, setAutoText] = useState('');
  const autoId = useId();
  const reasonId = useId();
  const round = useCrashRoundStore(
    useShallow((state) => ({
      connection: state.connection,
      phase: state.phase,
      gameId: state.gameId,
      bettingEndsAt: state.bettingEndsAt,
      mine: state.mine,
      cashOutOpen: canCashOut(state),
    })),
  );
  const actions = useCrashActions();
  const closing = usePassed(round.phase === 'betting' ? round.bettingEndsAt : null);

  const amountOk = amountProblem(amountText, limits.min, limits.max) === null;
  const autoProblem = autoCashoutProblem(autoText);
  const mineHere = round.mine !== null && round.mine.gameId === round.gameId;
  const reason: BetClosedReason | null =
    round.connection !== 'live'
      ? round.connection
      : round.phase === 'idle'
        ? 'idle'
        : round.phase !== 'betting'
          ? 'running'
          : closing
            ? 'closing'
            : mineHere
              ? 'placed'
              : null;

  const autoError =
    autoProblem === 'invalid'
      ? t('autoErrors.invalid')
      : autoProblem === 'too_small'
        ? t('autoErrors.tooSmall', { min: format.multiplier(CRASH_AUTO_CASHOUT_MIN) })
        : autoProblem === 'too_big'
          ? t('autoErrors.tooBig', { max: format.multiplier(CRASH_AUTO_CASHOUT_MAX) })
          : null;

  const placeBet = () => {
    const amount = amountValue(amountText);
    if (amount === null || !amountOk || autoProblem !== null || reason !== null) return;
    void actions.bet({ amount, auto_cashout: autoCashoutValue(autoText) }).catch(() => {});
  };

  const locked = actions.pending === 'bet' || (mineHere && round.phase === 'betting');
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        placeBet();
      }}
      data-testid="crash-form"
    >
      <BetAmountInput
        value={amountText}
        onChange={setTypedAmount}
        min={limits.min}
        max={limits.max}
        currency={currency}
        disabled={locked}
      />
      <div>
        <label htmlFor={autoId} className="mb-1 block text-sm font-medium">
          {t('autoCashout')}
        </label>
        <div className="flex items-center rounded-xl border border-line bg-panel-2 focus-within:border-gold">
          <input
            id={autoId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('autoOff')}
            className="min-h-11 w-full min-w-0 flex-1 rounded-xl bg-transparent px-3 tabular-nums outline-none placeholder:text-muted"
            value={autoText}
            disabled={locked}
            aria-invalid={autoError ? true : undefined}
            aria-describedby={`${autoId}-hint${autoError ? ` ${autoId}-error` : ''}`}
            onChange={(event) => setAutoText(event.target.value)}
            onBlur={() => setAutoText(formatAutoCashout(autoText))}
            data-testid="crash-auto-cashout"
          />
          <span className="px-3 text-muted" aria-hidden="true">
            ×
          </span>
        </div>
        <p id={`${autoId}-hint`} className="mt-1 text-xs text-muted">
          {t('autoHint', { min: format.multiplier(CRASH_AUTO_CASHOUT_MIN) })}
        </p>
        {autoError ? (
          <p id={`${autoId}-error`} className="mt-1 text-sm text-danger" data-testid="crash-auto-error">
            {autoError}
          </p>
        ) : null}
      </div>
      {actions.insufficientFunds ? <DepositOffer onDismiss={actions.dismissInsufficientFunds} /> : null}
      {round.cashOutOpen && round.mine ? (
        <PendingButton
          type="button"
          pending={actions.pending === 'cashout'}
          pendingLabel={t('cashingOut')}
          onClick={() => void actions.cashOut(round.mine!.gameId)}
          className={`${buttonClass.primary} min-h-12 w-full text-lg`}
          data-testid="crash-cashout"
        >
          <CashOutLabel amount={round.mine.amount} currency={round.mine.currency} />
        </PendingButton>
      ) : (
        <div>
          <PendingButton
            type="submit"
            pending={actions.pending === 'bet'}
            pendingLabel={shared('betting')}
            disabled={reason !== null || !amountOk || autoProblem !== null}
            aria-describedby={reason ? reasonId : undefined}
            className={`${buttonClass.primary} min-h-12 w-full text-lg`}
            data-testid="bet-button"
          >
            {t('bet')}
          </PendingButton>
          {reason ? (
            <p id={reasonId} className="mt-2 text-sm text-muted" data-testid="crash-bet-closed">
              {t(`closed.${reason}`)}
            </p>
          ) : null}
        </div>
      )}
      <MyBetStatus />
    </form>
  );
}

/** "Cash out ₽15.20 (1.52×)": what the bet would pay at the multiplier the server last sent. */
function CashOutLabel({ amount, currency }: { amount: number; currency: string }) {
  const t = useTranslations('games.crash.form');
  const format = useFormat();
  const multiplier = useCrashRoundStore((state) => state.multiplier ?? 1);
  const payout = Math.floor(amount * floorMultiplier(multiplier) * 100 + 1e-6) / 100;
  const shown: Currency = isCurrency(currency) ? currency : 'RUB';
  return (
    <>{t('cashOut', { amount: format.money(payout, shown), multiplier: format.multiplier(multiplier) })}</>
  );
}

/** The player's bet in the current game: placed, cashed out (with its payout) or lost; said politely. */
function MyBetStatus() {
  const t = useTranslations('games.crash.form');
  const format = useFormat();
  const mine = useCrashRoundStore((state) =>
    state.mine && state.mine.gameId === state.gameId ? state.mine : null,
  );
  const crashPoint = useCrashRoundStore((state) => state.crashPoint);
  let text = '';
  if (mine) {
    const currency: Currency = isCurrency(mine.currency) ? mine.currency : 'RUB';
    const amount = format.money(mine.amount, currency);
    if (mine.cashedOutAt !== null && mine.payout !== null)
      text = t('cashedOut', {
        multiplier: format.multiplier(mine.cashedOutAt),
        payout: format.money(mine.payout, currency),
      });
    else if (mine.lost && crashPoint !== null)
      text = t('lost', { multiplier: format.multiplier(crashPoint), amount });
    else if (mine.autoCashout !== null)
      text = t('yourBetAuto', { amount, multiplier: format.multiplier(mine.autoCashout) });
    else text = t('yourBet', { amount });
  }
  const tone = mine?.cashedOutAt != null ? 'text-ok' : mine?.lost ? 'text-danger' : 'text-muted';
  return (
    <p className={`min-h-5 text-sm ${tone}`} role="status" aria-live="polite" data-testid="crash-my-status">
      {text}
    </p>
  );
}
