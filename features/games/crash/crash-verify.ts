import { crashPoint, previousGameHash } from '@/lib/fair/crash';
import { CHAIN_SEARCH_MAX_STEPS } from './constants';

/**
 * The crash verifier's computation (lib/fair/crash.ts), loaded by crash-verifier.tsx only when a player
 * first verifies a game: it brings in @noble/hashes, which the page's first load does without.
 */

/** How long one slice of the search may hold the main thread before it lets the page breathe. */
const SLICE_MS = 12;
/** How many steps run between two looks at the clock. */
const STEPS_PER_CHECK = 256;

export interface CrashGameCheck {
  /** The crash point, with two decimals (1 at the least). */
  point: number;
  /** The previous game's hash: the SHA-256 of this one's 64 hex characters. */
  previousHash: string;
}

/** What one game hash tells on its own, at once. */
export function checkCrashGame(gameHash: string, salt: string): CrashGameCheck {
  return { point: crashPoint(gameHash, salt), previousHash: previousGameHash(gameHash) };
}

export type ChainSearchResult =
  /** The game's position in the chain (1 for the first game): the steps back to the terminating hash. */
  | { kind: 'found'; position: number }
  /** Not met within `steps` games back. */
  | { kind: 'not-found'; steps: number }
  /** Stopped by the player after `steps` games back. */
  | { kind: 'cancelled'; steps: number };

export interface ChainSearchOptions {
  maxSteps?: number;
  signal?: AbortSignal;
  /** Called after each slice with the number of games checked so far. */
  onProgress?: (steps: number) => void;
}

const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `chainPosition` of lib/fair/crash.ts (same steps, same answer), cut into slices of about 12 ms with a
 * pause between them, so a search of 100,000 games keeps the page responsive, reports its progress and can
 * be cancelled.
 */
export async function searchChain(
  gameHash: string,
  terminatingHash: string,
  { maxSteps = CHAIN_SEARCH_MAX_STEPS, signal, onProgress }: ChainSearchOptions = {},
): Promise<ChainSearchResult> {
  let hash = gameHash;
  let step = 0;
  while (step < maxSteps) {
    if (signal?.aborted) return { kind: 'cancelled', steps: step };
    const sliceEnd = performance.now() + SLICE_MS;
    do {
      const end = Math.min(maxSteps, step + STEPS_PER_CHECK);
      while (step < end) {
        step += 1;
        hash = previousGameHash(hash);
        if (hash === terminatingHash) return { kind: 'found', position: step };
      }
    } while (step < maxSteps && performance.now() < sliceEnd);
    onProgress?.(step);
    if (step < maxSteps) await breathe();
  }
  return { kind: 'not-found', steps: maxSteps };
}
