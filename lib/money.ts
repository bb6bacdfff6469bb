import { CURRENCY_DECIMALS, MINOR_UNITS_PER_MAJOR } from '@/lib/constants/currencies';

/**
 * Money parsing and conversion; display goes through lib/i18n/format.ts. Amounts travel as JSON numbers
 * in major units with two decimals and are stored as integer minor units (DESIGN.md). Conversions go
 * through decimal strings, never `x * 100`, so `toMinorUnits(1.005)` is 101 and `toMinorUnits(0.29)` is 29.
 */

/** Plain decimal text of a finite number, without exponent notation. */
function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Normalises typed amount text to `-123.45` form, or returns null. Spaces (also no-break and thin spaces)
 * and apostrophes are grouping; a comma is the decimal separator, unless both `,` and `.` appear (then the
 * last of them is the decimal separator) or there are several commas (then they are grouping).
 */
function normaliseAmountText(input: string): string | null {
  let text = input.trim().replace(/[\s\u00a0\u202f\u2009']/g, '');
  if (text.startsWith('+')) text = text.slice(1);
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const grouping = lastComma > lastDot ? '.' : ',';
    text = text.replaceAll(grouping, '').replace(',', '.');
  } else if (lastComma >= 0) {
    text = text.indexOf(',') === lastComma ? text.replace(',', '.') : text.replaceAll(',', '');
  }
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? text : null;
}

function decimalTextToMinor(text: string): number {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const padded = `${fraction}000`;
  let minor =
    BigInt(whole || '0') * BigInt(MINOR_UNITS_PER_MAJOR) + BigInt(padded.slice(0, CURRENCY_DECIMALS));
  if (Number(padded[CURRENCY_DECIMALS]) >= 5) minor += 1n; // half away from zero
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount too large: ${text}`);
  const result = Number(minor);
  return negative && result !== 0 ? -result : result;
}

/**
 * Major units (a number, or typed text) to integer minor units, rounded half away from zero at the third
 * decimal. Throws a RangeError for text that is not an amount, non-finite numbers, and amounts beyond
 * the safe integer range.
 */
export function toMinorUnits(amount: number | string): number {
  const text = typeof amount === 'number' ? numberToDecimalText(amount) : normaliseAmountText(amount);
  if (text === null) throw new RangeError(`Not an amount: ${JSON.stringify(amount)}`);
  return decimalTextToMinor(text);
}

/** Integer minor units to major units (`12345` → `123.45`). */
export function fromMinorUnits(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a safe integer: ${minor}`);
  return minor / MINOR_UNITS_PER_MAJOR;
}

/**
 * Typed amount text to major units rounded to two decimals, or `null` when the text is not an amount
 * (`'1 234,5'` → `1234.5`, `'abc'` → `null`). For input fields.
 */
export function parseAmount(input: string): number | null {
  const text = normaliseAmountText(input);
  if (text === null) return null;
  try {
    return fromMinorUnits(decimalTextToMinor(text));
  } catch {
    return null;
  }
}

/** Rounds major units to two decimals through minor units (`0.1 + 0.2` → `0.3`). */
export function roundMoney(amount: number): number {
  return fromMinorUnits(toMinorUnits(amount));
}
