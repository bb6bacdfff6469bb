import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * VIP club requests (`POST api/v2/vip/join`): one pending request per user and type; the operator approves
 * or rejects it (`npm run admin -- vip approve|reject`), after which the player may ask again.
 */
export const vipRequests = pgTable(
  'vip_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestType: text('request_type').notNull(),
    details: text('details'),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_requests_one_pending')
      .on(table.userId, table.requestType)
      .where(sql`${table.status} = 'pending'`),
    check('vip_requests_status_known', sql`${table.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * A player's VIP standing (lib/constants/vip.ts): lifetime points (roubles wagered at the declared rates,
 * in kopecks), the level (never lower than `level_floor`, which an approved level transfer sets), and the
 * rakeback accrued per currency in millionths of a minor unit (vipRakeback).
 */
export const vipAccounts = pgTable('vip_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pointsRubMinor: bigint('points_rub_minor', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  level: integer('level').notNull().default(0),
  levelFloor: integer('level_floor').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rakeback accrued and not yet claimed, per player and currency, in millionths of a minor unit. */
export const vipRakeback = pgTable(
  'vip_rakeback',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    accruedMicro: bigint('accrued_micro', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    claims: integer('claims').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency] })],
);

/**
 * Level-up and weekly rewards: one per player and level (`level_up:<n>`) or week (`weekly:<2026-W47>`),
 * paid to cash when claimed (`claimed_at`, in the transaction of its transfer).
 */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    slot: text('slot').notNull(),
    level: integer('level').notNull(),
    week: text('week'),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vip_rewards_slot_unique').on(table.userId, table.slot),
    index('vip_rewards_user_idx').on(table.userId, table.id),
    check('vip_rewards_kind_known', sql`${table.kind} IN ('level_up', 'weekly')`),
    check('vip_rewards_amount', sql`${table.amountMinor} > 0`),
  ],
);
