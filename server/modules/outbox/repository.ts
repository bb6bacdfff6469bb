import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxMessages, type OutboxMessage } from './schema';

export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertMessage(db: Executor, message: NewOutboxMessage): Promise<number> {
  const [row] = await db.insert(outboxMessages).values(message).returning({ id: outboxMessages.id });
  return row.id;
}

/**
 * The next message due on one of `channels`, locked for this transaction; a message another transaction
 * holds (another delivery job, in this process or another) is skipped, so each is handed to one job.
 */
export async function lockNextDue(
  tx: Executor,
  channels: string[],
  now: Date,
): Promise<OutboxMessage | undefined> {
  if (channels.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'queued'),
        lte(outboxMessages.nextAttemptAt, now),
        inArray(outboxMessages.channel, channels),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: at,
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: null,
      nextAttemptAt: null,
    })
    .where(eq(outboxMessages.id, id));
}

/** Records a failed attempt: queued again for `retryAt`, or failed for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Executor,
  id: number,
  error: string,
  retryAt: Date | null,
  countsAsAttempt = true,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: retryAt ? 'queued' : 'failed',
      attempts: countsAsAttempt ? sql`${outboxMessages.attempts} + 1` : outboxMessages.attempts,
      lastError: error.slice(0, 1000),
      nextAttemptAt: retryAt,
    })
    .where(eq(outboxMessages.id, id));
}

export function listByRecipient(db: Executor, recipient: string, limit: number): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}

/** Blanks body, HTML, code and link of every message whose code or link expired by `now`; returns how many. */
export async function redactExpired(db: Executor, now: Date, body: string): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ body, html: null, code: null, link: null, redactedAt: now })
    .where(and(lte(outboxMessages.expiresAt, now), isNull(outboxMessages.redactedAt)))
    .returning({ id: outboxMessages.id });
  return rows.length;
}
