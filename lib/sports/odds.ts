/**
 * The sportsbook's odds arithmetic (issue 18), pure and shared by the API server (pricing, payouts,
 * settlement, cash-out) and the pages (the slip's potential payout). Odds are decimal odds in whole
 * thousandths (`oddsMilli`, 1.85 → 1850); money is bigint minor units. Every payout is computed exactly
 * and rounded down to a minor unit once, at the end.
 */
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from '@/lib/constants/sports';

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
