/** A banner's countdown moves this often. */
export const COUNTDOWN_TICK_MS = 1_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * One timer for every countdown on the page: it runs while at least one countdown listens and stops when
 * the last one goes (the shape `useSyncExternalStore` asks for).
 */
export function subscribeToTicks(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), COUNTDOWN_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current second (the snapshot stays the same between ticks). */
export const currentSecond = () => Math.floor(Date.now() / 1_000);

/** How many timers run (for tests). */
export const runningTimers = () => (timer === undefined ? 0 : 1);

const pad = (value: number) => String(value).padStart(2, '0');

/** `1 d 04:05:06`, or `04:05:06` under a day; never below zero. `days` is the template for the days. */
export function formatRemaining(seconds: number, days: string): string {
  const left = Math.max(0, Math.floor(seconds));
  const whole = Math.floor(left / 86_400);
  const clock = `${pad(Math.floor((left % 86_400) / 3_600))}:${pad(Math.floor((left % 3_600) / 60))}:${pad(left % 60)}`;
  return whole > 0 ? `${days.replace('{count}', String(whole))} ${clock}` : clock;
}
