'use client';

import { useSyncExternalStore } from 'react';
import { currentSecond, formatRemaining, subscribeToTicks } from '../countdown-ticker';

export interface CountdownLabels {
  /** `Starts in {time}`. */
  startsIn: string;
  /** `Ends in {time}`. */
  endsIn: string;
  /** `{count} d`. */
  days: string;
}

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1_000) : Number.NaN);

/**
 * A tournament banner's countdown: to its start while it is upcoming, then to its end. Written by the
 * browser only (the server does not know the moment the page is seen), in a box of the same size before.
 * All countdowns on the page share one timer (countdown-ticker.ts).
 */
export function Countdown({
  startsAt,
  endsAt,
  labels,
}: {
  startsAt: string | null;
  endsAt: string | null;
  labels: CountdownLabels;
}) {
  const now = useSyncExternalStore(subscribeToTicks, currentSecond, () => null);
  const start = seconds(startsAt);
  const end = seconds(endsAt);
  let text = '\u00a0';
  if (now !== null) {
    if (start > now) text = labels.startsIn.replace('{time}', formatRemaining(start - now, labels.days));
    else if (Number.isFinite(end))
      text = labels.endsIn.replace('{time}', formatRemaining(end - now, labels.days));
  }
  return (
    <p className="banner-countdown" role="timer" data-testid="banner-countdown">
      {text}
    </p>
  );
}
