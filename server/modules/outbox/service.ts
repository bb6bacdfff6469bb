import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import * as repository from './repository';
import type { OutboxMessage } from './schema';
import type { Senders } from './senders';

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

/** Writes a message to the outbox; call inside the transaction of the change that causes it. */
export function enqueueMessage(db: Executor, draft: MessageDraft, now: Date): Promise<number> {
  return repository.insertMessage(db, {
    channel: draft.channel,
    recipient: draft.recipient,
    template: draft.template,
    locale: draft.locale,
    subject: draft.subject,
    body: draft.body,
    code: draft.code ?? null,
    link: draft.link ?? null,
    expiresAt: draft.expiresAt ?? null,
    createdAt: now,
  });
}

/**
 * Hands committed messages to their channel's sender. Failures are recorded on the row and logged, never
 * thrown: the caller's change is already committed and a relay can retry `failed` rows.
 */
export async function deliverMessages(
  deps: { db: Executor; senders: Senders; log: FastifyBaseLogger; now: () => Date },
  ids: number[],
): Promise<void> {
  const pending = await repository.findPendingByIds(deps.db, ids);
  for (const message of pending) {
    const channel = message.channel === 'sms' ? 'sms' : 'email';
    const sender = deps.senders[channel];
    if (sender.outboxOnly) continue;
    try {
      await sender.send({
        id: message.id,
        channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
      });
      await repository.markSent(deps.db, message.id, deps.now());
    } catch (error) {
      deps.log.error({ err: error, messageId: message.id }, 'message delivery failed');
      await repository.markFailed(deps.db, message.id, String((error as Error).message ?? error));
    }
  }
}

/** Newest first; at most `limit`. */
export function listMessagesTo(db: Executor, recipient: string, limit = 50): Promise<OutboxMessage[]> {
  return repository.listByRecipient(db, recipient, limit);
}

/**
 * The purge: blanks the body, code and link of messages whose code or link has expired (a relay that has
 * not delivered one by then would deliver a dead secret anyway). The API server runs it every
 * OUTBOX_PURGE_INTERVAL_MS (server/main.ts); it is idempotent, so several instances may run it.
 */
export function redactExpiredMessages(db: Executor, now: Date): Promise<number> {
  return repository.redactExpired(db, now, REDACTED_BODY);
}

export const OUTBOX_PURGE_INTERVAL_MS = 60_000;

/** A message as GET /dev/outbox may show it at `now`: an expired one without its secret. */
export function visibleMessage(row: OutboxMessage, now: Date): OutboxMessage {
  const expired = row.redactedAt !== null || (row.expiresAt !== null && row.expiresAt <= now);
  return expired ? { ...row, body: REDACTED_BODY, code: null, link: null } : row;
}
