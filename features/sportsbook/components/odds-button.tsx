'use client';

import { useTranslations } from 'next-intl';
import type { SportEvent, SportMarket, SportOutcome } from '../api/replies';
import { formatOdds } from '../labels';
import { useSlipStore } from '../slip/slip-store';
import { useOddsMove, usePicked } from './client-state';

/** Whether an outcome can be picked now: its market open and its event not over. */
export const isBettable = (event: Pick<SportEvent, 'status'>, market: Pick<SportMarket, 'status'>) =>
  market.status === 'open' && (event.status === 'prematch' || event.status === 'live');

/**
 * One outcome's odds: pressing it puts the outcome in the slip or takes it out (`aria-pressed` says which);
 * a suspended market shows a lock and cannot be pressed; moved odds flash up (green) or down (red).
 * `caption` names the outcome for the eye (`1`, `Over 2.5`), and `label`, when it says more (`Arsenal`),
 * follows it for the ear: the button's name is `1 Arsenal 2.10`, or `1 Arsenal betting suspended`.
 */
export function OddsButton({
  event,
  market,
  outcome,
  label,
  caption,
}: {
  event: SportEvent;
  market: SportMarket;
  outcome: SportOutcome;
  label: string;
  caption: string;
}) {
  const t = useTranslations('sports.odds');
  const picked = usePicked(outcome.id);
  const move = useOddsMove(outcome.odds);
  const open = isBettable(event, market);
  const odds = formatOdds(outcome.odds);
  const look = picked
    ? 'border-gold bg-gold text-ink'
    : open
      ? 'border-line bg-panel-2 hover:border-gold'
      : 'border-line bg-panel-2 opacity-60';
  const tone = picked ? '' : move === 'up' ? 'text-ok' : move === 'down' ? 'text-danger' : '';
  return (
    <button
      type="button"
      aria-pressed={picked}
      disabled={!open}
      onClick={() =>
        useSlipStore.getState().toggle({
          outcome_id: outcome.id,
          event_id: event.id,
          sport: event.sport,
          league: event.league.name,
          home: event.home,
          away: event.away,
          starts_at: event.starts_at,
          market_id: market.id,
          market_key: market.key,
          period: market.period,
          line: market.line,
          code: outcome.code,
          odds: outcome.odds,
        })
      }
      className={`relative flex min-h-11 min-w-0 items-center justify-between gap-2 rounded-lg border px-2.5 text-sm transition ${look}`}
      data-testid="odds-button"
      data-outcome={outcome.id}
      data-move={move ?? undefined}
    >
      {/* The name a screen reader hears starts with what the eye sees (`1`, then `Arsenal`, then the odds),
          so that speech input can say what is written (WCAG 2.5.3). */}
      <span className={`truncate ${picked ? 'text-ink/80' : 'text-muted'}`}>
        {caption}
        {label !== caption ? (
          <>
            {' '}
            <span className="sr-only">{label}</span>
          </>
        ) : null}
      </span>{' '}
      {open ? (
        <span className={`font-semibold tabular-nums ${tone}`}>
          {move ? <span aria-hidden="true">{move === 'up' ? '▲' : '▼'}</span> : null}
          {odds}
        </span>
      ) : (
        <>
          <LockIcon />
          <span className="sr-only">{t('locked')}</span>
        </>
      )}
    </button>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="shrink-0 fill-current">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 0 0-4 0v2Z" />
    </svg>
  );
}
