import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OutcomeCode, OutcomeResult } from '@/lib/constants/sports';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * The sportsbook (issue 18). The odds feed (feed/) is the source of events, markets, odds and results; the
 * book stores what it delivers (ingest.ts, only what changed) and is then the authority: bets are priced
 * from these rows, never from a process's memory, so any number of API processes take bets.
 */
export const sportEvents = pgTable(
  'sport_events',
  {
    /** The feed's id (`sbx-…`, `oa-…`): it goes into the event page's address. */
    id: text('id').primaryKey(),
    sport: text('sport').notNull(),
    leagueId: text('league_id').notNull(),
    leagueName: text('league_name').notNull(),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** prematch, live, finished, cancelled. */
    status: text('status').notNull(),
    score: jsonb('score').$type<{ home: number; away: number; periods: [number, number][] } | null>(),
    clock: text('clock'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sport_events_status_idx').on(table.status, table.startsAt),
    check('sport_events_status_known', sql`${table.status} IN ('prematch', 'live', 'finished', 'cancelled')`),
  ],
);

export interface StoredOutcome {
  id: string;
  code: OutcomeCode;
  oddsMilli: number;
  result: OutcomeResult | null;
}

/**
 * A market with its outcomes (a JSON array: a market's outcomes always change together). `status` is the
 * feed's; `operator_status` (`npm run admin -- sports suspend|close`) overrides it until the operator lifts
 * it, whatever the feed says. `results_version` counts the times its results were set or corrected: a bet
 * leg settled at an older version is settled again (settlement.ts).
 */
export const sportMarkets = pgTable(
  'sport_markets',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => sportEvents.id, { onDelete: 'restrict' }),
    key: text('key').notNull(),
    period: integer('period'),
    line: doublePrecision('line'),
    /** The feed's order of the event's markets. */
    position: integer('position').notNull(),
    status: text('status').notNull(),
    operatorStatus: text('operator_status'),
    outcomes: jsonb('outcomes').$type<StoredOutcome[]>().notNull(),
    resultsVersion: integer('results_version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sport_markets_event_idx').on(table.eventId, table.position),
    check('sport_markets_status_known', sql`${table.status} IN ('open', 'suspended', 'closed', 'settled')`),
    check(
      'sport_markets_operator_status_known',
      sql`${table.operatorStatus} IS NULL OR ${table.operatorStatus} IN ('suspended', 'closed')`,
    ),
  ],
);

/**
 * A bet: single, express or system k/n, staked from the player's cash. Its money moves through the
 * ledger: the stake (`sport-bet:<user>:<key>`), then what settlement pays (`sport-pay:<bet>:<n>`, house to
 * cash; a correction pays the difference either way) or the cash-out (`sport-cashout:<bet>`). `payout_minor`
 * is what the bet has paid in all so far; `settle_count` numbers its settlements (the keys' `<n>`).
 */
export const sportBets = pgTable(
  'sport_bets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    systemK: integer('system_k'),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** The product of the legs' odds in thousandths (single, express); null for a system. */
    oddsMilli: bigint('odds_milli', { mode: 'bigint' }),
    potentialPayoutMinor: bigint('potential_payout_minor', { mode: 'bigint' }).notNull(),
    accept: text('accept').notNull(),
    /** open, won, lost, void, cashed_out. */
    status: text('status').notNull().default('open'),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A correction took back less than it should: the player's cash did not cover it. */
    unrecoveredMinor: bigint('unrecovered_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    settleCount: integer('settle_count').notNull().default(0),
    /** Whether the bet counts towards the player's bonus wagering now (recordWager; revoked when void). */
    wagerCounted: boolean('wager_counted').notNull().default(false),
    idempotencyKey: text('idempotency_key').notNull(),
    stakeTransferId: bigint('stake_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sport_bets_user_key_unique').on(table.userId, table.idempotencyKey),
    index('sport_bets_user_idx').on(table.userId, table.id),
    check('sport_bets_kind_known', sql`${table.kind} IN ('single', 'express', 'system')`),
    check('sport_bets_status_known', sql`${table.status} IN ('open', 'won', 'lost', 'void', 'cashed_out')`),
    check('sport_bets_stake_positive', sql`${table.stakeMinor} > 0`),
    check('sport_bets_payout', sql`${table.payoutMinor} >= 0`),
  ],
);

/** A leg of a bet: one outcome at the odds the bet took, at most one per event in a bet. */
export const sportBetLegs = pgTable(
  'sport_bet_legs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    betId: integer('bet_id')
      .notNull()
      .references(() => sportBets.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    eventId: text('event_id')
      .notNull()
      .references(() => sportEvents.id, { onDelete: 'restrict' }),
    marketId: text('market_id')
      .notNull()
      .references(() => sportMarkets.id, { onDelete: 'restrict' }),
    outcomeId: text('outcome_id').notNull(),
    code: text('code').notNull(),
    oddsMilli: integer('odds_milli').notNull(),
    result: text('result'),
    /** The market's results_version this leg's result is from (0: not settled yet). */
    resultsVersion: integer('results_version').notNull().default(0),
  },
  (table) => [
    uniqueIndex('sport_bet_legs_event_unique').on(table.betId, table.eventId),
    index('sport_bet_legs_market_idx').on(table.marketId),
    index('sport_bet_legs_unsettled_idx')
      .on(table.marketId)
      .where(sql`${table.resultsVersion} = 0`),
    check(
      'sport_bet_legs_result_known',
      sql`${table.result} IS NULL OR ${table.result} IN ('won', 'lost', 'void')`,
    ),
  ],
);

/** The operator's limits per currency (`npm run admin -- sports limits`); a currency without a row uses defaultSportsLimits. */
export const sportLimits = pgTable('sport_limits', {
  currency: text('currency').primaryKey(),
  minStakeMinor: bigint('min_stake_minor', { mode: 'bigint' }).notNull(),
  maxStakeMinor: bigint('max_stake_minor', { mode: 'bigint' }).notNull(),
  maxPayoutMinor: bigint('max_payout_minor', { mode: 'bigint' }).notNull(),
  maxEventStakeMinor: bigint('max_event_stake_minor', { mode: 'bigint' }).notNull(),
  maxEventPayoutMinor: bigint('max_event_payout_minor', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type SportEventRow = typeof sportEvents.$inferSelect;
export type SportMarketRow = typeof sportMarkets.$inferSelect;
export type SportBetRow = typeof sportBets.$inferSelect;
export type SportBetLegRow = typeof sportBetLegs.$inferSelect;
export type SportLimitsRow = typeof sportLimits.$inferSelect;
