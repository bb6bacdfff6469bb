'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { amountProblem } from '../amount';
import type { RoundControlsState, RoundGame } from '../use-round-game';
import { BetAmountInput } from './bet-amount-input';
import { DepositOffer } from './deposit-offer';

/**
 * The controls of a round game (hilo, miner): the bet amount (locked during a round), the game's own
 * controls (`children`), then the cash-out button during a round or the start button, and the deposit
 * offer after a bet refused for lack of money.
 */
export function RoundControls({
  game,
  state,
  onStart,
  onCashOut,
  cashOutLabel,
  cashOutDisabled,
  children,
}: {
  game: RoundGame;
  state: RoundControlsState;
  onStart: () => void;
  onCashOut: () => void;
  /** The cash-out button's text: the payout, or why it is not possible yet. */
  cashOutLabel: string;
  cashOutDisabled: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations(`games.${game}`);
  const shared = useTranslations('games.shared');
  const { amountText, setAmount, limits, open, busy, isLoggedIn } = state;
  return (
    <div className="space-y-4">
      <BetAmountInput
        value={amountText}
        onChange={setAmount}
        min={limits.min}
        max={limits.max}
        currency={limits.currency}
        disabled={Boolean(open) || busy}
      />
      {children}
      {open ? (
        <PendingButton
          type="button"
          pending={busy}
          pendingLabel={t('working')}
          onClick={onCashOut}
          disabled={cashOutDisabled}
          className={`${buttonClass.primary} w-full`}
          data-testid={`${game}-cashout`}
        >
          {cashOutLabel}
        </PendingButton>
      ) : (
        <PendingButton
          type="button"
          pending={busy}
          pendingLabel={shared('betting')}
          onClick={onStart}
          disabled={amountProblem(amountText, limits.min, limits.max) !== null}
          className={`${buttonClass.primary} w-full`}
          data-testid={`${game}-start`}
        >
          {isLoggedIn ? t('start') : shared('signUpToPlay')}
        </PendingButton>
      )}
      {state.insufficientFunds ? <DepositOffer onDismiss={state.dismissInsufficientFunds} /> : null}
    </div>
  );
}
