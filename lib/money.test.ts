import { describe, expect, it } from 'vitest';
import { fromMinorUnits, parseAmount, roundMoney, toMinorUnits } from './money';

describe('toMinorUnits', () => {
  it('converts numbers without floating-point drift', () => {
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits(1.005)).toBe(101);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(300000)).toBe(30_000_000);
    expect(toMinorUnits(-2.5)).toBe(-250);
    expect(toMinorUnits(1e-7)).toBe(0);
  });

  it('rounds half away from zero at the third decimal', () => {
    expect(toMinorUnits('0.125')).toBe(13);
    expect(toMinorUnits('0.124')).toBe(12);
    expect(toMinorUnits('-0.125')).toBe(-13);
  });

  it('reads typed text with comma decimals and grouping spaces', () => {
    expect(toMinorUnits('1 234,56')).toBe(123456);
    expect(toMinorUnits('1\u00a0234.5')).toBe(123450);
    expect(toMinorUnits('1,234.56')).toBe(123456);
    expect(toMinorUnits('1.234,56')).toBe(123456);
    expect(toMinorUnits('1,234,567')).toBe(123456700);
    expect(toMinorUnits('.5')).toBe(50);
  });

  it('refuses what is not an amount', () => {
    expect(() => toMinorUnits('abc')).toThrow(RangeError);
    expect(() => toMinorUnits('')).toThrow(RangeError);
    expect(() => toMinorUnits('1e5')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toMinorUnits(1e20)).toThrow(RangeError);
  });
});

describe('fromMinorUnits, parseAmount, roundMoney', () => {
  it('turns minor units back into major units', () => {
    expect(fromMinorUnits(12345)).toBe(123.45);
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
  });

  it('parses input to a two-decimal amount or null', () => {
    expect(parseAmount('1 234,567')).toBe(1234.57);
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount('12abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('rounds to cents', () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(2.675)).toBe(2.68);
  });
});
