import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxMessages, type OutboxMessage } from './schema';

export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertMessage(db: Executor, message: NewOutboxMessage): Promise<number> {
  const [row] = await db.insert(outboxMessages).values(message).returning({ id: outboxMessages.id });
  return row.id;
}

export function findPendingByIds(db: Executor, ids: number[]): Promise<OutboxMessage[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'pending')));
}

export async function markSent(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: at, attempts: sql`${outboxMessages.attempts} + 1`, lastError: null })
    .where(eq(outboxMessages.id, id));
}

export async function markFailed(db: Executor, id: number, error: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'failed', attempts: sql`${outboxMessages.attempts} + 1`, lastError: error.slice(0, 1000) })
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

/** Blanks body, code and link of every message whose code or link expired by `now`; returns how many. */
export async function redactExpired(db: Executor, now: Date, body: string): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ body, code: null, link: null, redactedAt: now })
    .where(and(lte(outboxMessages.expiresAt, now), isNull(outboxMessages.redactedAt)))
    .returning({ id: outboxMessages.id });
  return rows.length;
}
