import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { casinoGames } from '../casino/schema';
import { blockedCountries } from '../geo/schema';
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

/** The columns of a player the wallet needs: their account currency, status and registration. */
const playerColumns = {
  id: users.id,
  currency: users.currency,
  accountStatus: users.accountStatus,
  excludedUntil: users.excludedUntil,
  createdAt: users.createdAt,
};

/** The one row the context queries join what they look up to (each lookup finds one row or none). */
const oneRow = sql`(SELECT 1) AS one`;

/** A later transaction that names this one (a rollback of it, a win of it). */
const referring = alias(aggregatorTransactions, 'referring');
const namedBy = (transactionUuid: string, kind: 'win' | 'rollback') =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${aggregatorTransactions} AS ${referring} WHERE ${referring.referenceTransactionUuid} = ${transactionUuid}
    AND ${referring.kind} = ${kind})`;

/**
 * Whether the catalogue takes bets for the game: an empty catalogue (not synced yet) takes every code;
 * else the game must be in it, enabled by the aggregator, listed and not disabled by the operator.
 */
const takesBets = (gameCode: string) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM ${casinoGames})
    OR EXISTS (SELECT 1 FROM ${casinoGames} WHERE ${casinoGames.code} = ${gameCode}
      AND ${casinoGames.enabled} AND ${casinoGames.listed} AND NOT ${casinoGames.disabledByOperator})`;

/**
 * Everything a bet is checked against, in one query (the wallet's hot path: one round trip instead of
 * six): the player; the session of the token (any player's: the caller compares); the transaction seen
 * under the uuid; whether a rollback named the uuid before; whether the session's country is blocked; and
 * whether the catalogue takes bets for the game ({@link takesBets}). One row, with nulls for what is
 * not found.
 */
export async function betContext(
  db: Executor,
  input: { userId: number; tokenHash: string; transactionUuid: string; gameCode: string },
) {
  const [row] = await db
    .select({
      player: playerColumns,
      session: aggregatorSessions,
      seen: aggregatorTransactions,
      rolledBackBefore: namedBy(input.transactionUuid, 'rollback'),
      countryBlocked: sql<boolean>`EXISTS (SELECT 1 FROM ${blockedCountries}
        WHERE ${blockedCountries.countryCode} = ${aggregatorSessions.country})`,
      gameTakesBets: takesBets(input.gameCode),
      gameLive: sql<boolean>`EXISTS (SELECT 1 FROM ${casinoGames} WHERE ${casinoGames.code} = ${input.gameCode}
        AND ${casinoGames.live})`,
    })
    .from(oneRow)
    .leftJoin(users, eq(users.id, input.userId))
    .leftJoin(aggregatorSessions, eq(aggregatorSessions.tokenHash, input.tokenHash))
    .leftJoin(aggregatorTransactions, eq(aggregatorTransactions.transactionUuid, input.transactionUuid));
  return row;
}

/**
 * What a win or a rollback is checked against, in one query: the player; the transaction seen under its
 * uuid; the transaction it refers to and whether a win, or a rollback, named that one already; the
 * session of the token (any player's: the caller compares). One row, with nulls for what is not found.
 */
export async function settlementContext(
  db: Executor,
  input: { userId: number; tokenHash: string; transactionUuid: string; reference: string },
) {
  const bet = alias(aggregatorTransactions, 'bet');
  const [row] = await db
    .select({
      player: playerColumns,
      seen: aggregatorTransactions,
      bet,
      betHasWin: namedBy(input.reference, 'win'),
      betRolledBack: namedBy(input.reference, 'rollback'),
      session: aggregatorSessions,
      gameLive: sql<boolean>`EXISTS (SELECT 1 FROM ${casinoGames} WHERE ${casinoGames.code} = ${bet.gameCode}
        AND ${casinoGames.live})`,
    })
    .from(oneRow)
    .leftJoin(users, eq(users.id, input.userId))
    .leftJoin(aggregatorTransactions, eq(aggregatorTransactions.transactionUuid, input.transactionUuid))
    .leftJoin(bet, eq(bet.transactionUuid, input.reference))
    .leftJoin(aggregatorSessions, eq(aggregatorSessions.tokenHash, input.tokenHash));
  return row;
}

/** What the wallet needs of a player ({@link playerColumns}). */
export async function playerOf(db: Executor, userId: number) {
  const [row] = await db.select(playerColumns).from(users).where(eq(users.id, userId));
  return row;
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
