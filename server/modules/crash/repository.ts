import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { crashChains, crashGames, type CrashChainRow, type CrashGameRow } from './schema';

export type { CrashChainRow, CrashGameRow };

export async function insertChain(
  db: Executor,
  chain: { terminatingHash: string; length: number; createdAt: Date },
): Promise<CrashChainRow> {
  const [row] = await db.insert(crashChains).values(chain).returning();
  return row;
}

/** Inserts games in the order given (their ids follow it). */
export async function insertGames(
  db: Executor,
  games: { chainId: number; position: number; hash: string }[],
): Promise<void> {
  if (games.length > 0) await db.insert(crashGames).values(games);
}

export function listChains(db: Executor): Promise<CrashChainRow[]> {
  return db.select().from(crashChains).orderBy(asc(crashChains.id));
}

export async function lockChain(db: Executor, id: number): Promise<CrashChainRow | undefined> {
  const [row] = await db.select().from(crashChains).where(eq(crashChains.id, id)).for('update');
  return row;
}

export async function setSalt(db: Executor, id: number, salt: string, at: Date): Promise<CrashChainRow> {
  const [row] = await db
    .update(crashChains)
    .set({ salt, saltSetAt: at })
    .where(eq(crashChains.id, id))
    .returning();
  return row;
}

/** How many games of each chain have started (running or busted). */
export async function playedCounts(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ chainId: crashGames.chainId, played: sql<number>`count(*)::int` })
    .from(crashGames)
    .where(isNotNull(crashGames.startedAt))
    .groupBy(crashGames.chainId);
  return new Map(rows.map((row) => [row.chainId, row.played]));
}

/** The chain whose games come next: the oldest with a game not yet started. */
export async function currentChain(db: Executor): Promise<CrashChainRow | undefined> {
  const [row] = await db
    .select()
    .from(crashChains)
    .where(
      sql`EXISTS (SELECT 1 FROM ${crashGames} WHERE ${crashGames.chainId} = ${crashChains.id} AND ${crashGames.status} = 'pending')`,
    )
    .orderBy(asc(crashChains.id))
    .limit(1);
  return row;
}

export function bustedGames(db: Executor, limit: number): Promise<CrashGameRow[]> {
  return db
    .select()
    .from(crashGames)
    .where(and(eq(crashGames.status, 'busted'), isNotNull(crashGames.startedAt)))
    .orderBy(desc(crashGames.id))
    .limit(limit);
}
