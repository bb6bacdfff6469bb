'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { CasinoTable as LiveTable } from '../api/replies';

const PHASES = ['betting', 'drawing', 'result'] as const;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** A result's chip colour: a roulette pocket's colour, or baccarat's side. */
function tone(result: string): string {
  if (result === 'banker') return 'bg-red-700 text-white';
  if (result === 'player') return 'bg-sky-700 text-white';
  if (result === 'tie') return 'bg-ok text-ink';
  const pocket = Number(result);
  if (!Number.isInteger(pocket)) return 'bg-panel-2';
  if (pocket === 0) return 'bg-ok text-ink';
  return RED.has(pocket) ? 'bg-red-700 text-white' : 'bg-black text-white';
}

/** Seconds until `endsAt`, brought up to date every second. */
function useSecondsLeft(endsAt: string | null): number {
  const end = endsAt === null ? Number.NaN : Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0;
}

/** A live table as the provider tells it: the round's phase and time left, the players, the last results. */
export function LiveTableState({ table }: { table: LiveTable }) {
  const t = useTranslations('casino.live');
  const seconds = useSecondsLeft(table.ends_at);
  const phase = PHASES.includes(table.phase as (typeof PHASES)[number]) ? table.phase : null;
  return (
    <div className="space-y-1 text-xs" data-testid="live-table-state">
      <p className="flex flex-wrap justify-between gap-x-2 text-muted">
        <span className={phase === 'betting' ? 'font-semibold text-ok' : undefined}>
          {phase ? t(`phase.${phase as (typeof PHASES)[number]}`) : null}
          {phase === 'betting' ? ` · ${t('secondsLeft', { seconds })}` : null}
        </span>
        <span>{t('players', { count: table.players })}</span>
      </p>
      {table.last_results.length > 0 ? (
        <ol className="flex gap-1 overflow-hidden" aria-label={t('lastResults')}>
          {table.last_results.slice(0, 8).map((result, index) => (
            <li key={index} className={`min-w-5 rounded px-1 text-center font-semibold ${tone(result)}`}>
              {result === 'player' || result === 'banker' || result === 'tie'
                ? t(`results.${result}`)
                : result}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
