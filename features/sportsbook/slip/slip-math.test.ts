import { describe, expect, it } from 'vitest';
import {
  effectiveKind,
  effectiveSystemK,
  kindAllowed,
  moveAccepted,
  oddsMove,
  parseOddsEntries,
  quoteSlip,
  systemOptions,
} from './slip-math';

const legs = (...odds: number[]) => odds.map((o) => ({ odds: o }));

describe('the slip’s arithmetic', () => {
  it('multiplies an express and pays it rounded down to the cent', () => {
    // 1.85 × 2.10 × 1.50 = 5.8275; 10 × 5.8275 = 58.275 → 58.27.
    const quote = quoteSlip(legs(1.85, 2.1, 1.5), 'express', 2, '10');
    expect(quote).toMatchObject({ kind: 'express', bets: 1, totalOdds: 5.827, totalStake: 10 });
    expect(quote.potentialPayout).toBe(58.27);
  });

  it('splits a system 2/3 over its three doubles', () => {
    // 30 / 3 = 10 a double: 10 × 3.885 + 10 × 2.775 + 10 × 3.15 = 38.85 + 27.75 + 31.50 = 98.10.
    const quote = quoteSlip(legs(1.85, 2.1, 1.5), 'system', 2, '30');
    expect(quote).toMatchObject({ kind: 'system', systemK: 2, combinations: 3, totalOdds: null });
    expect(quote.potentialPayout).toBe(98.1);
  });

  it('places one single per selection, each with the stake', () => {
    // 10 × 1.85 + 10 × 2.10 = 18.50 + 21.00.
    const quote = quoteSlip(legs(1.85, 2.1), 'single', 2, '10');
    expect(quote).toMatchObject({ bets: 2, totalStake: 20, potentialPayout: 39.5, largestPayout: 21 });
    // 3.33 × 1.87 = 6.2271 → 6.22.
    expect(quoteSlip(legs(1.87), 'single', 2, '3,33').potentialPayout).toBe(6.22);
  });

  it('pays nothing without a stake', () => {
    expect(quoteSlip(legs(1.85, 2.1), 'express', 2, '')).toMatchObject({ stake: null, potentialPayout: 0 });
    expect(quoteSlip(legs(1.85), 'single', 2, 'abc').potentialPayout).toBe(0);
  });

  it('allows an express from two selections and a system from three', () => {
    expect([1, 2, 3].map((n) => kindAllowed('express', n))).toEqual([false, true, true]);
    expect([2, 3, 8, 9].map((n) => kindAllowed('system', n))).toEqual([false, true, true, false]);
    expect(effectiveKind('system', 2)).toBe('express');
    expect(effectiveKind('express', 1)).toBe('single');
    expect(systemOptions(4)).toEqual([
      { k: 2, combinations: 6 },
      { k: 3, combinations: 4 },
    ]);
    expect(effectiveSystemK(3, 3)).toBe(2);
  });

  it('asks to accept odds moves the choice does not cover', () => {
    const up = { odds: 2, addedOdds: 1.9 };
    const down = { odds: 1.8, addedOdds: 1.9 };
    expect([oddsMove(up), oddsMove(down), oddsMove({ odds: 2, addedOdds: 2 })]).toEqual(['up', 'down', null]);
    expect([moveAccepted(up, 'none'), moveAccepted(up, 'higher'), moveAccepted(up, 'any')]).toEqual([
      false,
      true,
      true,
    ]);
    expect([moveAccepted(down, 'none'), moveAccepted(down, 'higher'), moveAccepted(down, 'any')]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('reads the server’s odds now from outcome ids with colons', () => {
    expect(parseOddsEntries(['e1:1x2:1: 1.95', 'e2:total:2.5:over:2.05', 'nonsense'])).toEqual({
      'e1:1x2:1': 1.95,
      'e2:total:2.5:over': 2.05,
    });
  });
});
