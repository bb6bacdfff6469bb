'use client';

import { useEffect, useState } from 'react';
import { RESEND_COUNTDOWN_TICK_MS } from '../constants';

/** Whole seconds left until `deadline` (a `Date.now()` timestamp), ticking down to 0; 0 without one. */
export function useCountdown(deadline: number | null): number {
  const left = () => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const [shownFor, setShownFor] = useState(deadline);
  if (shownFor !== deadline) {
    // A new deadline: show it in this render, not one tick later.
    setShownFor(deadline);
    setSeconds(left());
  }

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, RESEND_COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  return seconds;
}
