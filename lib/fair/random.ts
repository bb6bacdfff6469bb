import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The Stake-style random source of the provably fair games (DESIGN.md, "Provably fair games"; issue 5).
 *
 * bytes = HMAC-SHA256(key = UTF-8 of the server seed string, message = `${clientSeed}:${nonce}:${round}`),
 * 32 bytes per round, `round = ⌊cursor / 32⌋` (the cursor counts bytes); every 4 bytes make one float
 * `b0/256 + b1/256² + b2/256³ + b3/256⁴` in [0, 1), so a round gives 8 floats.
 *
 * Pure and synchronous; the same code runs on the server (outcomes) and in the browser (verification).
 */

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const BYTES_PER_ROUND = 32;
export const BYTES_PER_FLOAT = 4;

/** SHA-256 of the UTF-8 text, as 64 lowercase hex characters (how a server seed is committed to). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The 32 bytes of one HMAC round. */
export function roundBytes(seeds: Seeds, round: number): Uint8Array {
  return hmac(
    sha256,
    utf8ToBytes(seeds.serverSeed),
    utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`),
  );
}

/** `count` bytes of the stream from byte `cursor` on. */
export function bytes(seeds: Seeds, count: number, cursor = 0): Uint8Array {
  const out = new Uint8Array(count);
  let round = Math.floor(cursor / BYTES_PER_ROUND);
  let offset = cursor - round * BYTES_PER_ROUND;
  let block = roundBytes(seeds, round);
  for (let i = 0; i < count; i += 1) {
    if (offset === BYTES_PER_ROUND) {
      round += 1;
      offset = 0;
      block = roundBytes(seeds, round);
    }
    out[i] = block[offset];
    offset += 1;
  }
  return out;
}

/** `count` floats in [0, 1) from byte `cursor` on (4 bytes each, 8 per round). */
export function floats(seeds: Seeds, count: number, cursor = 0): number[] {
  const stream = bytes(seeds, count * BYTES_PER_FLOAT, cursor);
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = i * BYTES_PER_FLOAT;
    result.push(
      stream[at] / 256 + stream[at + 1] / 256 ** 2 + stream[at + 2] / 256 ** 3 + stream[at + 3] / 256 ** 4,
    );
  }
  return result;
}

/**
 * Draws `count` distinct elements from `pool` (kept in its order): each draw takes `pool[⌊f × pool.length⌋]`
 * with the next float and removes it. Keno hits and miner mines are drawn this way.
 */
export function drawFromPool<T>(seeds: Seeds, pool: readonly T[], count: number): T[] {
  const remaining = [...pool];
  return floats(seeds, count).map((f) => remaining.splice(Math.floor(f * remaining.length), 1)[0]);
}

/** A fresh server seed: 32 random bytes as 64 lowercase hex characters (Web Crypto, so server and browser). */
export function newServerSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
