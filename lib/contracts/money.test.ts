import { describe, expect, it } from 'vitest';
import { toMinorUnits } from '@/lib/money';
import { hasAtMostTwoDecimals, MAX_AMOUNT, moneyAmount } from './money';

describe('moneyAmount', () => {
  it('accepts positive amounts with up to two decimals, up to MAX_AMOUNT', () => {
    for (const value of [0.01, 0.07, 0.29, 1, 1.1, 9.99, 123_456.78, MAX_AMOUNT, MAX_AMOUNT - 0.01]) {
      expect(moneyAmount.safeParse(value).success, String(value)).toBe(true);
      // What passes converts to minor units exactly, without throwing.
      expect(toMinorUnits(value) / 100).toBe(value);
    }
  });

  it('refuses what is not a positive two-decimal number in range, each with its key', () => {
    const keyOf = (value: unknown) => {
      const result = moneyAmount.safeParse(value);
      return result.success ? null : result.error.issues.map((issue) => issue.code + ':' + issue.message);
    };
    expect(keyOf(1e15)).toEqual([expect.stringMatching(/^too_big:/)]);
    expect(keyOf(MAX_AMOUNT + 0.01)).toEqual([expect.stringMatching(/^too_big:/)]);
    expect(keyOf(Number.MAX_SAFE_INTEGER)).toEqual([expect.stringMatching(/^too_big:/)]);
    expect(keyOf(-1)).toEqual([expect.stringMatching(/^too_small:/)]);
    expect(keyOf(0)).toEqual([expect.stringMatching(/^too_small:/)]);
    expect(keyOf(0.001)).toEqual(['custom:invalid: The amount must have at most 2 decimals.']);
    expect(keyOf(10.005)).toEqual(['custom:invalid: The amount must have at most 2 decimals.']);
    for (const value of ['1', null, undefined, NaN, Infinity, -Infinity, [1], { amount: 1 }]) {
      expect(keyOf(value), String(value)).toEqual([expect.stringMatching(/^invalid_type:/)]);
    }
  });
});

describe('hasAtMostTwoDecimals', () => {
  it('judges the decimals as written, not by a floating-point remainder', () => {
    expect([0.1, 0.2, 0.3, 0.29, 1.15, 1234567.89, 0].every((v) => hasAtMostTwoDecimals(v))).toBe(true);
    expect([0.1 + 0.2, 0.001, 1.005, 2.675, 1e-7, NaN, Infinity].some((v) => hasAtMostTwoDecimals(v))).toBe(
      false,
    );
  });
});
