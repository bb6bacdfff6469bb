/**
 * The current time as services see it. Production uses the system clock; tests inject a clock they can
 * move forward, so expiry rules (codes, tokens, windows) are tested without sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stands still until moved: `clock.advance(10 * 60_000)`. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function manualClock(start: Date = new Date()): ManualClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as ManualClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}
