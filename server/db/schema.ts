/**
 * The Drizzle schema: infrastructure tables here, domain tables in `server/modules/<domain>/schema.ts`,
 * re-exported below so that drizzle-kit and the typed `db` see every table.
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export * from '../modules/geo/schema';
export * from '../modules/users/schema';
export * from '../modules/auth/schema';
export * from '../modules/outbox/schema';
export * from '../modules/vip/schema';
export * from '../modules/ledger/schema';
export * from '../modules/billing/schema';
export * from '../modules/payouts/schema';
export * from '../modules/protection/schema';
export * from '../modules/audit/schema';
export * from '../modules/bonuses/schema';
export * from '../modules/fair/schema';
export * from '../modules/games/schema';
export * from '../modules/traffic/schema';

/** Seed steps already applied (see `server/db/seed.ts`): each runs once per database. */
export const seedRuns = pgTable('seed_runs', {
  id: text('id').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator-editable key/value settings (site links and the like). A null value means "not configured". */
export const operatorSettings = pgTable('operator_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window request counters of the brute-force limits (server/lib/rate-limit.ts), shared by every API
 * instance. `key` is a SHA-256 of the rule and the identity (IP, e-mail, phone); stale rows are pruned.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
export * from '../modules/crash/schema';
export * from '../modules/rooms/schema';
export * from '../modules/aggregator/schema';
export * from '../modules/casino/schema';
export * from '../modules/sports/schema';
export * from '../modules/activity/schema';
export * from '../modules/tournaments/schema';
export * from '../modules/promotions/schema';
export * from '../modules/devices/schema';
