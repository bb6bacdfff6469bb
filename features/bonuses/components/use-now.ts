'use client';

import { useEffect, useState } from 'react';
import { BONUS_COUNTDOWN_TICK_MS } from '../constants';

/** `Date.now()`, updated every {@link BONUS_COUNTDOWN_TICK_MS} while `running`. */
export function useNow(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), BONUS_COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  return now;
}
