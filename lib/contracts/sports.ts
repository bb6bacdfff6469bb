import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import {
  BET_KINDS,
  BET_STATUSES,
  EVENT_STATUSES,
  MARKET_KEYS,
  MARKET_STATUSES,
  MAX_LEGS,
  ODDS_ACCEPT_MODES,
  OUTCOME_CODES,
  OUTCOME_RESULTS,
  SPORTS,
} from '@/lib/constants/sports';

/**
 * The sportsbook (issue 18; constants in lib/constants/sports.ts, arithmetic in lib/sports/odds.ts). Served
 * by the general service base (spec section 7). Amounts are major units with two decimals; odds decimal
 * with at most three. Errors are the API's usual format: 422 `{ message, errors }` with `errors.<field>`
 * holding `"<key>: <text>"` entries (keys below), `{ message }` otherwise (401, 404).
 *
 * Calls:
 * - `GET /sports` → {@link sportsMenuReply}: sports with their leagues and counts;
 * - `GET /sports/events?sport=&league=&status=live|upcoming&limit=` → {@link sportEventsReply} (each event
 *   with its headline markets only: match result, total, handicap);
 * - `GET /sports/events/:id` → {@link sportEvent} with every market; 404 when unknown;
 * - `GET /sports/limits` (optional sign-in: the player's currency, else `?currency=`, else RUB) →
 *   {@link sportsLimitsReply};
 * - `POST /sports/bets` {@link placeSportBetBody} (signed in) → {@link sportBetReply}. 422 keys on
 *   `selections`: `suspended` (an outcome's market is suspended, closed or its event over), `odds_changed`
 *   (moved outside what `accept` allows; `errors.odds` lists `"<outcome_id>: <odds now>"`), `same_event`
 *   (two outcomes of one event in an express or system), `unknown`; on `stake`: `too_small`, `too_big`,
 *   `payout_too_big`, `event_limit`, `insufficient_funds`; on `system_k`: `invalid`;
 * - `GET /sports/bets?status=open|settled&limit=&before=` (signed in) → {@link sportBetsReply}, newest first;
 * - `POST /sports/bets/:id/cashout` {@link cashoutBody} (signed in) → {@link sportBetReply}. 422 keys on
 *   `amount`: `unavailable` (settled, a leg lost, or no cash-out for this bet), `suspended` (a market of an
 *   open leg is suspended), `changed` (the value now is below `amount`; `errors.value` carries it).
 *
 * Realtime (the product's socket, `/socket?topics=`): `sports` (every event's changes) and
 * `sports:<event id>` (one event); each subscription first gets a snapshot (`{ type: 'snapshot' }` on
 * `sports`; `{ type: 'snapshot', event }` with the whole {@link sportEvent} on `sports:<event id>`), then
 * {@link sportsEventPatch}es as `{ type: 'event', event }`.
 */

export const sportKey = z.enum(SPORTS);
export const eventStatus = z.enum(EVENT_STATUSES);
export const marketKey = z.enum(MARKET_KEYS);
export const marketStatus = z.enum(MARKET_STATUSES);
export const outcomeCode = z.enum(OUTCOME_CODES);
export const outcomeResult = z.enum(OUTCOME_RESULTS);
export const betKind = z.enum(BET_KINDS);
export const betStatus = z.enum(BET_STATUSES);
export const oddsAcceptMode = z.enum(ODDS_ACCEPT_MODES);

export const sportOutcome = z.object({
  /** Stable id: `<market id>:<code>`. */
  id: z.string(),
  code: outcomeCode,
  odds: z.number(),
  result: outcomeResult.nullable(),
});
export type SportOutcome = z.infer<typeof sportOutcome>;

export const sportMarket = z.object({
  /** Stable id: `<event id>:<key>[:p<period>][:<line>]`. */
  id: z.string(),
  key: marketKey,
  period: z.number().int().nullable(),
  line: z.number().nullable(),
  status: marketStatus,
  outcomes: z.array(sportOutcome),
});
export type SportMarket = z.infer<typeof sportMarket>;

