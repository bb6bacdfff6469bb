/**
 * Provably fair seed pairs, the house way (lib/fair): a player's pair is a secret server seed (its
 * SHA-256 shown), a client seed the player may change, and a nonce that each spin uses once. Rotating
 * reveals the server seed and starts a fresh pair; the revealed one lets the player check every spin of
 * the old pair with lib/fair. One pair per player (a real player's aggregator `user`, or a demo launch).
 */
import { randomBytes } from 'node:crypto';
import { newServerSeed, sha256Hex, type Seeds } from '@/lib/fair/random';
import type { Store } from './store';

export interface SeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The pair before the last rotation, its server seed revealed. */
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null;
}

/** What the player sees of their pair (never the current server seed). */
export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  previous: SeedPair['previous'];
}

export const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

const fresh = (clientSeed: string): SeedPair => {
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed, nonce: 0, previous: null };
};

export function seedPairs(store: Store) {
  const pairs = store.state.seeds;
  const pairOf = (player: string): SeedPair => {
    pairs[player] ??= fresh(randomBytes(8).toString('hex'));
    return pairs[player];
  };
  return {
    view(player: string): SeedView {
      const { serverSeedHash, clientSeed, nonce, previous } = pairOf(player);
      return { serverSeedHash, clientSeed, nonce, previous };
    },
    /** The seeds of the player's next spin (the nonce is taken only by `consume`). */
    next(player: string): Seeds {
      const pair = pairOf(player);
      return { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
    },
    /** The spin of `seeds` was played: the pair moves to the next nonce (saved by the caller). */
    consume(player: string, seeds: Seeds): void {
      const pair = pairOf(player);
      if (pair.serverSeed === seeds.serverSeed && pair.nonce === seeds.nonce) pair.nonce += 1;
    },
    /** A new client seed and/or a rotation: the server seed is revealed, a new one committed. */
    change(player: string, input: { clientSeed?: string; rotate?: boolean }): SeedView {
      const pair = pairOf(player);
      const clientSeed = input.clientSeed ?? pair.clientSeed;
      if (input.rotate) {
        const { serverSeed, serverSeedHash, nonce } = pair;
        pairs[player] = {
          ...fresh(clientSeed),
          previous: { serverSeed, serverSeedHash, clientSeed: pair.clientSeed, nonce },
        };
      } else {
        pair.clientSeed = clientSeed;
      }
      store.save();
      return this.view(player);
    },
  };
}
export type SeedPairs = ReturnType<typeof seedPairs>;
