import { drawFromPool, type Seeds } from '../random';

/**
 * Keno: 40 squares; 10 hits drawn from the ascending pool 1…40, each `pool[⌊f × pool.length⌋]` with the next
 * float, removed once drawn. The player picks 1–10 squares and a risk level; the pay table below gives the
 * multiplier for each number of matches. Every row returns 99 % (within ±0.000005): with n picks,
 * P(k matches) = C(10, k) × C(30, n − k) / C(40, n) (lib/fair/games/keno.test.ts enumerates it).
 */

export const KENO_RTP = 0.99;
export const KENO_SQUARES = 40;
export const KENO_HITS = 10;
export const KENO_MAX_PICKS = 10;
export const KENO_RISKS = ['low', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];

/** `KENO_PAYTABLE[risk][picks - 1][matches]`: the multiplier (stake included). */
export const KENO_PAYTABLE: Readonly<Record<KenoRisk, readonly (readonly number[])[]>> = {
  low: [
    [0, 3.96],
    [0, 2.01, 3.76],
    [0, 1.34, 2.5, 4.81],
    [0, 1, 1.81, 3.62, 6.73],
    [0, 0, 2.12, 4.05, 7.78, 14.59],
    [0, 0, 1.49, 2.85, 5.39, 10.25, 19.47],
    [0, 0, 1.05, 2.26, 3.94, 7.64, 14.51, 27.57],
    [0, 0, 0.86, 1.68, 3, 5.92, 11.24, 21.35, 40.57],
    [0, 0, 0, 1.66, 3.3, 6.16, 11.63, 22.1, 42, 79.79],
    [0, 0, 0, 1.2, 2.43, 5.12, 8.76, 16.64, 31.62, 60.08, 114.14],
  ],
  medium: [
    [0, 3.96],
    [0, 1.74, 5.56],
    [0, 0, 5.64, 18.06],
    [0, 0, 2.72, 8.72, 27.81],
    [0, 0, 1.55, 4.9, 15.83, 50.52],
    [0, 0, 0, 4.41, 14.05, 44.67, 144.15],
    [0, 0, 0, 2.49, 8.09, 25.74, 82.19, 263.01],
    [0, 0, 0, 0, 7.52, 24.31, 77.28, 247.33, 791.44],
    [0, 0, 0, 0, 4.32, 13.84, 44.36, 141.67, 453.36, 1450.74],
    [0, 0, 0, 0, 2.62, 8.57, 27.23, 86.84, 277.88, 889.23, 2845.53],
  ],
  high: [
    [0, 3.96],
    [0, 1.26, 8.76],
    [0, 0, 4.48, 31.11],
    [0, 0, 1.62, 11.63, 80.46],
    [0, 0, 0, 6.03, 41.69, 293.71],
    [0, 0, 0, 2.44, 16.88, 118.36, 830.66],
    [0, 0, 0, 0, 9.38, 65.52, 459.01, 3213.93],
    [0, 0, 0, 0, 4.06, 28.47, 199.07, 1393.82, 9756.77],
    [0, 0, 0, 0, 0, 17.02, 119.22, 833.97, 5839.36, 10000],
    [0, 0, 0, 0, 0, 7.82, 54.89, 383.57, 2685.87, 10000, 10000],
  ],
};

const POOL = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** The 10 hits in draw order. */
export function kenoHits(seeds: Seeds): number[] {
  return drawFromPool(seeds, POOL, KENO_HITS);
}

/** Are the picks 1–10 distinct squares from 1 to 40. */
export function kenoPicksValid(picks: readonly number[]): boolean {
  return (
    picks.length >= 1 &&
    picks.length <= KENO_MAX_PICKS &&
    new Set(picks).size === picks.length &&
    picks.every((square) => Number.isInteger(square) && square >= 1 && square <= KENO_SQUARES)
  );
}

export function kenoMatches(picks: readonly number[], hits: readonly number[]): number[] {
  const hit = new Set(hits);
  return picks.filter((square) => hit.has(square));
}

export function kenoMultiplier(risk: KenoRisk, picks: number, matches: number): number {
  return KENO_PAYTABLE[risk][picks - 1][matches];
}
