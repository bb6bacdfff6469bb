import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Each sign-up and log-in with the device fingerprint it uploaded (`fpp`, sealed: lib/device-seal.ts),
 * for the operator's multi-account report (`npm run admin -- report devices`). `fingerprint` is the opened
 * value; null with `unreadable` when the upload did not open (tampered, another key, not a fingerprint),
 * itself a signal. A sign-up or log-in without an upload leaves no row. Pruned with the traffic records
 * (`npm run admin -- traffic prune`).
 */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `sign_up`, `log_in` or `social` (a social log-in or sign-up). */
    event: text('event').notNull(),
    fingerprint: text('fingerprint'),
    unreadable: boolean('unreadable').notNull().default(false),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('device_sightings_fingerprint_idx').on(table.fingerprint, table.userId),
    index('device_sightings_user_idx').on(table.userId, table.createdAt),
    check('device_sightings_event_known', sql`${table.event} IN ('sign_up', 'log_in', 'social')`),
    check(
      'device_sightings_fingerprint_or_unreadable',
      sql`(${table.fingerprint} IS NULL) = ${table.unreadable}`,
    ),
  ],
);
export type DeviceSightingRow = typeof deviceSightings.$inferSelect;
