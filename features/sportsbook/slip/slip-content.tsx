'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { CURRENCY_SYMBOLS, type Currency } from '@/lib/constants/currencies';
import {
  defaultSportsLimits,
  ODDS_ACCEPT_MODES,
  SYSTEM_MAX_LEGS,
  type OddsAcceptMode,
  type SportBetKind,
} from '@/lib/constants/sports';
import { useFormat } from '@/lib/i18n/use-format';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { userCurrency } from '@/lib/user-currency';
import { formatOdds, marketTitle, outcomeLabel } from '../labels';
import { sportsLimitsQueryOptions } from './api/get-limits';
import { kindAllowed, moveAccepted, oddsMove, quoteSlip, systemOptions } from './slip-math';
import { useSlipStore, type SlipSelection } from './slip-store';
import { usePlaceSlip } from './use-place-slip';

const KINDS: readonly SportBetKind[] = ['single', 'express', 'system'];

/** The stake limits of one bet in the player's currency: the server's, the defaults while they load. */
function useSlipLimits(currency: Currency) {
  const { data } = useQuery(sportsLimitsQueryOptions(currency));
  if (data && data.currency === currency) {
    return { minStake: data.min_stake, maxStake: data.max_stake, maxPayout: data.max_payout };
  }
  return defaultSportsLimits(currency);
}

/**
 * What the slip holds and places (issue 18): the selections with their odds (marked when they moved,
 * locked when suspended), the kind (single, express, system k/n), the stake in the player's currency
 * within the limits of `GET /sports/limits`, the total odds and the potential payout computed live, the
 * accept-odds choice and Place bet. Rendered only after hydration (the slip lives in localStorage).
 */
