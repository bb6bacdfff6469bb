import { describe, expect, it } from 'vitest';
import { amountProblem, amountValue, clampAmount, doubleAmount, halveAmount } from './amount';

describe('bet amount arithmetic', () => {
  it('halves to a whole minor unit, never below the minimum', () => {
    expect(halveAmount('10', 1, 10_000)).toBe('5.00');
    expect(halveAmount('0.03', 0.01, 100)).toBe('0.02');
    expect(halveAmount('1.5', 1, 10_000)).toBe('1.00');
  });

  it('doubles exactly, never above the maximum', () => {
    expect(doubleAmount('0.1', 0.01, 100)).toBe('0.20');
    expect(doubleAmount('6000', 1, 10_000)).toBe('10000.00');
  });

  it('clamps typed text into the limits with two decimals; junk becomes the minimum', () => {
    expect(clampAmount('0,5', 1, 10_000)).toBe('1.00');
    expect(clampAmount('12345', 1, 10_000)).toBe('10000.00');
    expect(clampAmount('7.256', 1, 10_000)).toBe('7.26');
    expect(clampAmount('abc', 5, 50_000)).toBe('5.00');
  });

  it('names what is wrong with an amount', () => {
    expect(amountProblem('', 1, 10)).toBe('invalid');
    expect(amountProblem('0', 1, 10)).toBe('invalid');
    expect(amountProblem('0.99', 1, 10)).toBe('below_min');
    expect(amountProblem('10.01', 1, 10)).toBe('above_max');
    expect(amountProblem('10', 1, 10)).toBeNull();
    expect(amountValue('1 234,5')).toBe(1234.5);
  });
});