export const sportScore = z.object({
  home: z.number().int(),
  away: z.number().int(),
  /** Each period's score, in order (hockey periods, quarters, sets in games, maps in rounds). */
  periods: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SportScore = z.infer<typeof sportScore>;

export const sportEvent = z.object({
  id: z.string(),
  sport: sportKey,
  league: z.object({ id: z.string(), name: z.string() }),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
  status: eventStatus,
  score: sportScore.nullable(),
  /** The live clock as the feed gives it (`67'`, `Q3 05:12`, `Set 2`), null before and after. */
  clock: z.string().nullable(),
  markets: z.array(sportMarket),
  /** How many markets the event has (the list shows only some). */
  markets_count: z.number().int(),
});
export type SportEvent = z.infer<typeof sportEvent>;

export const sportEventsReply = z.object({ items: z.array(sportEvent) });
export type SportEventsReply = z.infer<typeof sportEventsReply>;

export const sportsMenuReply = z.object({
  sports: z.array(
    z.object({
      key: sportKey,
      live: z.number().int(),
      upcoming: z.number().int(),
      leagues: z.array(
        z.object({ id: z.string(), name: z.string(), live: z.number().int(), upcoming: z.number().int() }),
      ),
    }),
  ),
});
export type SportsMenuReply = z.infer<typeof sportsMenuReply>;

export const sportsLimitsReply = z.object({
  currency: z.enum(CURRENCIES),
  min_stake: z.number(),
  max_stake: z.number(),
  max_payout: z.number(),
  max_event_stake: z.number(),
  max_event_payout: z.number(),
  cashout_margin_percent: z.number(),
});
export type SportsLimitsReply = z.infer<typeof sportsLimitsReply>;

export const placeSportBetBody = z.object({
  kind: betKind,
  /** System bets only: the size of each combination (2 ≤ k < n). */
  system_k: z.number().int().min(2).optional(),
  /** The whole stake; a system bet splits it equally over its C(n, k) combinations. */
  stake: z.number().positive(),
  accept: oddsAcceptMode,
  /** The outcomes with the odds the player saw; a single has one. */
  selections: z
    .array(z.object({ outcome_id: z.string().min(1).max(200), odds: z.number().positive() }))
    .min(1)
    .max(MAX_LEGS),
  /** Idempotency key: the same key again answers the first bet. */
  key: z.string().min(8).max(100),
});
export type PlaceSportBetBody = z.infer<typeof placeSportBetBody>;

export const sportBetLeg = z.object({
  outcome_id: z.string(),
  event_id: z.string(),
  sport: sportKey,
  league: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.string(),
  market_key: marketKey,
  period: z.number().int().nullable(),
  line: z.number().nullable(),
  code: outcomeCode,
  /** The odds the bet took. */
  odds: z.number(),
  result: outcomeResult.nullable(),
});
export type SportBetLeg = z.infer<typeof sportBetLeg>;

export const sportBet = z.object({
  id: z.number().int(),
  kind: betKind,
  system_k: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
  stake: z.number(),
  /** The product of the legs' odds (single, express); a system's is null. */
  odds: z.number().nullable(),
  /** What the bet pays if every leg wins. */
  potential_payout: z.number(),
  status: betStatus,
  /** What was paid (won, void, cashed out), else null. */
  payout: z.number().nullable(),
  /** The cash-out value now, when one is offered; null otherwise (settled, a leg lost, a market suspended). */
  cashout: z.number().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  legs: z.array(sportBetLeg),
});
export type SportBet = z.infer<typeof sportBet>;

export const sportBetReply = z.object({ bet: sportBet, balance: z.number() });
export type SportBetReply = z.infer<typeof sportBetReply>;

export const sportBetsReply = z.object({ items: z.array(sportBet) });
export type SportBetsReply = z.infer<typeof sportBetsReply>;

export const cashoutBody = z.object({
  /** The value the player was shown: refused if the value now is lower. */
  amount: z.number().positive(),
});
export type CashoutBody = z.infer<typeof cashoutBody>;

/** A change of one event: the fields that changed; `markets` holds only the markets that changed. */
export const sportsEventPatch = z.object({
  id: z.string(),
  status: eventStatus.optional(),
  score: sportScore.nullable().optional(),
  clock: z.string().nullable().optional(),
  markets: z.array(sportMarket).optional(),
});
export type SportsEventPatch = z.infer<typeof sportsEventPatch>;
