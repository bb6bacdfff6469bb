import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Crash (issue 16): the public bustabit scheme, so that any public bustabit verifier agrees.
 *
 * - A chain of game hashes: game n−1's hash is the lowercase hex SHA-256 of game n's hash written as
 *   lowercase hex (the ASCII text of the 64 characters). The chain is made backwards from a random seed and
 *   played forwards; its terminating hash (the one before the first game) is published before the first
 *   game, so every game's hash, once revealed, leads back to it.
 * - The crash point of a game: h = HMAC-SHA256(key = the salt's UTF-8 bytes, message = the game hash's 32
 *   bytes); r = the first 52 bits of h; X = r / 2^52 rounded to 9 significant digits (JavaScript's
 *   `parseFloat(X.toPrecision(9))`); point = max(1, ⌊99 / (1 − X)⌋ / 100). A 1 % house edge; a point
 *   below 1.00 is an instant bust at 1.00.
 *
 * Pure and synchronous; the server (outcomes) and the browser (the verifier) run the same code.
 */

const HASH = /^[0-9a-f]{64}$/;

export function isGameHash(value: string): boolean {
  return HASH.test(value);
}

/** The hash of the game before the one whose hash is `hash`. */
export function previousGameHash(hash: string): string {
  return bytesToHex(sha256(utf8ToBytes(hash)));
}

/** X in [0, 1) of a game, rounded to 9 significant digits as bustabit's verifier rounds it. */
export function crashUniform(gameHash: string, salt: string): number {
  if (!isGameHash(gameHash)) throw new Error('a game hash is 64 lowercase hex characters');
  const h = bytesToHex(hmac(sha256, utf8ToBytes(salt), hexToBytes(gameHash)));
  const r = Number.parseInt(h.slice(0, 13), 16);
  return Number.parseFloat((r / 2 ** 52).toPrecision(9));
}

/** The crash point of a game, with two decimals (1.00 at the least). */
export function crashPoint(gameHash: string, salt: string): number {
  const x = crashUniform(gameHash, salt);
  return Math.max(1, Math.floor(99 / (1 - x)) / 100);
}

/** The crash point in hundredths (an integer: 100 is 1.00×), as the server stores and compares it. */
export function crashPointHundredths(gameHash: string, salt: string): number {
  return Math.round(crashPoint(gameHash, salt) * 100);
}

/**
 * Whether `gameHash` belongs to the chain that ends in `terminatingHash`, at most `maxSteps` games after
 * it: the number of steps back to it (the game's position, 1 for the first game), or null.
 */
export function chainPosition(gameHash: string, terminatingHash: string, maxSteps: number): number | null {
  let hash = gameHash;
  for (let step = 1; step <= maxSteps; step += 1) {
    hash = previousGameHash(hash);
    if (hash === terminatingHash) return step;
  }
  return null;
}

/** The growth of the multiplier during a round: e^(0.00006 · ms). */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier `ms` after the round's start, floored to hundredths (100 = 1.00×). */
export function multiplierAtHundredths(ms: number): number {
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, ms)) + 1e-9);
}

/** The first whole millisecond at which the multiplier reaches `hundredths` (a cash-out target, a bust). */
export function msToReach(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS) - 1);
  while (multiplierAtHundredths(ms) < hundredths) ms += 1;
  return ms;
}

/**
 * The return to player at any cash-out target from 1.01×: P(point ≥ t) · t = (0.99 / t) · t = 99 %, for X
 * uniform in [0, 1) (X ≥ 1 − 0.99 / t).
 */
export const CRASH_RTP = 0.99;
