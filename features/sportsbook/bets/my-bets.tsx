'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PendingButton } from '@/components/ui/pending-button';
import { validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { notify } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { formatOdds, marketTitle, outcomeLabel } from '../labels';
import { cashOutBet } from './api/cash-out';
import { sportBetsQueryOptions } from './api/get-bets';
import { sportsBetKeys, type SportBetListStatus } from './api/query-keys';
import type { SportBet, SportBetLeg } from './api/replies';

const TABS: readonly SportBetListStatus[] = ['open', 'settled'];

const STATUS_CLASS: Record<SportBet['status'], string> = {
  open: 'bg-panel-2 text-muted',
  won: 'bg-ok/15 text-ok',
  lost: 'bg-danger/15 text-danger',
  void: 'bg-panel-2 text-white',
  cashed_out: 'bg-gold/15 text-gold',
};

/**
 * The player's sports bets (issue 18): open and settled tabs, each bet with its kind, legs (with each
 * leg's result), stake, odds, potential payout, status and payout, and for an open bet with a cash-out
 * value a "Cash out" button with a confirm step. Open bets are read again every 10 s while visible.
 * Shown in the slip panel of /betting and on /profile/history (`heading`: with its own title there).
 */
export function MyBets({ heading = false }: { heading?: boolean }) {
  const t = useTranslations('sportsSlip.myBets');
  const { ready, isLoggedIn } = useClientSession();
  const [tab, setTab] = useState<SportBetListStatus>('open');

  return (
    <section className="min-w-0" aria-label={heading ? undefined : t('title')} data-testid="my-bets">
      {heading ? <h2 className="mb-3 text-xl font-bold">{t('title')}</h2> : null}
      {!ready ? (
        <Loading />
      ) : !isLoggedIn ? (
        <EmptyState title={t('signIn')}>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => useModalStore.getState().open(MODAL.login)}
            data-testid="my-bets-sign-in"
          >
            {t('signIn')}
          </button>
        </EmptyState>
      ) : (
        <>
          <div role="tablist" aria-label={t('tabs')} className="mb-3 flex gap-2">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`min-h-9 rounded-lg px-3 text-sm font-semibold ${tab === name ? 'bg-gold text-ink' : 'bg-panel-2 text-muted hover:text-white'}`}
                data-testid={`my-bets-tab-${name}`}
              >
                {t(name)}
              </button>
            ))}
          </div>
          <BetList key={tab} status={tab} />
        </>
      )}
    </section>
  );
}

function Loading() {
  const t = useTranslations('sportsSlip.myBets');
  return (
    <div className="space-y-2" aria-busy="true" data-testid="my-bets-loading">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1].map((i) => (
        <div key={i} className="h-24 animate-pulse rounded-xl bg-panel-2" />
      ))}
    </div>
  );
}

