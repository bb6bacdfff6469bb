'use client';

import { useSyncExternalStore } from 'react';

/** How often a page's countdowns tick. */
export const COUNTDOWN_TICK_MS = 1_000;

// One clock for every countdown on the page: one interval, running while anything shows it.
let current: number | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    current = Date.now();
    timer = setInterval(() => {
      current = Date.now();
      for (const notify of [...listeners]) notify();
    }, COUNTDOWN_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => (current ??= Date.now());
const serverSnapshot = () => null;

/**
 * `Date.now()`, ticking every {@link COUNTDOWN_TICK_MS}, from one timer shared by the whole page. null on
 * the server and while hydrating (the server's clock is not the browser's: the countdown would not match).
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
