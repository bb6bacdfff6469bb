import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { PayoutStatus } from '@/lib/constants/payouts';
import type { Executor } from '../../db/client';
import { payoutMethods, payouts } from './schema';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type NewPayoutMethodRow = typeof payoutMethods.$inferInsert;
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;

/** Statuses whose money went back to the player: they do not count against the daily limit. */
const RETURNED: PayoutStatus[] = ['failed', 'rejected', 'cancelled'];

export function listEnabledPayoutMethods(db: Executor, currency: string): Promise<PayoutMethodRow[]> {
  return db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.currency, currency), eq(payoutMethods.enabled, true)))
    .orderBy(asc(payoutMethods.sort), asc(payoutMethods.id));
}

export async function findEnabledPayoutMethod(
  db: Executor,
  hash: string,
): Promise<PayoutMethodRow | undefined> {
  const [method] = await db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.hash, hash), eq(payoutMethods.enabled, true)));
  return method;
}

export async function payoutMethodsByIds(db: Executor, ids: number[]): Promise<PayoutMethodRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payoutMethods).where(inArray(payoutMethods.id, ids));
}

export async function insertPayoutMethods(db: Executor, rows: NewPayoutMethodRow[]): Promise<void> {
  await db.insert(payoutMethods).values(rows).onConflictDoNothing();
}

export async function insertPayout(db: Executor, row: NewPayoutRow): Promise<PayoutRow> {
  const [inserted] = await db.insert(payouts).values(row).returning();
  return inserted;
}

export async function findPayoutByKey(
  db: Executor,
  userId: number,
  idempotencyKey: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findPayout(db: Executor, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** The payout's row, locked until the transaction ends (two operators, a callback: one at a time). */
export async function lockPayout(db: Executor, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

export async function lockPayoutByRef(
  db: Executor,
  provider: string,
  providerRef: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider), eq(payouts.providerRef, providerRef)))
    .for('update');
  return row;
}

export async function updatePayout(
  db: Executor,
  id: number,
  changes: Partial<Omit<NewPayoutRow, 'id'>>,
): Promise<PayoutRow> {
  const [row] = await db.update(payouts).set(changes).where(eq(payouts.id, id)).returning();
  return row;
}

export function payoutsOfUser(db: Executor, userId: number, limit: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.id)).limit(limit);
}

export function listPayouts(
  db: Executor,
  filter: { userId?: number; status?: PayoutStatus; limit: number },
): Promise<PayoutRow[]> {
  const where = [];
  if (filter.userId !== undefined) where.push(eq(payouts.userId, filter.userId));
  if (filter.status !== undefined) where.push(eq(payouts.status, filter.status));
  return db
    .select()
    .from(payouts)
    .where(and(...where))
    .orderBy(desc(payouts.id))
    .limit(filter.limit);
}

/** What the player has requested in a currency since `since`, returned requests left out. */
export async function requestedSince(
  db: Executor,
  userId: number,
  currency: string,
  since: Date,
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountMinor}), 0)` })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        eq(payouts.currency, currency),
        gte(payouts.createdAt, since),
        notInArray(payouts.status, RETURNED),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Whether the player has ever been paid out. */
export async function hasPaidPayout(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), eq(payouts.status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/** Payouts of `providers` waiting on the provider (`approved`: to be sent; `sent`) since before `before`. */
export function payoutsToReconcile(
  db: Executor,
  input: { providers: string[]; before: Date; limit: number },
): Promise<PayoutRow[]> {
  if (input.providers.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(payouts)
    .where(
      and(
        inArray(payouts.provider, input.providers),
        inArray(payouts.status, ['approved', 'sent']),
        lte(payouts.updatedAt, input.before),
      ),
    )
    .orderBy(asc(payouts.id))
    .limit(input.limit);
}

// --- methods (the operator's `method` commands) ---

export function allPayoutMethods(db: Executor): Promise<PayoutMethodRow[]> {
  return db.select().from(payoutMethods).orderBy(asc(payoutMethods.currency), asc(payoutMethods.sort));
}

export async function findPayoutMethod(db: Executor, hash: string): Promise<PayoutMethodRow | undefined> {
  const [method] = await db.select().from(payoutMethods).where(eq(payoutMethods.hash, hash));
  return method;
}

/** Inserts a method; undefined when its hash is taken. */
export async function insertPayoutMethod(
  db: Executor,
  row: NewPayoutMethodRow,
): Promise<PayoutMethodRow | undefined> {
  const [inserted] = await db.insert(payoutMethods).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function setPayoutMethodEnabled(db: Executor, hash: string, enabled: boolean): Promise<void> {
  await db.update(payoutMethods).set({ enabled }).where(eq(payoutMethods.hash, hash));
}
