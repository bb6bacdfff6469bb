import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail and SMS the product sends, written in the same transaction as the change that causes it
 * (the transactional outbox). The delivery job (outbox/delivery.ts) sends `queued` rows whose
 * `next_attempt_at` has come through the channel's sender: `sent`, or `queued` again later after a failure
 * (exponential backoff), or `failed` after the last attempt, a permanent refusal or the expiry of the code it
 * carries. A channel without a configured sender (the sandbox: `npm start`) leaves its rows `queued`.
 * `code` and `link` are kept as fields for the /dev/outbox helper outside production. A message carrying a
 * one-time code or link has `expires_at`; once past it, /dev/outbox no longer shows the secret and the purge
 * blanks the body, HTML, code and link.
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
    /** The plain-text body (the e-mail's text part, or the SMS). */
    body: text('body').notNull(),
    /** The e-mail's HTML part (outbox/email-html.ts); null for an SMS. */
    html: text('html'),
    code: text('code'),
    link: text('link'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the delivery job may next try a `queued` message; null once it is `sent` or `failed`. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the one-time code or link the message carries stops working; null: it carries none. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the body, code and link were blanked after `expires_at` (outbox/service.ts). */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_messages_recipient').on(table.recipient, table.id),
    index('outbox_messages_due')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'queued'`),
    index('outbox_messages_unredacted_expiry')
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} IS NOT NULL AND ${table.redactedAt} IS NULL`),
    check('outbox_messages_channel_known', sql`${table.channel} IN ('email', 'sms')`),
    check('outbox_messages_status_known', sql`${table.status} IN ('queued', 'sent', 'failed')`),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
