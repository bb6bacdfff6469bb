import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail and SMS the product sends, written in the same transaction as the change that causes it
 * (the transactional outbox). A sender delivers it afterwards; with the default outbox-only sender the
 * row stays `pending` for an external relay. `code` and `link` are kept as fields for the /dev/outbox
 * helper outside production. A message carrying a one-time code or link has `expires_at`; once past it,
 * /dev/outbox no longer shows the secret and the purge blanks the body, code and link.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    code: text('code'),
    link: text('link'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the one-time code or link the message carries stops working; null: it carries none. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the body, code and link were blanked after `expires_at` (outbox/service.ts). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_recipient').on(table.recipient, table.id),
    index('outbox_messages_pending')
      .on(table.id)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_unredacted_expiry')
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} IS NOT NULL AND ${table.redactedAt} IS NULL`),
    check('outbox_messages_channel_known', sql`${table.channel} IN ('email', 'sms')`),
    check('outbox_messages_status_known', sql`${table.status} IN ('pending', 'sent', 'failed')`),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
