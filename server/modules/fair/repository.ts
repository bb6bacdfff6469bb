import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
// Through the database's schema, not games' module: fair only reads whether a round is open.
import { gameBets } from '../../db/schema';
import { fairSeedPairs } from './schema';

export type SeedPairRow = typeof fairSeedPairs.$inferSelect;

/** Inserts a pair unless the user already has an active one. */
export async function insertPairIfNone(
  db: Executor,
  pair: { userId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<void> {
  await db.insert(fairSeedPairs).values(pair).onConflictDoNothing();
}

export async function insertPair(
  db: Executor,
  pair: { userId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<SeedPairRow> {
  const [row] = await db.insert(fairSeedPairs).values(pair).returning();
  return row;
}

/** The user's active pair; `forUpdate` locks it until the end of the transaction. */
export async function findActivePair(
  db: Executor,
  userId: number,
  { forUpdate = false } = {},
): Promise<SeedPairRow | undefined> {
  const query = db
    .select()
    .from(fairSeedPairs)
    .where(and(eq(fairSeedPairs.userId, userId), eq(fairSeedPairs.active, true)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function setNonce(db: Executor, pairId: number, nonce: number): Promise<void> {
  await db.update(fairSeedPairs).set({ nonce }).where(eq(fairSeedPairs.id, pairId));
}

export async function setClientSeed(db: Executor, pairId: number, clientSeed: string): Promise<SeedPairRow> {
  const [row] = await db
    .update(fairSeedPairs)
    .set({ clientSeed })
    .where(eq(fairSeedPairs.id, pairId))
    .returning();
  return row;
}

/** Ends the pair: no longer active, its server seed revealed at `now`. */
export async function revealPair(db: Executor, pairId: number, now: Date): Promise<SeedPairRow> {
  const [row] = await db
    .update(fairSeedPairs)
    .set({ active: false, revealedAt: now })
    .where(eq(fairSeedPairs.id, pairId))
    .returning();
  return row;
}

/** One open round of the user in one of `games`, if any. */
export async function findOpenRound(
  db: Executor,
  userId: number,
  games: readonly string[],
): Promise<{ id: number; game: string } | undefined> {
  const [row] = await db
    .select({ id: gameBets.id, game: gameBets.game })
    .from(gameBets)
    .where(and(eq(gameBets.userId, userId), eq(gameBets.status, 'open'), inArray(gameBets.game, [...games])))
    .limit(1);
  return row;
}
