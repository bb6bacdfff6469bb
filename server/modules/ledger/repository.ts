/** The ledger's queries; the rules (balance checks, lock order, idempotency) are in service.ts. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './schema';

export interface LedgerAccount {
  id: number;
  key: string;
  userId: number | null;
  currency: string;
  kind: string;
  balanceMinor: bigint;
}

const accountColumns = {
  id: ledgerAccounts.id,
  key: ledgerAccounts.key,
  userId: ledgerAccounts.userId,
  currency: ledgerAccounts.currency,
  kind: ledgerAccounts.kind,
  balanceMinor: ledgerAccounts.balanceMinor,
};

/** Takes a transaction-scoped advisory lock on the pair of keys. */
export async function advisoryXactLock(tx: Executor, classKey: number, objectKey: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${classKey}::int, ${objectKey}::int)`);
}

/** Inserts the account unless its key exists, then reads it. */
export async function ensureAccount(
  db: Executor,
  values: { key: string; userId: number | null; systemCode: string | null; currency: string; kind: string },
): Promise<LedgerAccount | undefined> {
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing({ target: ledgerAccounts.key });
  const [row] = await db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, values.key));
  return row;
}

export function accountsOfUser(db: Executor, userId: number): Promise<LedgerAccount[]> {
  return db.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
}

export function ownersOf(db: Executor, accountIds: number[]): Promise<{ userId: number | null }[]> {
  return db
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
}

/** Records the transfer unless its idempotency key exists (then undefined). */
export async function insertTransferOnce(
  db: Executor,
  values: typeof ledgerTransfers.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [inserted] = await db
    .insert(ledgerTransfers)
    .values(values)
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  return inserted;
}

export async function findTransferHash(
  db: Executor,
  idempotencyKey: string,
): Promise<{ id: number; payloadHash: string } | undefined> {
  const [existing] = await db
    .select({ id: ledgerTransfers.id, payloadHash: ledgerTransfers.payloadHash })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return existing;
}

export function balancesOf(db: Executor, accountIds: number[]) {
  return db
    .select({ id: ledgerAccounts.id, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
}

/** The accounts locked `FOR UPDATE` in ascending id order. */
export function lockAccounts(db: Executor, accountIds: number[]) {
  return db
    .select({
      id: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

export function currenciesOf(db: Executor, accountIds: number[]) {
  return db
    .selectDistinct({ currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
}

export async function addToBalance(db: Executor, accountId: number, amountMinor: bigint): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${amountMinor}` })
    .where(eq(ledgerAccounts.id, accountId));
}

export async function insertEntries(
  db: Executor,
  rows: (typeof ledgerEntries.$inferInsert)[],
): Promise<void> {
  await db.insert(ledgerEntries).values(rows);
}

export async function findTransferByKey(db: Executor, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  return row;
}

export async function findUserBalance(
  db: Executor,
  userId: number,
  currency: string,
  kind: string,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, kind),
      ),
    );
  return row?.balanceMinor;
}
