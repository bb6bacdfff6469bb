import { scaledRatio, fromScaled } from '../multiplier';
import { floats, type Seeds } from '../random';

/**
 * Dice: `roll = ⌊f × 10001⌋ / 100`, one of the 10 001 values 0.00 … 100.00, all equally likely.
 * The player picks a target (0.01 … 99.99, two decimals) and a direction: `over` wins when roll > target,
 * `under` when roll < target. Multiplier = 0.99 / P(win), rounded half up to four decimals.
 */

export const DICE_RTP = 0.99;
export const DICE_OUTCOMES = 10_001;
/** The win chance (in percent of the 10 001 outcomes, rounded to 2 decimals) must stay within these. */
export const DICE_MIN_CHANCE = 0.01;
export const DICE_MAX_CHANCE = 98;

export type DiceDirection = 'over' | 'under';

/** The roll in hundredths (0 … 10 000). */
export function diceRollHundredths(seeds: Seeds): number {
  return Math.floor(floats(seeds, 1)[0] * DICE_OUTCOMES);
}

/** The roll, 0.00 … 100.00. */
export function diceRoll(seeds: Seeds): number {
  return diceRollHundredths(seeds) / 100;
}

function toHundredths(target: number): number {
  return Math.round(target * 100);
}

/** How many of the 10 001 rolls win. */
export function diceWinningOutcomes(target: number, direction: DiceDirection): number {
  const t = toHundredths(target);
  return direction === 'over' ? 10_000 - t : t;
}

/** The win chance in percent (two decimals), as the page shows it. */
export function diceWinChance(target: number, direction: DiceDirection): number {
  return Math.round((diceWinningOutcomes(target, direction) / DICE_OUTCOMES) * 10_000) / 100;
}

/** Is this target playable: two decimals, inside 0.01–99.99, chance inside the limits. */
export function diceTargetValid(target: number, direction: DiceDirection): boolean {
  const t = toHundredths(target);
  if (!Number.isFinite(target) || Math.abs(t - target * 100) > 1e-6 || t < 1 || t > 9_999) return false;
  const chance = diceWinChance(target, direction);
  return chance >= DICE_MIN_CHANCE && chance <= DICE_MAX_CHANCE;
}

/** Multiplier in 1/10 000ths. */
export function diceMultiplierScaled(target: number, direction: DiceDirection): bigint {
  return scaledRatio(99n * BigInt(DICE_OUTCOMES), 100n * BigInt(diceWinningOutcomes(target, direction)));
}

export function diceMultiplier(target: number, direction: DiceDirection): number {
  return fromScaled(diceMultiplierScaled(target, direction));
}

export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  const r = toHundredths(roll);
  const t = toHundredths(target);
  return direction === 'over' ? r > t : r < t;
}
