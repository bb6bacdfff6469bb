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

/**
 * The account of the key, inserted when it does not exist yet. Read first: it almost always exists, and
 * an insert that finds the key taken waits for any open transaction that updated the row (a house shard
 * in the middle of another player's bet) before it gives up.
 */
export async function ensureAccount(
  db: Executor,
  values: { key: string; userId: number | null; systemCode: string | null; currency: string; kind: string },
): Promise<LedgerAccount | undefined> {
  const [found] = await accountsByKeys(db, [values.key]);
  if (found) return found;
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing({ target: ledgerAccounts.key });
  const [row] = await accountsByKeys(db, [values.key]);
  return row;
}

/** The accounts of these keys that exist. */
export function accountsByKeys(db: Executor, keys: string[]): Promise<LedgerAccount[]> {
  return db.select(accountColumns).from(ledgerAccounts).where(inArray(ledgerAccounts.key, keys));
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
      currency: ledgerAccounts.currency,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(ledgerAccounts.id)
    .for('update');
}

/**
 * A transfer's entries and the balances they change, in one statement: each account's cached balance
 * grows by its entry's amount (the rows are locked already), and the entries are recorded.
 */
export async function moveBalances(
  db: Executor,
  entries: {
    transferId: number;
    accountId: number;
    amountMinor: bigint;
    balanceAfterMinor: bigint;
  }[],
): Promise<void> {
  const moves = sql.join(
    entries.map((entry) => sql`(${entry.accountId}::int, ${entry.amountMinor}::bigint)`),
    sql`, `,
  );
  const rows = sql.join(
    entries.map(
      (entry) =>
        sql`(${entry.transferId}::bigint, ${entry.accountId}::int, ${entry.amountMinor}::bigint, ${entry.balanceAfterMinor}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    WITH moved AS (
      UPDATE ${ledgerAccounts} SET balance_minor = ${ledgerAccounts}.balance_minor + move.amount
      FROM (VALUES ${moves}) AS move (id, amount)
      WHERE ${ledgerAccounts}.id = move.id
    )
    INSERT INTO ${ledgerEntries} (transfer_id, account_id, amount_minor, balance_after_minor)
    VALUES ${rows}`);
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
