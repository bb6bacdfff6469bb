import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * The audit log (issue 15): every operator action and every change to a player's limits and account
 * status, with who made it, when, what it touched and its state before and after. Append-only: the
 * migration refuses UPDATE, DELETE and TRUNCATE, as for the ledger's history.
 *
 * actor: `operator:<name>` (the admin CLI's `--operator`/`--reviewer`), `player:<id>` (the player's own
 * change from the profile) or `system` (a job, e.g. reconciliation).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    /** What was done, `<area>.<verb>`: `payout.approve`, `account.suspend`, `limits.set`, ... */
    action: text('action').notNull(),
    /** What it was done to: `user`, `payout`, `invoice`, `mirror`, ... and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The player concerned, when there is one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (table) => [
    index('audit_log_user_idx').on(table.userId, table.id),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.id),
    check('audit_log_actor_shape', sql`${table.actor} ~ '^(operator:.+|player:[0-9]+|system)$'`),
    check('audit_log_action_shape', sql`${table.action} ~ '^[a-z_]+\\.[a-z_]+$'`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
