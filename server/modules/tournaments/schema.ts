import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/contracts/tournaments';
import { users } from '../users/schema';

/** One row of a tournament's prize table as stored (see lib/contracts/tournaments.ts `tournamentPrize`). */
export interface StoredPrize {
  from: number;
  to: number;
  /** A fixed amount per place, in minor units of the tournament's currency… */
  amountMinor?: string;
  /** …or a share of the pool per place, in basis points. */
  poolBp?: number;
  toBalance: 'cash' | 'bonus';
  /** Wager of a bonus prize (× the amount). */
  wager?: number;
}

/**
 * Tournaments (issue 19; lib/constants/tournaments.ts). `state` is `open` until the finishing job pays it
 * (`finished`) or the operator cancels it (`cancelled`); an open tournament is upcoming before `starts_at`
 * and active after. `rates` maps other currencies to the tournament's (units of its currency per unit, as
 * a decimal string); a bet in a currency neither the tournament's nor in `rates` does not count. Bets count
 * when they settle within [starts_at, ends_at).
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    rules: jsonb('rules').$type<LocalizedText>().notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    rates: jsonb('rates').$type<Record<string, string>>().notNull().default({}),
    games: jsonb('games').$type<string[]>().notNull(),
    minStakeMinor: bigint('min_stake_minor', { mode: 'bigint' }),
    requiresJoin: boolean('requires_join').notNull().default(false),
    poolMinor: bigint('pool_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    prizes: jsonb('prizes').$type<StoredPrize[]>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('open'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tournaments_state_idx').on(table.state, table.endsAt),
    check('tournaments_kind_known', sql`${table.kind} IN ('wager', 'multiplier')`),
    check('tournaments_state_known', sql`${table.state} IN ('open', 'finished', 'cancelled')`),
    check('tournaments_period', sql`${table.endsAt} > ${table.startsAt}`),
    check('tournaments_pool', sql`${table.poolMinor} >= 0`),
  ],
);

/**
 * A player's standing: `points` are minor units of the tournament's currency (wager race) or the best
 * multiple × 10 000 (multiplier race): what their bets settled for good added, plus their contributions. `prize_minor` is set
 * when the tournament finishes, `paid_at` when its transfer is made (in the same transaction).
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    points: bigint('points', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Multiplier race: the best multiple among the player's bets settled for good (no contribution rows). */
    finalBest: bigint('final_best', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** When the points last rose (the leaderboard lists earlier first among equals). */
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    place: integer('place'),
    prizeMinor: bigint('prize_minor', { mode: 'bigint' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.userId] }),
    index('tournament_entries_rank_idx').on(table.tournamentId, table.points),
  ],
);

/**
 * What a bet that may still be taken back (`ref`, activity module: a provider's bet, a sports bet) gave a
 * tournament: its stake in the tournament's currency and the points it made. A rollback deletes the row
 * and takes its points back from the entry. Bets settled for good go straight into the entry.
 */
export const tournamentContributions = pgTable(
  'tournament_contributions',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    userId: integer('user_id').notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.ref] }),
    index('tournament_contributions_user_idx').on(table.tournamentId, table.userId),
  ],
);
