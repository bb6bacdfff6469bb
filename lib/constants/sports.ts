import { getBetLimits } from './bet-limits';
import type { Currency } from './currencies';

/**
 * The sportsbook (issue 18): what the feed, the API server and the pages agree on, zod-free. The
 * contract of its calls is lib/contracts/sports.ts; the odds arithmetic lib/sports/odds.ts.
 *
 * Odds are decimal (European) odds. Inside the server and the arithmetic they are whole thousandths
 * (`oddsMilli`: 1.85 is 1850), so products of several legs are exact in bigint; the calls carry them as
 * numbers with at most three decimals.
 */

export const SPORTS = ['football', 'basketball', 'tennis', 'ice-hockey', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];

export function isSport(value: unknown): value is Sport {
  return typeof value === 'string' && (SPORTS as readonly string[]).includes(value);
}

/** Sports whose match can end in a draw after regulation: their match result is 3-way (1X2). */
export const SPORTS_WITH_DRAW: readonly Sport[] = ['football', 'ice-hockey'];

export const EVENT_STATUSES = ['prematch', 'live', 'finished', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * The markets. Lines and scores count the sport's own unit: goals (football, ice hockey), points
 * (basketball), sets (tennis), maps (esports); a `period_*` market is about one period of it: a hockey
 * period, a basketball quarter, a tennis set (counted in games), an esports map (counted in rounds).
 *
 * - `1x2`: match result, outcomes `1`, `X`, `2` (sports with a draw; hockey: regulation time, periods 1–3);
 * - `winner`: match winner, `1`, `2` (no draw possible; hockey: overtime and shoot-out included);
 * - `double_chance`: `1X`, `12`, `X2`;
 * - `total`: `over`, `under` the line (a total equal to the line is void);
 * - `handicap`: `1`, `2`; the line is the home side's handicap (home + line against away; equal is void);
 * - `btts`: both teams to score, `yes`, `no` (football);
 * - `period_1x2`, `period_winner`, `period_total`: the same for the period `period` (1-based).
 */
export const MARKET_KEYS = [
  '1x2',
  'winner',
  'double_chance',
  'total',
  'handicap',
  'btts',
  'period_1x2',
  'period_winner',
  'period_total',
] as const;
export type MarketKey = (typeof MARKET_KEYS)[number];

export const OUTCOME_CODES = ['1', 'X', '2', '1X', '12', 'X2', 'over', 'under', 'yes', 'no'] as const;
export type OutcomeCode = (typeof OUTCOME_CODES)[number];

export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const OUTCOME_RESULTS = ['won', 'lost', 'void'] as const;
export type OutcomeResult = (typeof OUTCOME_RESULTS)[number];

export const BET_KINDS = ['single', 'express', 'system'] as const;
export type SportBetKind = (typeof BET_KINDS)[number];

export const BET_STATUSES = ['open', 'won', 'lost', 'void', 'cashed_out'] as const;
export type SportBetStatus = (typeof BET_STATUSES)[number];

/**
 * What the player accepts when odds moved between the slip and the bet: `none` (refused if any leg's odds
 * differ), `higher` (refused if any leg's odds fell), `any`. The bet takes the current odds.
 */
export const ODDS_ACCEPT_MODES = ['none', 'higher', 'any'] as const;
export type OddsAcceptMode = (typeof ODDS_ACCEPT_MODES)[number];

/** The most legs of an express or a system bet. */
export const MAX_LEGS = 12;
/** System bets k/n: n from 3 to this, k from 2 to n − 1. */
export const SYSTEM_MAX_LEGS = 8;

/** The lowest and highest odds the book offers, in thousandths (1.01 and 1000.00). */
export const MIN_ODDS_MILLI = 1010;
export const MAX_ODDS_MILLI = 1_000_000;

/** The book's margin (overround) on the sandbox feed's prices, in percent: 1/p₁ + … + 1/pₙ = 1 + margin. */
export const SANDBOX_MARGIN_PERCENT = 6;

/** Cash-out pays the bet's fair value from current odds less this share, in percent. */
export const CASHOUT_MARGIN_PERCENT = 5;

/**
 * Bonus wagering of sports bets: a settled real-money bet (won or lost, not void, not cashed out) counts
 * its stake in full when its odds (an express's product, a system's lowest combination) are at least this.
 */
export const SPORTS_WAGER_MIN_ODDS_MILLI = 1500;
export const SPORTS_WAGER_WEIGHT_PERCENT = 100;

export interface SportsLimits {
  /** Smallest and largest stake of one bet, major units. */
  minStake: number;
  maxStake: number;
  /** Largest potential payout of one bet. */
  maxPayout: number;
  /** Largest total stake of one player's open bets on one event, and their potential payouts. */
  maxEventStake: number;
  maxEventPayout: number;
}

/**
 * The default limits of a currency until the operator sets its own (`npm run admin -- sports limits`): the
 * stake range is the currency's coinflip range of spec section 9; the payout limits are declared here.
 */
export function defaultSportsLimits(currency: Currency): SportsLimits {
  const { min, max } = getBetLimits(currency, 'coinflip');
  return {
    minStake: min,
    maxStake: max,
    maxPayout: max * 100,
    maxEventStake: max * 2,
    maxEventPayout: max * 100,
  };
}

/** Realtime topics: `sports` (every event's changes, for the lists) and `sports:<event id>` (one event). */
export const SPORTS_TOPIC = 'sports';
export const sportsEventTopic = (eventId: string): string => `${SPORTS_TOPIC}:${eventId}`;
