import type { Executor } from '../../db/client';
import type { MessageLocale } from '../../lib/locale';
import { renderEmailHtml } from './email-html';
import * as repository from './repository';
import type { OutboxMessage } from './schema';

export interface MessageDraft {
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  locale: string;
  subject: string | null;
  body: string;
  code?: string | null;
  link?: string | null;
  /**
   * When the one-time code or link in the message stops working. Set for every message carrying one: after
   * it, GET /dev/outbox no longer shows the secret and {@link redactExpiredMessages} blanks the body.
   */
  expiresAt?: Date | null;
}

/** What an expired message's body becomes. */
export const REDACTED_BODY = '[redacted: the one-time code or link of this message has expired]';

/**
 * Writes a message to the outbox, `queued` and due at once; call inside the transaction of the change that
 * causes it. An e-mail gets its HTML part here (email-html.ts). `secretFields: false` (production) keeps
 * the code and link out of their own columns: only the body and HTML that are delivered carry them.
 */
export function enqueueMessage(
  db: Executor,
  draft: MessageDraft,
  now: Date,
  { secretFields = true }: { secretFields?: boolean } = {},
): Promise<number> {
  const html =
    draft.channel === 'email'
      ? renderEmailHtml({
          locale: messageLocale(draft.locale),
          subject: draft.subject ?? '',
          text: draft.body,
          code: draft.code,
          link: draft.link,
        })
      : null;
  return repository.insertMessage(db, {
    channel: draft.channel,
    recipient: draft.recipient,
    template: draft.template,
    locale: draft.locale,
    subject: draft.subject,
    body: draft.body,
    html,
    code: secretFields ? (draft.code ?? null) : null,
    link: secretFields ? (draft.link ?? null) : null,
    expiresAt: draft.expiresAt ?? null,
    status: 'queued',
    nextAttemptAt: now,
    createdAt: now,
  });
}

function messageLocale(locale: string): MessageLocale {
  return locale === 'en' || locale === 'kz' ? locale : 'ru';
}

/** Newest first; at most `limit`. */
export function listMessagesTo(db: Executor, recipient: string, limit = 50): Promise<OutboxMessage[]> {
  return repository.listByRecipient(db, recipient, limit);
}

/**
 * The purge: blanks the body, HTML, code and link of messages whose code or link has expired (the delivery
 * job no longer sends such a message: it would deliver a dead secret). The API server runs it every
 * OUTBOX_PURGE_INTERVAL_MS (server/main.ts); it is idempotent, so several instances may run it.
 */
export function redactExpiredMessages(db: Executor, now: Date): Promise<number> {
  return repository.redactExpired(db, now, REDACTED_BODY);
}

export const OUTBOX_PURGE_INTERVAL_MS = 60_000;

/** A message as GET /dev/outbox may show it at `now`: an expired one without its secret. */
export function visibleMessage(row: OutboxMessage, now: Date): OutboxMessage {
  const expired = row.redactedAt !== null || (row.expiresAt !== null && row.expiresAt <= now);
  return expired ? { ...row, body: REDACTED_BODY, html: null, code: null, link: null } : row;
}
