import { choose, fromScaled, scaledRatio } from '../multiplier';
import { drawFromPool, type Seeds } from '../random';

/**
 * Miner: 25 tiles (0–24), 1–24 mines placed with `pool[⌊f × pool.length⌋]` from the ascending pool 0…24,
 * the next float per mine. After k safe tiles the round pays `0.99 × C(25, k) / C(25 − m, k)`
 * (= 0.99 / P(k safe tiles in a row)), rounded half up to four decimals, so cashing out after any
 * number of tiles returns 99 %. A cash-out needs at least one safe tile.
 */

export const MINER_RTP = 0.99;
export const MINER_TILES = 25;
export const MINER_MIN_MINES = 1;
export const MINER_MAX_MINES = 24;

const POOL = Array.from({ length: MINER_TILES }, (_, tile) => tile);

/** The mines, in the order they were placed. */
export function minerMines(seeds: Seeds, mines: number): number[] {
  return drawFromPool(seeds, POOL, mines);
}

/** Multiplier in 1/10 000ths after `safe` safe tiles (1 for none). */
export function minerMultiplierScaled(mines: number, safe: number): bigint {
  if (safe === 0) return 10_000n;
  return scaledRatio(99n * choose(MINER_TILES, safe), 100n * choose(MINER_TILES - mines, safe));
}

export function minerMultiplier(mines: number, safe: number): number {
  return fromScaled(minerMultiplierScaled(mines, safe));
}

/** Probability that the first `safe` tiles opened are all safe. */
export function minerSurvival(mines: number, safe: number): number {
  return Number(choose(MINER_TILES - mines, safe)) / Number(choose(MINER_TILES, safe));
}
