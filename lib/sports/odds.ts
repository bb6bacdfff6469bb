/**
 * The sportsbook's odds arithmetic (issue 18), pure and shared by the API server (pricing, payouts,
 * settlement, cash-out) and the pages (the slip's potential payout). Odds are decimal odds in whole
 * thousandths (`oddsMilli`, 1.85 → 1850); money is bigint minor units. Every payout is computed exactly
 * and rounded down to a minor unit once, at the end.
 */
import {
  MAX_LEGS,
  MAX_ODDS_MILLI,
  MIN_ODDS_MILLI,
  SYSTEM_MAX_LEGS,
  type SportBetKind,
} from '@/lib/constants/sports';

/**
 * Prices outcomes whose true probabilities are `probabilities` (summing to 1) with a margin: each outcome's
 * implied probability is scaled by 1 + margin/100, so the book's implied probabilities sum to 1 + margin
 * (the overround). Odds are rounded down to a hundredth (the book never offers more than its price) and
 * kept within MIN_ODDS_MILLI..MAX_ODDS_MILLI.
 */
export function applyMargin(probabilities: readonly number[], marginPercent: number): number[] {
  const overround = 1 + marginPercent / 100;
  return probabilities.map((p) => {
    const odds = 1 / (p * overround);
    const hundredths = Math.floor(odds * 100 + 1e-9);
    return Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, hundredths * 10));
  });
}

/**
 * The margin of a market's prices: the sum of their implied probabilities less 1, in percent (6.0 for
 * a 6 % overround).
 */
export function marginPercentOf(oddsMilli: readonly number[]): number {
  return (oddsMilli.reduce((sum, odds) => sum + 1000 / odds, 0) - 1) * 100;
}

/**
 * Removes the margin from a market's prices: the fair probabilities, each implied probability divided
 * by their sum (the proportional method), so they sum to 1.
 */
export function removeMargin(oddsMilli: readonly number[]): number[] {
  const implied = oddsMilli.map((odds) => 1000 / odds);
  const sum = implied.reduce((a, b) => a + b, 0);
  return implied.map((p) => p / sum);
}

/** Decimal odds from thousandths: 1850 → 1.85. */
export function oddsFromMilli(milli: number): number {
  return milli / 1000;
}

/** Thousandths from decimal odds, to the nearest: 1.85 → 1850. */
export function oddsToMilli(odds: number): number {
  return Math.round(odds * 1000);
}

