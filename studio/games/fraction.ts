/**
 * Exact rational numbers on bigints, for the RTP computations: every probability of a studio game is a
 * ratio of integers (reel stops, card counts, 1/1024 weights), so its RTP is a fraction, computed without
 * rounding and only turned into a float at the end ({@link toNumber}).
 */

export interface Fraction {
  /** Numerator (carries the sign). */
  readonly n: bigint;
  /** Denominator, > 0; the fraction is kept in lowest terms. */
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function frac(numerator: bigint | number, denominator: bigint | number = 1n): Fraction {
  let n = BigInt(numerator);
  let d = BigInt(denominator);
  if (d === 0n) throw new RangeError('A fraction cannot have a zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ZERO = frac(0);
export const ONE = frac(1);

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.n * b.d, a.d * b.n);
export const sum = (items: readonly Fraction[]): Fraction => items.reduce(add, ZERO);

function bitLength(x: bigint): number {
  return (x < 0n ? -x : x).toString(2).length;
}

/**
 * The nearest float (to ~1e-17 relative): numerator and denominator are first shifted down to 64
 * significant bits, so fractions whose parts exceed a float's range (the hold-and-win chain's powers of
 * 1024) still convert.
 */
export function toNumber(f: Fraction): number {
  const shift = BigInt(Math.max(0, Math.max(bitLength(f.n), bitLength(f.d)) - 64));
  return Number(f.n >> shift) / Number(f.d >> shift);
}