function BetList({ status }: { status: SportBetListStatus }) {
  const t = useTranslations('sportsSlip.myBets');
  const bets = useQuery(sportBetsQueryOptions(status));
  if (bets.isPending) return <Loading />;
  if (bets.isError) {
    return (
      <div data-testid="my-bets-error">
        <EmptyState title={t('error')}>
          <button type="button" className={buttonClass.secondary} onClick={() => void bets.refetch()}>
            {t('retry')}
          </button>
        </EmptyState>
      </div>
    );
  }
  if (bets.data.length === 0) {
    return (
      <div data-testid="my-bets-empty">
        <EmptyState
          title={status === 'open' ? t('emptyOpen') : t('emptySettled')}
          hint={status === 'open' ? t('emptyOpenHint') : t('emptySettledHint')}
        />
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label={t('list')}>
      {bets.data.map((bet) => (
        <BetCard key={bet.id} bet={bet} />
      ))}
    </ul>
  );
}

function BetCard({ bet }: { bet: SportBet }) {
  const t = useTranslations('sportsSlip.myBets');
  const format = useFormat();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const money = (amount: number) => format.money(amount, bet.currency);
  const kind =
    bet.kind === 'system'
      ? t('kind.system', { k: bet.system_k ?? 2, n: bet.legs.length })
      : t(`kind.${bet.kind}`);
  return (
    <li className="rounded-xl border border-line bg-panel p-3" data-testid="sport-bet" data-bet={bet.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" data-testid="sport-bet-kind">
          {kind} <span className="text-sm font-normal text-muted">{t('bet', { id: bet.id })}</span>
        </p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[bet.status]}`}
          data-testid="sport-bet-status"
        >
          {t(`status.${bet.status}`)}
        </span>
      </div>
      <time className="block text-xs text-muted" dateTime={bet.created_at}>
        {format.dateTime(bet.created_at, timeZone)}
      </time>
      <ul className="mt-2 space-y-2" aria-label={t('legs')}>
        {bet.legs.map((leg) => (
          <Leg key={leg.outcome_id} leg={leg} />
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('stake')}</dt>
        <dd className="text-right tabular-nums" data-testid="sport-bet-stake">
          {money(bet.stake)}
        </dd>
        {bet.odds !== null ? (
          <>
            <dt className="text-muted">{t('odds')}</dt>
            <dd className="text-right tabular-nums" data-testid="sport-bet-odds">
              {formatOdds(bet.odds)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('potentialPayout')}</dt>
        <dd className="text-right tabular-nums" data-testid="sport-bet-potential">
          {money(bet.potential_payout)}
        </dd>
        {bet.payout !== null ? (
          <>
            <dt className="text-muted">{t('payout')}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="sport-bet-payout">
              {money(bet.payout)}
            </dd>
          </>
        ) : null}
      </dl>
      {bet.status === 'open' && bet.cashout !== null ? <CashOut bet={bet} value={bet.cashout} /> : null}
    </li>
  );
}

function Leg({ leg }: { leg: SportBetLeg }) {
  const t = useTranslations('sportsSlip.myBets');
  const ts = useTranslations('sports');
  const market = { key: leg.market_key, period: leg.period, line: leg.line };
  const result = leg.result ?? 'pending';
  const badge =
    result === 'won'
      ? 'text-ok'
      : result === 'lost'
        ? 'text-danger'
        : result === 'void'
          ? 'text-white'
          : 'text-muted';
  return (
    <li className="flex items-start gap-2 text-sm" data-testid="sport-bet-leg">
      <div className="min-w-0 flex-1">
        <p className="truncate text-xs text-muted">
          {leg.home} – {leg.away}
        </p>
        <p className="break-words">
          <span className="text-muted">{marketTitle(ts, market, leg.sport)}:</span>{' '}
          <span className="font-semibold">{outcomeLabel(ts, market, leg.code, leg)}</span>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className="font-semibold tabular-nums">{formatOdds(leg.odds)}</p>
        <p className={`text-xs ${badge}`} data-testid="sport-bet-leg-result">
          {t(`result.${result}`)}
        </p>
      </div>
    </li>
  );
}

/** The last number of an error entry (`"95.50"`, `"changed: 95.50"`), or null. */
function numberIn(entries: readonly string[] | string | null | undefined): number | null {
  const list = entries == null ? [] : typeof entries === 'string' ? [entries] : entries;
  for (const entry of list) {
    const match = /(\d+(?:\.\d+)?)\s*$/.exec(entry);
    if (match) return Number(match[1]);
  }
  return null;
}

const keysOf = (entries: readonly string[] | string | null | undefined): string[] =>
  (entries == null ? [] : typeof entries === 'string' ? [entries] : [...entries]).map((entry) =>
    entry.split(':')[0].trim(),
  );

/**
 * Cash-out of an open bet: the button names the value now; a confirm step posts exactly the value shown
 * (`{ amount }`). The server refuses a value that fell (`changed`: the new value is shown and asked
 * again), a suspended market and a bet with no cash-out any more.
 */
function CashOut({ bet, value }: { bet: SportBet; value: number }) {
  const t = useTranslations('sportsSlip.myBets');
  const format = useFormat();
  const translator = useErrorTranslator();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [note, setNote] = useState<{ text: string; kind: 'changed' | 'refused' } | null>(null);
  const money = (amount: number) => format.money(amount, bet.currency);
  const cashOut = useMutation({
    mutationFn: (amount: number) => cashOutBet(bet.id, { amount }),
    onSuccess: (reply) => {
      setConfirming(null);
      setNote(null);
      notify({
        kind: 'success',
        text: t('cashedOut', { amount: money(reply.bet.payout ?? confirming ?? value) }),
      });
      invalidateBalances(queryClient, reply.balance);
      void queryClient.invalidateQueries({ queryKey: sportsBetKeys.all });
    },
    onError: (error) => {
      const errors = validationErrorsOf(error);
      const keys = keysOf(errors?.amount);
      if (keys.includes('changed')) {
        const now = numberIn(errors?.value);
        if (now !== null && now > 0) {
          setConfirming(now);
          setNote({ kind: 'changed', text: t('cashoutChanged', { amount: money(now) }) });
          return;
        }
      }
      setConfirming(null);
      if (keys.includes('suspended')) {
        setNote({ kind: 'refused', text: t('cashoutSuspended') });
      } else if (keys.includes('unavailable') || keys.includes('changed')) {
        setNote({ kind: 'refused', text: t('cashoutUnavailable') });
        void queryClient.invalidateQueries({ queryKey: sportsBetKeys.all });
      } else {
        notifyRequestError(error, translator);
      }
    },
  });

  if (confirming === null) {
    return (
      <div className="mt-3 space-y-2">
        {note ? (
          <p className="text-sm text-danger" role="alert" data-testid="cashout-note">
            {note.text}
          </p>
        ) : null}
        <button
          type="button"
          className={`${buttonClass.secondary} w-full`}
          onClick={() => {
            setNote(null);
            setConfirming(value);
          }}
          data-testid="cashout"
        >
          {t('cashout', { amount: money(value) })}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-3 space-y-2 rounded-xl border border-gold/60 p-3" data-testid="cashout-confirm">
      <p className="text-sm" role={note ? 'alert' : undefined} data-testid="cashout-question">
        {note?.kind === 'changed' ? note.text : t('cashoutConfirm', { amount: money(confirming) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <PendingButton
          type="button"
          className={`${buttonClass.primary} flex-1`}
          pending={cashOut.isPending}
          pendingLabel={t('cashingOut')}
          onClick={() => cashOut.mutate(confirming)}
          data-testid="cashout-confirm-button"
        >
          {t('cashoutConfirmButton')}
        </PendingButton>
        <button
          type="button"
          className={`${buttonClass.secondary} flex-1`}
          disabled={cashOut.isPending}
          onClick={() => {
            setConfirming(null);
            setNote(null);
          }}
        >
          {t('cashoutCancel')}
        </button>
      </div>
    </div>
  );
}
