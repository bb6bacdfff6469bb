/**
 * Crash chains (issue 16): making a chain, setting its salt, and what the fairness page and the history
 * show. The rounds themselves (betting window, the multiplier's clock, cash-outs, the bust) are not built
 * yet: see the notes.
 */
import { randomBytes } from 'node:crypto';
import type { CrashFairness, CrashHistory } from '@/lib/contracts/crash';
import { previousGameHash } from '@/lib/fair/crash';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { ValidationError } from '../../lib/errors';
import * as repository from './repository';

export const MAX_CHAIN_LENGTH = 2_000_000;
const INSERT_BATCH = 5_000;

/**
 * Makes a chain of `length` games from a fresh random hash (game `length`'s), each earlier game's hash the
 * SHA-256 of the next one's hex text; stores it with its terminating hash (the SHA-256 of game 1's), in one
 * transaction. The random start is not kept: only the chain is.
 */
export async function createChain(
  db: Executor,
  input: { length: number; now: Date },
): Promise<repository.CrashChainRow> {
  if (!Number.isInteger(input.length) || input.length < 1 || input.length > MAX_CHAIN_LENGTH)
    throw ValidationError.field('length', 'invalid', `The length must be 1 to ${MAX_CHAIN_LENGTH}.`);
  const hashes = new Array<string>(input.length);
  let hash = randomBytes(32).toString('hex');
  for (let position = input.length; position >= 1; position -= 1) {
    hashes[position - 1] = hash;
    hash = previousGameHash(hash);
  }
  const terminatingHash = hash;
  return runTransaction(db, async (tx) => {
    const chain = await repository.insertChain(tx, {
      terminatingHash,
      length: input.length,
      createdAt: input.now,
    });
    for (let start = 0; start < hashes.length; start += INSERT_BATCH) {
      await repository.insertGames(
        tx,
        hashes
          .slice(start, start + INSERT_BATCH)
          .map((gameHash, i) => ({ chainId: chain.id, position: start + i + 1, hash: gameHash })),
      );
    }
    return chain;
  });
}

export type SaltResult =
  | { done: true; chain: repository.CrashChainRow }
  | { done: false; reason: 'no_chain' | 'already_set' | 'played'; chain?: repository.CrashChainRow };

/**
 * Sets the salt of a chain (by default the newest one without a salt), once, and only before any of its
 * games was played: the salt comes after the chain is published, so neither can be chosen for the other.
 */
export async function setChainSalt(
  db: Executor,
  input: { salt: string; chainId?: number; now: Date },
): Promise<SaltResult> {
  return runTransaction(db, async (tx) => {
    const chains = await repository.listChains(tx);
    const target =
      input.chainId !== undefined
        ? chains.find((chain) => chain.id === input.chainId)
        : [...chains].reverse().find((chain) => chain.salt === null);
    if (!target) return { done: false, reason: 'no_chain' };
    const chain = await repository.lockChain(tx, target.id);
    if (!chain) return { done: false, reason: 'no_chain' };
    if (chain.salt !== null) return { done: false, reason: 'already_set', chain };
    if ((await repository.playedCounts(tx)).get(chain.id)) return { done: false, reason: 'played', chain };
    return { done: true, chain: await repository.setSalt(tx, chain.id, input.salt, input.now) };
  });
}

export async function fairness(db: Executor): Promise<CrashFairness> {
  const chain = await repository.currentChain(db);
  return { terminating_hash: chain?.terminatingHash ?? null, salt: chain?.salt ?? null };
}

/** Finished games only: a game's hash is revealed with its bust, never before. */
export async function history(db: Executor, limit: number): Promise<CrashHistory> {
  const games = await repository.bustedGames(db, limit);
  return {
    items: games.map((game) => ({
      id: game.id,
      hash: game.hash,
      crash_point: (game.crashPoint ?? 100) / 100,
      started_at: game.startedAt!.toISOString(),
    })),
  };
}

export const chainsWithPlayed = async (db: Executor) => {
  const [chains, played] = await Promise.all([repository.listChains(db), repository.playedCounts(db)]);
  return chains.map((chain) => ({ chain, played: played.get(chain.id) ?? 0 }));
};
