import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Settled bets of every product as one stream (issue 19; lib/constants/activity.ts): what tournaments, the
 * VIP club, the top page and "recently played" count. A game writes a row in the transaction that settles
 * a bet (`recordActivity`), so a bet is here exactly when its money moved; `key` is unique, so a retried
 * settlement adds nothing. The processor (processor.ts) takes unprocessed rows in id order under
 * `FOR UPDATE SKIP LOCKED`, applies them to tournaments and the VIP club and marks them processed in the
 * same transaction: each row counts once, whichever process takes it.
 *
 * Kinds: `bet` (a settled bet: its stake, and its payout when known at once), `win` (a later payout of a
 * bet whose stake came first: a provider's win), `rollback` (the bet was taken back: negative stake and
 * payout). `ref` names the bet all its rows belong to. Amounts are also kept in roubles at the declared
 * rates, for rankings across currencies.
 */
export const betActivity = pgTable(
  'bet_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    ref: text('ref').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    game: text('game').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    /** Stake this row counts (negative for a rollback). */
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** Payout this row counts (negative for a rollback). */
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }).notNull(),
    /** The whole stake of the bet (for its multiple). */
    betStakeMinor: bigint('bet_stake_minor', { mode: 'bigint' }).notNull(),
    stakeRubMinor: bigint('stake_rub_minor', { mode: 'bigint' }).notNull(),
    payoutRubMinor: bigint('payout_rub_minor', { mode: 'bigint' }).notNull(),
    /** payout / bet stake × 10 000 (0 for a rollback or a stake-only row). */
    multiplierScaled: bigint('multiplier_scaled', { mode: 'bigint' }).notNull(),
    /** House edge of the game in basis points, for rakeback. */
    edgeBp: integer('edge_bp').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    index('bet_activity_unprocessed_idx')
      .on(table.id)
      .where(sql`${table.processedAt} IS NULL`),
    index('bet_activity_user_idx').on(table.userId, table.id),
    index('bet_activity_ref_idx').on(table.ref),
    index('bet_activity_at_idx').on(table.at),
    index('bet_activity_payout_idx').on(table.payoutRubMinor),
    index('bet_activity_multiplier_idx').on(table.multiplierScaled),
    check('bet_activity_kind_known', sql`${table.kind} IN ('bet', 'win', 'rollback')`),
    check('bet_activity_category_known', sql`${table.category} IN ('originals', 'slots', 'live', 'sports')`),
  ],
);

/** Each player's wager per UTC day in roubles (the top page's "most wagered", the VIP weekly bonus). */
export const activityDaily = pgTable(
  'activity_daily',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    wageredMinor: bigint('wagered_minor', { mode: 'bigint' }).notNull(),
    wageredRubMinor: bigint('wagered_rub_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.currency] }),
    index('activity_daily_day_idx').on(table.day),
  ],
);