/**
 * The k-element combinations of `items`, in lexicographic order of their positions ([a, b, c], 2 →
 * [a, b], [a, c], [b, c]). k = 0 gives one empty combination; k > items.length none.
 */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a whole number ≥ 0, got ${k}`);
  const n = items.length;
  const result: T[][] = [];
  if (k > n) return result;
  const positions = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    result.push(positions.map((i) => items[i]));
    // The rightmost position that can still move right; none left means the last combination was taken.
    let i = k - 1;
    while (i >= 0 && positions[i] === n - k + i) i -= 1;
    if (i < 0) return result;
    positions[i] += 1;
    for (let j = i + 1; j < k; j += 1) positions[j] = positions[j - 1] + 1;
  }
}

/** C(n, k), the number of k-element combinations of n items (0 when k > n). */
export function combinationCount(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n < 0 || k < 0) {
    throw new RangeError(`C(${n}, ${k}) needs whole numbers ≥ 0`);
  }
  if (k > n) return 0;
  let result = 1;
  // Each partial product C(n − k + i, i) is a whole number, so the division is exact.
  for (let i = 1; i <= Math.min(k, n - k); i += 1) result = (result * (n - i + 1)) / i;
  return result;
}

export type LegResult = 'won' | 'lost' | 'void';

/** A settled leg of a bet: its taken odds and its result. */
export interface PayoutLeg {
  oddsMilli: number;
  result: LegResult;
}

/** What a bet's arithmetic needs of its kind: a system's k (`systemK`) is ignored for the others. */
export interface BetShape {
  kind: SportBetKind;
  systemK?: number | null;
}

/**
 * The number of legs in each of a bet's accumulators (1 for a single, all of them for an express, k for
 * a system k/n), after checking the bet's shape: a single has one leg, an express 2 to MAX_LEGS, a system
 * k/n has n from 3 to SYSTEM_MAX_LEGS and k from 2 to n − 1. Throws a RangeError otherwise.
 */
export function comboSize(bet: BetShape, legCount: number): number {
  switch (bet.kind) {
    case 'single':
      if (legCount !== 1) throw new RangeError(`a single has one leg, got ${legCount}`);
      return 1;
    case 'express':
      if (legCount < 2 || legCount > MAX_LEGS) {
        throw new RangeError(`an express has 2 to ${MAX_LEGS} legs, got ${legCount}`);
      }
      return legCount;
    case 'system': {
      if (legCount < 3 || legCount > SYSTEM_MAX_LEGS) {
        throw new RangeError(`a system has 3 to ${SYSTEM_MAX_LEGS} legs, got ${legCount}`);
      }
      const k = bet.systemK;
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 2 || k > legCount - 1) {
        throw new RangeError(`a system of ${legCount} legs has k from 2 to ${legCount - 1}, got ${k}`);
      }
      return k;
    }
    default:
      throw new RangeError(`unknown bet kind ${String((bet as { kind: unknown }).kind)}`);
  }
}

function checkOdds(oddsMilli: number): void {
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < 1000) {
    throw new RangeError(`odds must be whole thousandths of at least 1.000, got ${oddsMilli}`);
  }
}

function checkStake(stakeMinor: bigint): void {
  if (stakeMinor < 0n) throw new RangeError(`a stake cannot be negative, got ${stakeMinor}`);
}

/** A leg's factor in thousandths once settled: its odds if won, 1.000 if void, 0 if lost. */
function settledFactor(leg: PayoutLeg): bigint {
  checkOdds(leg.oddsMilli);
  switch (leg.result) {
    case 'won':
      return BigInt(leg.oddsMilli);
    case 'void':
      return 1000n;
    case 'lost':
      return 0n;
    default:
      throw new RangeError(`unknown leg result ${String(leg.result)}`);
  }
}

/**
 * The payout of a settled bet, in minor units: a single pays stake × odds, an express stake × the
 * product of its odds, a system k/n splits the stake equally over its C(n, k) accumulators of k legs, each
 * paid as an express. A void leg counts as odds 1.000, a lost leg makes its accumulator pay nothing.
 *
 * Exact: Σ over the accumulators of stake × Π oddsMilli, over C × 1000^k, in bigint, rounded down to a
 * minor unit once at the end (so a system's share of the stake is never rounded on its own). Throws a
 * RangeError on a bet of the wrong shape (see {@link comboSize}), odds below 1.000 or a negative stake.
 */
export function betPayoutMinor(bet: BetShape & { stakeMinor: bigint; legs: readonly PayoutLeg[] }): bigint {
  checkStake(bet.stakeMinor);
  const k = comboSize(bet, bet.legs.length);
  const factors = bet.legs.map(settledFactor);
  let numerator = 0n;
  for (const combo of combinations(factors, k)) {
    numerator += combo.reduce((product, factor) => product * factor, bet.stakeMinor);
  }
  return numerator / (BigInt(combinationCount(bet.legs.length, k)) * 1000n ** BigInt(k));
}

/** The payout of a bet if every leg wins (the slip's potential payout), exact and rounded down. */
export function potentialPayoutMinor(
  bet: BetShape & { stakeMinor: bigint; oddsMilli: readonly number[] },
): bigint {
  return betPayoutMinor({
    kind: bet.kind,
    systemK: bet.systemK,
    stakeMinor: bet.stakeMinor,
    legs: bet.oddsMilli.map((oddsMilli) => ({ oddsMilli, result: 'won' as const })),
  });
}

/**
 * The product of odds, rounded down to a thousandth: what an express shows as its odds (1.50 × 2.10 ×
 * 1.85 = 5.8275 → 5827). An empty list gives 1.000. For display and the bonus wagering rule only: a payout
 * multiplies the exact product ({@link betPayoutMinor}), not this rounded one.
 */
export function totalOddsMilli(oddsMilli: readonly number[]): number {
  oddsMilli.forEach(checkOdds);
  const product = oddsMilli.reduce((acc, odds) => acc * BigInt(odds), 1n);
  const divisor = 1000n ** BigInt(Math.max(0, oddsMilli.length - 1));
  return Number(oddsMilli.length === 0 ? 1000n : product / divisor);
}

/**
 * The smallest product of odds among the k-combinations of `oddsMilli` (a system's lowest accumulator),
 * rounded down to a thousandth. All odds are at least 1.000, so it is the product of the k lowest.
 */
export function lowestComboOddsMilli(oddsMilli: readonly number[], k: number): number {
  if (!Number.isInteger(k) || k < 1 || k > oddsMilli.length) {
    throw new RangeError(`k must be from 1 to ${oddsMilli.length}, got ${k}`);
  }
  return totalOddsMilli([...oddsMilli].sort((a, b) => a - b).slice(0, k));
}

/** A leg of an open bet for cash-out: `result` null while its market is open. */
export interface CashoutLeg {
  oddsMilli: number;
  result: LegResult | null;
  /** The outcome's fair probability now (removeMargin of its market's current prices); null if settled. */
  probability: number | null;
}

/**
 * What the book pays to close an open bet now, in minor units: its fair value less `marginPercent`
 * percent (CASHOUT_MARGIN_PERCENT). The fair value is Σ over the bet's accumulators (one for a single or
 * an express, C(n, k) for a system, each with its equal share of the stake) of share × Π of its legs'
 * factors: a won leg its taken odds, a void leg 1, a lost leg 0, an open leg its taken odds × its fair
 * probability now (the chance it still wins).
 *
 * The probabilities are floating point, so this value is too: each accumulator's stake × odds part is
 * exact in bigint, multiplied by its probability product as a double, and the sum times (1 −
 * marginPercent/100) goes to whole minor units with Math.floor at the end. A relative tolerance of 1e-12
 * before the floor keeps a value that is a whole number of minor units in exact arithmetic (2 000 ×
 * 0.95 = 1 900) from dropping one unit to binary rounding. Throws a RangeError on a bet of the wrong
 * shape, an open leg without a probability (or one outside 0..1), or a margin outside 0..100.
 */
export function cashoutValueMinor(
  bet: BetShape & { stakeMinor: bigint; legs: readonly CashoutLeg[]; marginPercent: number },
): bigint {
  checkStake(bet.stakeMinor);
  if (!Number.isFinite(bet.marginPercent) || bet.marginPercent < 0 || bet.marginPercent > 100) {
    throw new RangeError(`a cash-out margin is 0 to 100 percent, got ${bet.marginPercent}`);
  }
  const k = comboSize(bet, bet.legs.length);
  const factors = bet.legs.map((leg) => {
    if (leg.result !== null) return { milli: settledFactor({ ...leg, result: leg.result }), probability: 1 };
    checkOdds(leg.oddsMilli);
    const p = leg.probability;
    if (p === null || !Number.isFinite(p) || p < 0 || p > 1) {
      throw new RangeError(`an open leg needs its probability (0 to 1), got ${p}`);
    }
    return { milli: BigInt(leg.oddsMilli), probability: p };
  });
  const denominator = BigInt(combinationCount(bet.legs.length, k)) * 1000n ** BigInt(k);
  let fair = 0;
  for (const combo of combinations(factors, k)) {
    const amount = combo.reduce((product, factor) => product * factor.milli, bet.stakeMinor);
    if (amount === 0n) continue;
    const probability = combo.reduce((product, factor) => product * factor.probability, 1);
    // The exact amount as whole minor units plus a fraction, so a large numerator loses nothing.
    const whole = amount / denominator;
    const fraction = Number(amount % denominator) / Number(denominator);
    fair += (Number(whole) + fraction) * probability;
  }
  const value = (fair * (100 - bet.marginPercent)) / 100;
  return BigInt(Math.floor(value * (1 + 1e-12)));
}
