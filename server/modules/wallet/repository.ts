import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../ledger/schema';

/** Ids of the user's ledger accounts (every currency, cash and bonus). */
export async function userAccountIds(db: Executor, userId: number): Promise<number[]> {
  const accounts = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  return accounts.map((a) => a.id);
}

export async function countEntries(db: Executor, accountIds: number[]): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.accountId, accountIds));
  return total;
}

/** One page of the accounts' entries with their account and transfer, newest first. */
export function pageOfEntries(db: Executor, accountIds: number[], page: number, perPage: number) {
  return db
    .select({
      id: ledgerEntries.id,
      amountMinor: ledgerEntries.amountMinor,
      balanceAfterMinor: ledgerEntries.balanceAfterMinor,
      createdAt: ledgerEntries.createdAt,
      wallet: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      kind: ledgerTransfers.kind,
      meta: ledgerTransfers.meta,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(inArray(ledgerEntries.accountId, accountIds))
    .orderBy(desc(ledgerEntries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}
