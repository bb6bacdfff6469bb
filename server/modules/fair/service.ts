/**
 * Seed pairs of the provably fair games: the active pair of a user (created on first use), client-seed
 * changes and rotation (which reveals the server seed). Bets take the nonce with `lockActivePair` +
 * `consumeNonce` inside their own transaction, so the nonce moves only when the bet commits and
 * concurrent bets of one user get consecutive nonces.
 */
import { randomBytes } from 'node:crypto';
import { newServerSeed, sha256Hex } from '@/lib/fair';
import type { Executor } from '../../db/client';
import { ValidationError } from '../../lib/errors';

import * as repository from './repository';
import type { SeedPairRow } from './repository';

export type { SeedPairRow };

/** Games whose rounds stay open across calls; the pair cannot change while one is open. */
export const STATEFUL_GAMES = ['miner', 'hilo'] as const;

/** A default client seed: 16 random hex characters (the player may change it). */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

function newPair(userId: number, clientSeed: string) {
  const serverSeed = newServerSeed();
  return { userId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed };
}

/** The user's active pair, created on first use (never locked). */
export async function activePair(db: Executor, userId: number): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await repository.findActivePair(db, userId);
    if (row) return row;
    await repository.insertPairIfNone(db, newPair(userId, newClientSeed()));
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
    const row = await repository.findActivePair(tx, userId, { forUpdate: true });
    if (row) return row;
    await repository.insertPairIfNone(tx, newPair(userId, newClientSeed()));
  }
  throw new Error(`could not lock the seed pair of user ${userId}`);
}

/** Advances the locked pair's nonce by one (the bet used `pair.nonce`). */
export async function consumeNonce(tx: Executor, pair: SeedPairRow): Promise<void> {
  await repository.setNonce(tx, pair.id, pair.nonce + 1);
}

async function refuseWithOpenRound(tx: Executor, userId: number): Promise<void> {
  const open = await repository.findOpenRound(tx, userId, STATEFUL_GAMES);
  if (open) {
    throw ValidationError.field(
      'seed',
      'round_open',
      `Finish the open ${open.game} round before changing the seed pair.`,
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
    return repository.setClientSeed(tx, pair.id, clientSeed);
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
    const previous = await repository.revealPair(tx, pair.id, now);
    const current = await repository.insertPair(tx, newPair(userId, clientSeed ?? pair.clientSeed));
    return { previous, current };
  });
}

/** The pair as the contract shows it (never the server seed of an active pair). */
export function toSeedPair(row: SeedPairRow) {
  return { server_seed_hash: row.serverSeedHash, client_seed: row.clientSeed, nonce: row.nonce };
}
