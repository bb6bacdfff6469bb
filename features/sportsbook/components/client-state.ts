'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { selectIsPicked, useSlipStore } from '../slip/slip-store';

/**
 * Whether an outcome is in the slip. The slip is read from localStorage when its module loads, which the
 * server never sees: the hydrating render says no, the next one tells the truth.
 */
export function usePicked(outcomeId: string): boolean {
  return useSyncExternalStore(
    useSlipStore.subscribe,
    () => selectIsPicked(outcomeId)(useSlipStore.getState()),
    () => false,
  );
}

/** How long an odds button shows that its odds moved. */
export const ODDS_MOVE_MS = 2_000;

/** `up` or `down` for a while after the odds moved, else null. */
export function useOddsMove(odds: number): 'up' | 'down' | null {
  const [seen, setSeen] = useState(odds);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  if (odds !== seen) {
    // Adjusting state to a changed prop during render (React's documented pattern), not in an effect.
    setSeen(odds);
    setMove(odds > seen ? 'up' : 'down');
  }
  useEffect(() => {
    if (!move) return;
    const timer = setTimeout(() => setMove(null), ODDS_MOVE_MS);
    return () => clearTimeout(timer);
  }, [move, seen]);
  return move;
}
