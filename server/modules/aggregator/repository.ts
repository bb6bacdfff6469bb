import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { casinoGames } from '../casino/schema';
import { users } from '../users/schema';
import {
  aggregatorSessions,
  aggregatorTransactions,
  type AggregatorSessionRow,
  type AggregatorTransactionRow,
} from './schema';

export type { AggregatorSessionRow, AggregatorTransactionRow };

export async function insertSession(
  db: Executor,
  values: typeof aggregatorSessions.$inferInsert,
): Promise<AggregatorSessionRow> {
  const [row] = await db.insert(aggregatorSessions).values(values).returning();
  return row;
}

export async function sessionByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<AggregatorSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(aggregatorSessions)
    .where(eq(aggregatorSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The player's newest game session (its country is what user/info answers without a token). */
export async function latestSessionOf(
  db: Executor,
  userId: number,
): Promise<AggregatorSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(aggregatorSessions)
    .where(eq(aggregatorSessions.userId, userId))
    .orderBy(desc(aggregatorSessions.id))
    .limit(1);
  return row;
}

/** What the wallet needs of a player: their account currency, status and registration. */
export async function playerOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      currency: users.currency,
      accountStatus: users.accountStatus,
      excludedUntil: users.excludedUntil,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function transactionByUuid(
  db: Executor,
  transactionUuid: string,
): Promise<AggregatorTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(aggregatorTransactions)
    .where(eq(aggregatorTransactions.transactionUuid, transactionUuid))
    .limit(1);
  return row;
}

/** Whether a rollback names this transaction (a rollback may come before the bet it rolls back). */
export async function rollbackOf(
  db: Executor,
  transactionUuid: string,
): Promise<AggregatorTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(aggregatorTransactions)
    .where(
      and(
        eq(aggregatorTransactions.referenceTransactionUuid, transactionUuid),
        eq(aggregatorTransactions.kind, 'rollback'),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the bet has a win (a settled bet is not rolled back). */
export async function hasWin(db: Executor, betUuid: string): Promise<boolean> {
  const rows = await db
    .select({ id: aggregatorTransactions.id })
    .from(aggregatorTransactions)
    .where(
      and(
        eq(aggregatorTransactions.referenceTransactionUuid, betUuid),
        eq(aggregatorTransactions.kind, 'win'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertTransaction(
  db: Executor,
  values: typeof aggregatorTransactions.$inferInsert,
): Promise<AggregatorTransactionRow> {
  const [row] = await db.insert(aggregatorTransactions).values(values).returning();
  return row;
}

export async function markRolledBack(db: Executor, id: number): Promise<void> {
  await db
    .update(aggregatorTransactions)
    .set({ status: 'rolled_back' })
    .where(and(eq(aggregatorTransactions.id, id), ne(aggregatorTransactions.status, 'rolled_back')));
}

/**
 * Whether the catalogue takes bets for the game: an empty catalogue (not synced yet) takes every code;
 * else the game must be in it, enabled by the aggregator, listed and not disabled by the operator.
 */
export async function gameTakesBets(db: Executor, gameCode: string): Promise<boolean> {
  const [row] = await db
    .select({
      ok: sql<boolean>`NOT EXISTS (SELECT 1 FROM ${casinoGames})
        OR EXISTS (SELECT 1 FROM ${casinoGames} WHERE ${casinoGames.code} = ${gameCode}
          AND ${casinoGames.enabled} AND ${casinoGames.listed} AND NOT ${casinoGames.disabledByOperator})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row.ok;
}
