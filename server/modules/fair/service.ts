/**
 * Seed pairs of the provably fair games: the active pair of a user (created on first use), client-seed
 * changes and rotation (which reveals the server seed). Bets take the nonce with `lockActivePair` +
 * `consumeNonce` inside their own transaction, so the nonce moves only when the bet commits and
 * concurrent bets of one user get consecutive nonces.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { newServerSeed, sha256Hex } from '@/lib/fair';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { gameBets } from '../games/schema';
import { fairSeedPairs } from './schema';

export type SeedPairRow = typeof fairSeedPairs.$inferSelect;

/** Games whose rounds stay open across calls; the pair cannot change while one is open. */
export const STATEFUL_GAMES = ['miner', 'hilo'] as const;

/** A default client seed: 16 random hex characters (the player may change it). */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

async function insertPair(db: Executor, userId: number, clientSeed: string): Promise<void> {
  const serverSeed = newServerSeed();
  await db
    .insert(fairSeedPairs)
    .values({ userId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed })
    .onConflictDoNothing();
}

/** The user's active pair, created on first use (never locked). */
export async function activePair(db: Executor, userId: number): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = await db
      .select()
      .from(fairSeedPairs)
      .where(and(eq(fairSeedPairs.userId, userId), eq(fairSeedPairs.active, true)));
    if (row) return row;
    await insertPair(db, userId, newClientSeed());
  }
  throw new Error(`no active seed pair for user ${userId}`);
}

/**
 * The active pair locked `FOR UPDATE` until the end of the transaction `tx`. Every bet and every pair
 * change of the user goes through this lock, so they are serialised per user. A pair rotated while we
 * waited no longer matches `active` (PostgreSQL re-checks the condition), so we look again.
 */
export async function lockActivePair(tx: Executor, userId: number): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await tx
      .select()
      .from(fairSeedPairs)
      .where(and(eq(fairSeedPairs.userId, userId), eq(fairSeedPairs.active, true)))
      .for('update');
    if (row) return row;
    await insertPair(tx, userId, newClientSeed());
  }
  throw new Error(`could not lock the seed pair of user ${userId}`);
}

/** Advances the locked pair's nonce by one (the bet used `pair.nonce`). */
export async function consumeNonce(tx: Executor, pair: SeedPairRow): Promise<void> {
  await tx
    .update(fairSeedPairs)
    .set({ nonce: pair.nonce + 1 })
    .where(eq(fairSeedPairs.id, pair.id));
}

async function refuseWithOpenRound(tx: Executor, userId: number): Promise<void> {
  const open = await tx
    .select({ id: gameBets.id, game: gameBets.game })
    .from(gameBets)
    .where(
      and(
        eq(gameBets.userId, userId),
        eq(gameBets.status, 'open'),
        inArray(gameBets.game, [...STATEFUL_GAMES]),
      ),
    )
    .limit(1);
  if (open.length > 0) {
    throw ValidationError.field(
      'seed',
      'round_open',
      `Finish the open ${open[0].game} round before changing the seed pair.`,
    );
  }
}

/** Sets the client seed of the active pair (same server seed, nonce kept). 422 with an open round. */
export async function changeClientSeed(
  db: Executor,
  userId: number,
  clientSeed: string,
): Promise<SeedPairRow> {
  return db.transaction(async (tx) => {
    const pair = await lockActivePair(tx, userId);
    await refuseWithOpenRound(tx, userId);
    const [updated] = await tx
      .update(fairSeedPairs)
      .set({ clientSeed })
      .where(eq(fairSeedPairs.id, pair.id))
      .returning();
    return updated;
  });
}

/** Reveals the active pair and starts a new one (nonce 0). 422 with an open round. */
export async function rotatePair(
  db: Executor,
  userId: number,
  clientSeed: string | undefined,
  now: Date,
): Promise<{ previous: SeedPairRow; current: SeedPairRow }> {
  return db.transaction(async (tx) => {
    const pair = await lockActivePair(tx, userId);
    await refuseWithOpenRound(tx, userId);
    const [previous] = await tx
      .update(fairSeedPairs)
      .set({ active: false, revealedAt: now })
      .where(eq(fairSeedPairs.id, pair.id))
      .returning();
    const serverSeed = newServerSeed();
    const [current] = await tx
      .insert(fairSeedPairs)
      .values({
        userId,
        serverSeed,
        serverSeedHash: sha256Hex(serverSeed),
        clientSeed: clientSeed ?? pair.clientSeed,
      })
      .returning();
    return { previous, current };
  });
}

/** The pair as the contract shows it (never the server seed of an active pair). */
export function toSeedPair(row: SeedPairRow) {
  return { server_seed_hash: row.serverSeedHash, client_seed: row.clientSeed, nonce: row.nonce };
}
