import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Limits a player sets on themselves (issue 15): deposits and net losses per rolling day, week and month,
 * in the player's currency; the length of a log-in session and the reality-check interval, in minutes
 * (`amount_minor` holds the minutes for those two). Lowering takes effect at once; raising or removing waits 24 hours: the change waits in
 * `next_amount_minor` (null: no limit) from `next_from`, and is in force from then on.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** The limit in force until `next_from`; null: none. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    nextAmountMinor: bigint('next_amount_minor', { mode: 'bigint' }),
    nextFrom: timestamp('next_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check(
      'player_limits_kind_known',
      sql`${table.kind} IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'session_minutes', 'reality_check_minutes')`,
    ),
    check('player_limits_amount_positive', sql`${table.amountMinor} IS NULL OR ${table.amountMinor} > 0`),
    check(
      'player_limits_next_amount_positive',
      sql`${table.nextAmountMinor} IS NULL OR ${table.nextAmountMinor} > 0`,
    ),
    check(
      'player_limits_next_has_time',
      sql`${table.nextAmountMinor} IS NULL OR ${table.nextFrom} IS NOT NULL`,
    ),
  ],
);

/**
 * A player's net loss (stakes minus payouts, in minor units; negative when they won) per UTC day and
 * currency, kept by every bet path while the player has a loss limit, so a loss limit reads at most 30 rows
 * instead of summing bets.
 */
export const playerLossDays = pgTable(
  'player_loss_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    netLossMinor: bigint('net_loss_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency, table.day] })],
);
