'use client';

import { useTranslations } from 'next-intl';
import { clockParts, countdownTarget } from '../labels';
import type { TournamentSummary } from '../api/replies';

/**
 * "Ends in 2 d 03:04:05" for an active tournament, "Starts in …" for an upcoming one, nothing for a
 * finished one. `now` is the page's one clock (use-now.ts); null before the page runs, when the line keeps
 * its room.
 */
export function Countdown({
  tournament,
  now,
}: {
  tournament: Pick<TournamentSummary, 'state' | 'starts_at' | 'ends_at'>;
  now: number | null;
}) {
  const t = useTranslations('tournaments.countdown');
  const target = countdownTarget(tournament);
  if (!target) return null;
  const left = now === null ? null : target.at - now;
  let text = '\u00a0';
  if (left !== null) {
    if (left <= 0) text = target.to === 'end' ? t('ending') : t('starting');
    else {
      const { days, time } = clockParts(left);
      const clock = days > 0 ? t('days', { days, time }) : time;
      text = target.to === 'end' ? t('endsIn', { time: clock }) : t('startsIn', { time: clock });
    }
  }
  return (
    <p className="min-h-5 text-sm tabular-nums text-gold" data-testid="tournament-countdown">
      {text}
    </p>
  );
}
