/**
 * Multipliers are numbers with at most four decimals. A payout in minor units is
 * `⌊amount_minor × multiplier⌋`, computed exactly on integers (multiplier × 10 000 as a bigint).
 *
 * ROUNDING: a table figure derived from a probability (dice, miner, hilo: `0.99 / p`) is rounded to the
 * NEAREST 1/10 000 (half up), not down. Rounding down loses up to 0.0001 × p of RTP, which puts 1 450 of the
 * 9 800 dice targets and 9 miner cells at 0.9899 to four decimals; rounding to the nearest keeps every
 * option within ±0.00005 of its declared RTP, so each equals 0.9900 to four decimals.
 */

export const MULTIPLIER_SCALE = 10_000;
const SCALE = BigInt(MULTIPLIER_SCALE);

/** `numerator / denominator` rounded half up to 1/10 000, as an integer number of 1/10 000ths. */
export function scaledRatio(numerator: bigint, denominator: bigint): bigint {
  return (numerator * SCALE * 2n + denominator) / (denominator * 2n);
}

/** A multiplier number (up to 4 decimals) as 1/10 000ths. */
export function toScaled(multiplier: number): bigint {
  return BigInt(Math.round(multiplier * MULTIPLIER_SCALE));
}

/** 1/10 000ths as a multiplier number. */
export function fromScaled(scaled: bigint): number {
  return Number(scaled) / MULTIPLIER_SCALE;
}

/** `⌊amount_minor × multiplier⌋` exactly. */
export function payoutMinor(amountMinor: number | bigint, multiplier: number | bigint): bigint {
  const scaled = typeof multiplier === 'bigint' ? multiplier : toScaled(multiplier);
  return (BigInt(amountMinor) * scaled) / SCALE;
}

/** The product of two multipliers, rounded half up to four decimals (hilo's running multiplier). */
export function multiplyScaled(a: bigint, b: bigint): bigint {
  return (a * b * 2n + SCALE) / (SCALE * 2n);
}

/** n choose k as a bigint. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