export function SlipContent({ isLoggedIn }: { isLoggedIn: boolean }) {
  const t = useTranslations('sportsSlip');
  const format = useFormat();
  const ids = { stake: useId(), accept: useId(), system: useId() };
  const selections = useSlipStore((state) => state.selections);
  const chosenKind = useSlipStore((state) => state.kind);
  const systemK = useSlipStore((state) => state.systemK);
  const accept = useSlipStore((state) => state.accept);
  const stake = useSlipStore((state) => state.stake);
  const currency = userCurrency(useSessionStore((state) => state.user));
  const limits = useSlipLimits(currency);
  const placing = usePlaceSlip();

  if (selections.length === 0) {
    return (
      <div
        className="rounded-xl border border-dashed border-line px-4 py-8 text-center"
        data-testid="slip-empty"
      >
        <p className="font-semibold">{t('empty')}</p>
        <p className="mt-1 text-sm text-muted">{t('emptyHint')}</p>
      </div>
    );
  }

  const count = selections.length;
  const quote = quoteSlip(selections, chosenKind, systemK, stake);
  const money = (amount: number) => format.money(amount, currency);
  const stakeProblem =
    stake.trim() === ''
      ? null
      : quote.stake === null
        ? t('stakeInvalid')
        : quote.stake < limits.minStake
          ? t('belowMin', { min: money(limits.minStake) })
          : quote.stake > limits.maxStake
            ? t('aboveMax', { max: money(limits.maxStake) })
            : quote.largestPayout > limits.maxPayout
              ? t('payoutAboveMax', { max: money(limits.maxPayout) })
              : null;
  const stakeMessage = stakeProblem ?? placing.stakeError;
  const suspended = selections.some((s) => s.suspended);
  const unaccepted = selections.some((s) => !moveAccepted(s, accept));
  const canPlace = quote.stake !== null && stakeProblem === null && !suspended && !unaccepted;
  const store = useSlipStore.getState();
  const edit = (apply: () => void) => {
    placing.resetErrors();
    apply();
  };

  return (
    <div className="space-y-4" data-testid="slip-content">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-muted">{t('selections')}</h3>
        <button
          type="button"
          className="text-sm text-muted underline-offset-2 hover:text-white hover:underline"
          onClick={() => edit(() => store.clear())}
          data-testid="slip-clear"
        >
          {t('clear')}
        </button>
      </div>
      <ul className="space-y-2" aria-label={t('selections')}>
        {selections.map((selection) => (
          <SelectionRow
            key={selection.outcome_id}
            selection={selection}
            onRemove={() => edit(() => store.remove(selection.outcome_id))}
          />
        ))}
      </ul>

      <div
        role="tablist"
        aria-label={t('kinds')}
        className="grid grid-cols-3 gap-1 rounded-xl bg-panel-2 p-1"
      >
        {KINDS.map((kind) => {
          const allowed = kindAllowed(kind, count);
          return (
            <button
              key={kind}
              type="button"
              role="tab"
              aria-selected={quote.kind === kind}
              disabled={!allowed}
              title={
                allowed
                  ? undefined
                  : kind === 'express'
                    ? t('expressNeeds')
                    : kind === 'system'
                      ? t('systemNeeds', { max: SYSTEM_MAX_LEGS })
                      : undefined
              }
              onClick={() => edit(() => store.setKind(kind))}
              className={`min-h-9 min-w-0 truncate rounded-lg px-2 text-sm font-semibold disabled:opacity-40 ${quote.kind === kind ? 'bg-gold text-ink' : 'text-muted hover:text-white'}`}
              data-testid={`slip-kind-${kind}`}
            >
              {t(`kind.${kind}`)}
            </button>
          );
        })}
      </div>
      {quote.kind !== 'system' ? null : (
        <div>
          <label htmlFor={ids.system} className="mb-1 block text-sm font-medium">
            {t('systemSize')}
          </label>
          <select
            id={ids.system}
            className="field w-full"
            value={quote.systemK ?? 2}
            onChange={(event) => edit(() => store.setSystemK(Number(event.target.value)))}
            data-testid="slip-system-k"
          >
            {systemOptions(count).map((option) => (
              <option key={option.k} value={option.k}>
                {t('systemOption', { k: option.k, n: count, count: option.combinations })}
              </option>
            ))}
          </select>
        </div>
      )}

      <div>
        <label htmlFor={ids.stake} className="mb-1 block text-sm font-medium">
          {quote.kind === 'single' && count > 1 ? t('stakeEach') : t('stake')}
        </label>
        <div className="flex items-center rounded-xl border border-line bg-panel-2 focus-within:border-gold">
          <input
            id={ids.stake}
            inputMode="decimal"
            autoComplete="off"
            className="min-h-11 w-full min-w-0 flex-1 rounded-xl bg-transparent px-3 tabular-nums outline-none"
            value={stake}
            onChange={(event) => edit(() => store.setStake(event.target.value))}
            aria-invalid={stakeMessage ? true : undefined}
            aria-describedby={`${ids.stake}-hint${stakeMessage ? ` ${ids.stake}-error` : ''}`}
            data-testid="slip-stake"
          />
          <span className="px-3 text-muted" aria-hidden="true">
            {CURRENCY_SYMBOLS[currency]}
          </span>
        </div>
        <p id={`${ids.stake}-hint`} className="mt-1 text-xs text-muted">
          {t('stakeRange', { min: money(limits.minStake), max: money(limits.maxStake) })}
        </p>
        {stakeMessage ? (
          <p
            id={`${ids.stake}-error`}
            className="mt-1 text-sm text-danger"
            role="alert"
            data-testid="slip-stake-error"
          >
            {stakeMessage}
            {placing.insufficientFunds ? (
              <button
                type="button"
                className="ml-2 font-semibold text-gold underline"
                onClick={() => useModalStore.getState().open(MODAL.PayIn)}
              >
                {t('deposit')}
              </button>
            ) : null}
          </p>
        ) : null}
        {quote.kind === 'single' && count > 1 ? (
          <p className="mt-1 text-sm text-muted" data-testid="slip-singles-note">
            {t('singlesNote', { count, total: money(quote.totalStake) })}
          </p>
        ) : null}
        {quote.kind === 'system' && quote.combinations !== null && quote.stake !== null ? (
          <p className="mt-1 text-sm text-muted" data-testid="slip-system-note">
            {t('systemNote', {
              count: quote.combinations,
              each: money(Math.floor((quote.stake * 100) / quote.combinations) / 100),
            })}
          </p>
        ) : null}
      </div>

      <dl className="space-y-1 text-sm">
        {quote.totalOdds !== null ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('totalOdds')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="slip-total-odds">
              {formatOdds(quote.totalOdds)}
            </dd>
          </div>
        ) : null}
        {quote.combinations !== null ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('combinations')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="slip-combinations">
              {format.number(quote.combinations)}
            </dd>
          </div>
        ) : null}
        {quote.bets > 1 ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">{t('totalStake')}</dt>
            <dd className="font-semibold tabular-nums">{money(quote.totalStake)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-3 text-base">
          <dt>{t('potentialPayout')}</dt>
          <dd className="font-bold tabular-nums text-gold" data-testid="slip-payout" aria-live="polite">
            {money(quote.potentialPayout)}
          </dd>
        </div>
      </dl>

      <div>
        <label htmlFor={ids.accept} className="mb-1 block text-sm font-medium">
          {t('accept.label')}
        </label>
        <select
          id={ids.accept}
          className="field w-full"
          value={accept}
          onChange={(event) => edit(() => store.setAccept(event.target.value as OddsAcceptMode))}
          data-testid="slip-accept"
        >
          {ODDS_ACCEPT_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`accept.${mode}`)}
            </option>
          ))}
        </select>
      </div>

      {unaccepted ? (
        <div
          className="rounded-xl border border-gold/60 bg-gold/10 p-3"
          role="status"
          data-testid="slip-odds-changed"
        >
          <p className="font-semibold">{t('oddsChanged')}</p>
          <p className="mt-1 text-sm text-muted">{t('oddsChangedHint')}</p>
        </div>
      ) : null}
      {suspended ? (
        <p className="text-sm text-danger" role="status" data-testid="slip-suspended-note">
          {t('someSuspended')}
        </p>
      ) : null}
      {placing.slipError ? (
        <p className="text-sm text-danger" role="alert" data-testid="slip-error">
          {placing.slipError}
        </p>
      ) : null}

      {!isLoggedIn ? (
        <button
          type="button"
          className={`${buttonClass.primary} w-full`}
          onClick={() => useModalStore.getState().open(MODAL.login)}
          data-testid="slip-sign-in"
        >
          {t('signIn')}
        </button>
      ) : unaccepted ? (
        <button
          type="button"
          className={`${buttonClass.primary} w-full`}
          onClick={() => edit(() => store.confirmOdds())}
          data-testid="slip-accept-odds"
        >
          {t('acceptOdds')}
        </button>
      ) : (
        <PendingButton
          type="button"
          className={`${buttonClass.primary} w-full`}
          pending={placing.pending}
          pendingLabel={t('placing')}
          disabled={!canPlace}
          onClick={() => void placing.place()}
          data-testid="slip-place"
        >
          {quote.bets > 1 ? t('placeMany', { count: quote.bets }) : t('place')}
        </PendingButton>
      )}
    </div>
  );
}

