import { CURRENCY_DECIMALS, MINOR_UNITS_PER_MAJOR } from '@/lib/constants/currencies';
import { toMinorUnits } from '@/lib/money';

/**
 * Bet amounts as the input holds them: text in major units. Arithmetic is done in integer minor units
 * (lib/money), so ½ of 0.03 is 0.02 (rounded up to a whole minor unit, never below the minimum) and ×2 is exact.
 */

/** The amount typed, in minor units; null when the text is not an amount. */
export function parseAmountMinor(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return toMinorUnits(text);
  } catch {
    return null;
  }
}

/** Minor units as input text with the currency's decimals (`1050` → `10.50`). */
export function formatAmountInput(minor: number): string {
  return (minor / MINOR_UNITS_PER_MAJOR).toFixed(CURRENCY_DECIMALS);
}

const minorOf = (major: number) => toMinorUnits(major);

/** The amount pulled into [min, max]; text that is not an amount becomes the minimum. */
export function clampAmount(text: string, min: number, max: number): string {
  const value = parseAmountMinor(text);
  const lo = minorOf(min);
  const hi = minorOf(max);
  if (value === null) return formatAmountInput(lo);
  return formatAmountInput(Math.min(hi, Math.max(lo, value)));
}

export function halveAmount(text: string, min: number, max: number): string {
  const value = parseAmountMinor(text) ?? minorOf(min);
  return clampAmount(formatAmountInput(Math.ceil(value / 2)), min, max);
}

export function doubleAmount(text: string, min: number, max: number): string {
  const value = parseAmountMinor(text) ?? minorOf(min);
  return clampAmount(formatAmountInput(value * 2), min, max);
}

export type AmountProblem = 'invalid' | 'below_min' | 'above_max';

/** Why the amount cannot be bet, or null when it is within the limits. */
export function amountProblem(text: string, min: number, max: number): AmountProblem | null {
  const value = parseAmountMinor(text);
  if (value === null || value <= 0) return 'invalid';
  if (value < minorOf(min)) return 'below_min';
  if (value > minorOf(max)) return 'above_max';
  return null;
}

/** The amount as the API takes it (a number in major units, two decimals); null when it is not one. */
export function amountValue(text: string): number | null {
  const value = parseAmountMinor(text);
  return value === null ? null : value / MINOR_UNITS_PER_MAJOR;
}
