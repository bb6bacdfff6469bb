import { z } from 'zod';
import { MINOR_UNITS_PER_MAJOR } from '@/lib/constants/currencies';

/**
 * Money that a caller sends (a bet, a deposit, a debit): the one schema every contract uses for an
 * amount, so that each of them refuses the same bad input with a 422 before any conversion to minor
 * units runs. Replies keep `z.number().multipleOf(0.01)`.
 */

/**
 * The largest amount any call accepts, in major units: 10^12, i.e. 10^14 minor units, well inside both
 * the exact integers of a JSON number (2^53) and PostgreSQL's bigint. Game and payment limits are far
 * below it; beyond it the conversion to minor units would no longer be exact.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/**
 * Whether a number has at most two decimals as written (`0.29` yes, `0.001` no), judged through its
 * value in minor units rather than a floating-point remainder.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const minor = Math.round(value * MINOR_UNITS_PER_MAJOR);
  return Number.isSafeInteger(minor) && minor / MINOR_UNITS_PER_MAJOR === value;
}

/**
 * A positive amount in major units with at most two decimals, up to MAX_AMOUNT. A JSON number only:
 * strings, null, NaN and Infinity (`1e999`) are refused. Errors are keyed for the web app:
 * `required`, `invalid` (not a number, or more than two decimals), `too_small`, `too_big`.
 */
export const moneyAmount = z
  .number()
  .positive()
  .max(MAX_AMOUNT)
  // Out of range is already said; only an amount in range is judged on its decimals.
  .refine((value) => Math.abs(value) > MAX_AMOUNT || hasAtMostTwoDecimals(value), {
    message: 'invalid: The amount must have at most 2 decimals.',
  });
