/**
 * The sportsbook's replies and realtime messages (lib/contracts/sports.ts), checked without zod: the event
 * lists are /betting's first screen (lib/api/check.ts says why). Each check is typed by the contract's type,
 * and replies.test.ts proves each accepts and refuses what the contract's zod schema does.
 */
import { array, int, nullable, number, object, oneOf, string, type Check } from '@/lib/api/check';
import { ResponseShapeError } from '@/lib/api/check';
import {
  EVENT_STATUSES,
  MARKET_KEYS,
  MARKET_STATUSES,
  OUTCOME_CODES,
  OUTCOME_RESULTS,
  SPORTS,
} from '@/lib/constants/sports';
import type {
  SportEvent,
  SportEventsReply,
  SportMarket,
  SportOutcome,
  SportScore,
  SportsEventPatch,
  SportsMenuReply,
} from '@/lib/contracts/sports';

export type {
  SportEvent,
  SportEventsReply,
  SportMarket,
  SportOutcome,
  SportScore,
  SportsEventPatch,
  SportsMenuReply,
} from '@/lib/contracts/sports';

/** A key that may be missing (zod's `optional`): undefined stays undefined, anything else is checked. */
function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path = '') => (value === undefined ? undefined : check(value, path));
}

/** A pair of integers (zod's `z.tuple([int, int])`). */
const intPair: Check<[number, number]> = (value, path = '') => {
  if (!Array.isArray(value) || value.length !== 2) throw new ResponseShapeError(path, 'a pair of integers');
  return [int(value[0], `${path}[0]`), int(value[1], `${path}[1]`)];
};

export const sportOutcome: Check<SportOutcome> = object({
  id: string,
  code: oneOf(OUTCOME_CODES),
  odds: number,
  result: nullable(oneOf(OUTCOME_RESULTS)),
});

export const sportMarket: Check<SportMarket> = object({
  id: string,
  key: oneOf(MARKET_KEYS),
  period: nullable(int),
  line: nullable(number),
  status: oneOf(MARKET_STATUSES),
  outcomes: array(sportOutcome),
});

export const sportScore: Check<SportScore> = object({ home: int, away: int, periods: array(intPair) });

export const sportEvent: Check<SportEvent> = object({
  id: string,
  sport: oneOf(SPORTS),
  league: object({ id: string, name: string }),
  home: string,
  away: string,
  starts_at: string,
  status: oneOf(EVENT_STATUSES),
  score: nullable(sportScore),
  clock: nullable(string),
  markets: array(sportMarket),
  markets_count: int,
});

export const sportEventsReply: Check<SportEventsReply> = object({ items: array(sportEvent) });

export const sportsMenuReply: Check<SportsMenuReply> = object({
  sports: array(
    object({
      key: oneOf(SPORTS),
      live: int,
      upcoming: int,
      leagues: array(object({ id: string, name: string, live: int, upcoming: int })),
    }),
  ),
});

export const sportsEventPatch: Check<SportsEventPatch> = object({
  id: string,
  status: optional(oneOf(EVENT_STATUSES)),
  score: optional(nullable(sportScore)),
  clock: optional(nullable(string)),
  markets: optional(array(sportMarket)),
});

/**
 * What the `sports` and `sports:<id>` topics send: a snapshot first (an event's topic may carry the whole
 * event in it; null when it does not, or not in the contract's shape), then each event's changes.
 */
export type SportsMessage =
  | { type: 'snapshot'; event: SportEvent | null }
  | { type: 'event'; event: SportsEventPatch };

/** A realtime message of the sports topics, or null for one this page does not know (or a malformed one). */
export function sportsMessage(value: unknown): SportsMessage | null {
  if (!value || typeof value !== 'object') return null;
  const message = value as { type?: unknown; event?: unknown };
  if (message.type === 'snapshot') {
    try {
      return {
        type: 'snapshot',
        event: message.event === undefined ? null : sportEvent(message.event, 'event'),
      };
    } catch {
      return { type: 'snapshot', event: null };
    }
  }
  if (message.type !== 'event') return null;
  try {
    return { type: 'event', event: sportsEventPatch(message.event, 'event') };
  } catch {
    return null;
  }
}
