/**
 * The Drizzle schema: infrastructure tables here, domain tables in `server/modules/<domain>/schema.ts`,
 * re-exported below so that drizzle-kit and the typed `db` see every table.
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export * from '../modules/geo/schema';

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
