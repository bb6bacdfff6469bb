import { CRASH_AUTO_CASHOUT_MAX, CRASH_AUTO_CASHOUT_MIN } from './constants';

/**
 * The auto cash-out as its field holds it: empty (cash out by hand) or a multiplier from 1.01× with two
 * decimals (a comma is read as the decimal point).
 */

export type AutoCashoutProblem = 'invalid' | 'too_small' | 'too_big';

function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.').replace(/[×x]$/i, '');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Why the text is not an auto cash-out, or null (an empty field is no auto cash-out, which is fine). */
export function autoCashoutProblem(text: string): AutoCashoutProblem | null {
  if (!text.trim()) return null;
  const value = parse(text);
  if (value === null) return 'invalid';
  if (Math.round(value * 100) < Math.round(CRASH_AUTO_CASHOUT_MIN * 100)) return 'too_small';
  if (value > CRASH_AUTO_CASHOUT_MAX) return 'too_big';
  return null;
}

/** The auto cash-out for the API (two decimals), null when the field is empty or not valid. */
export function autoCashoutValue(text: string): number | null {
  if (!text.trim() || autoCashoutProblem(text) !== null) return null;
  return Math.round(parse(text)! * 100) / 100;
}

/** The text written back when the field is left: `2` → `2.00`; anything else stays as typed. */
export function formatAutoCashout(text: string): string {
  const value = autoCashoutValue(text);
  return value === null ? text : value.toFixed(2);
}
