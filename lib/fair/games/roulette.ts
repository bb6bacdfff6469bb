import { floats, type Seeds } from '../random';

/**
 * European roulette: pocket `⌊f × 37⌋` (0–36). Standard payouts, stake included: straight 36×, dozen and
 * column 3×, red/black/odd/even/low/high 2×. Zero loses every outside bet, so the RTP of every bet is
 * 36/37 = 97.30 %.
 */

export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP = 36 / 37;

export const RED_POCKETS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type RouletteBetType =
  | 'straight'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high'
  | 'dozen'
  | 'column';
export interface RouletteChipBet {
  type: RouletteBetType;
  /** Pocket for straight (0–36), 1–3 for dozen and column. */
  value?: number;
}

/** Multiplier (stake included) of each bet type. */
export const ROULETTE_MULTIPLIERS: Readonly<Record<RouletteBetType, number>> = {
  straight: 36,
  dozen: 3,
  column: 3,
  red: 2,
  black: 2,
  odd: 2,
  even: 2,
  low: 2,
  high: 2,
};

/** The European wheel order from 0 clockwise (for the animation). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export function roulettePocket(seeds: Seeds): number {
  return Math.floor(floats(seeds, 1)[0] * ROULETTE_POCKETS);
}

export function pocketColor(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED_POCKETS.has(pocket) ? 'red' : 'black';
}

/** Is the chip well-formed: `value` present exactly where the type needs one, in its range. */
export function rouletteChipValid(chip: RouletteChipBet): boolean {
  if (chip.type === 'straight') return Number.isInteger(chip.value) && chip.value! >= 0 && chip.value! <= 36;
  if (chip.type === 'dozen' || chip.type === 'column') {
    return Number.isInteger(chip.value) && chip.value! >= 1 && chip.value! <= 3;
  }
  return chip.value === undefined;
}

export function rouletteChipWins(chip: RouletteChipBet, pocket: number): boolean {
  const value = chip.value ?? -1;
  switch (chip.type) {
    case 'straight':
      return pocket === value;
    case 'red':
      return pocketColor(pocket) === 'red';
    case 'black':
      return pocketColor(pocket) === 'black';
    case 'odd':
      return pocket !== 0 && pocket % 2 === 1;
    case 'even':
      return pocket !== 0 && pocket % 2 === 0;
    case 'low':
      return pocket >= 1 && pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return pocket !== 0 && Math.ceil(pocket / 12) === value;
    case 'column':
      return pocket !== 0 && ((pocket - 1) % 3) + 1 === value;
  }
}