/** One selection: the event, the market, the outcome, its odds with the move mark or the lock, remove. */
function SelectionRow({ selection, onRemove }: { selection: SlipSelection; onRemove: () => void }) {
  const t = useTranslations('sportsSlip');
  const ts = useTranslations('sports');
  const market = { key: selection.market_key, period: selection.period, line: selection.line };
  const outcome = outcomeLabel(ts, market, selection.code, selection);
  const move = oddsMove(selection);
  return (
    <li
      className={`rounded-xl border bg-panel-2 p-3 ${selection.suspended ? 'border-danger/60' : 'border-line'}`}
      data-testid="slip-selection"
      data-outcome={selection.outcome_id}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs text-muted">
            {t('event', { home: selection.home, away: selection.away })}
          </p>
          <p className="text-xs text-muted">{marketTitle(ts, market, selection.sport)}</p>
          <p className="break-words font-semibold">{outcome}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="flex items-center gap-1 font-bold tabular-nums" data-testid="slip-odds">
            {selection.suspended ? (
              <>
                <LockIcon />
                <span className="sr-only" data-testid="slip-locked">
                  {t('suspended')}
                </span>
              </>
            ) : move ? (
              <span
                className={move === 'up' ? 'text-ok' : 'text-danger'}
                data-testid="slip-move"
                data-move={move}
                title={t(move === 'up' ? 'oddsUp' : 'oddsDown', { from: formatOdds(selection.addedOdds) })}
              >
                <span aria-hidden="true">{move === 'up' ? '▲' : '▼'}</span>
                <span className="sr-only">
                  {t(move === 'up' ? 'oddsUp' : 'oddsDown', { from: formatOdds(selection.addedOdds) })}
                </span>
              </span>
            ) : null}
            <span className={selection.suspended ? 'text-muted line-through' : ''}>
              {formatOdds(selection.odds)}
            </span>
          </span>
          <button
            type="button"
            className="-mr-1 rounded-lg px-2 text-xl leading-none text-muted hover:text-white"
            aria-label={t('remove', { outcome })}
            onClick={onRemove}
            data-testid="slip-remove"
          >
            ×
          </button>
        </div>
      </div>
    </li>
  );
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 fill-current text-muted">
      <path d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z" />
    </svg>
  );
}
