import { describe, expect, it } from 'vitest';
import {
  chainPosition,
  CRASH_RTP,
  crashPoint,
  crashPointHundredths,
  multiplierAtHundredths,
  msToReach,
  previousGameHash,
} from './crash';

/**
 * Known answers computed outside this module with the public bustabit verifier's `gameResult` (HMAC-SHA256
 * with the salt as key over the game hash's bytes, the first 52 bits, `parseFloat(X.toPrecision(9))`,
 * `max(1, ⌊99 / (1 − X)⌋ / 100)`), re-typed over Node's `crypto`, and its chain step (SHA-256 of the hash's
 * hex text). The chain starts from sha256("aurum known-answer seed").
 */
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const TERMINATING = '4ed6a36f24aa8a57de9deca4b83e1fc1f25cf3eafb26d800ace17c1a0268d1af';
const GAMES: [number, string, number][] = [
  [1, '754ff0eebd65303f0509edd16388e11e1bc17ae59e0ee52e0c74ff0e2ca3c94c', 1.62],
  [2, '71dd92ad8f393d4a52d45d4f9d833c76243e1ae4e719526d00764c91685ece44', 1.15],
  [3, '870b2218d797429db390e3c32ff92989c9180fb04627a7d04f7fed08c4fee096', 1.18],
  [4, '731c46a5d1bab49af8e301fb65a141ca87b59c71801955d6e42aeab73dc18d0b', 91.57],
  [5, '77ceb3fbdb95a28e20f52d640b680166f60a2e777ea707d3d5078e84ec7621aa', 1.04],
  [6, '27d6abc191c5817aaa2be235fe15de153824b739da6a4d9a77e2aee07f4e63a3', 1.3],
  [7, '4676454c2276ab157d0165d6281cca4c4d9c9ace1fa304e64da968539276570c', 1.76],
  [8, 'fd007064817e3172f9ca5bdab9a6ea65071df65770fd6c32e663c5c04e990448', 1.25],
  [9, '74508cecb30b59eabac9d07e74e8c1898f1153134cb7b5a8b78c3ccff97252db', 1.59],
  [10, '6fba751b6c81ba8c6d9355e774d170367f8103249cd4d9bcde169513b24187c9', 2.91],
];

describe('crash: the bustabit chain and formula', () => {
  it('agrees with the public verifier on every game of a chain', () => {
    for (const [, hash, point] of GAMES) {
      expect(crashPoint(hash, SALT)).toBe(point);
      expect(crashPointHundredths(hash, SALT)).toBe(Math.round(point * 100));
    }
    expect(crashPoint('0'.repeat(64), SALT)).toBe(3.99);
    expect(crashPoint('f'.repeat(64), SALT)).toBe(2.87);
    expect(crashPoint('0'.repeat(64), 'other salt')).toBe(1.69);
    // An instant bust: below 1.00 is 1.00.
    expect(crashPoint('c785b196c489201dbf43eb3ef0aa8b8b1a6e5d1d0f2b7a3b2b1e7c9e6a5d4c3b', SALT)).toBe(1);
  });

  it('steps back through the chain to the published terminating hash', () => {
    for (let i = 1; i < GAMES.length; i += 1) expect(previousGameHash(GAMES[i][1])).toBe(GAMES[i - 1][1]);
    expect(previousGameHash(GAMES[0][1])).toBe(TERMINATING);
    expect(chainPosition(GAMES[9][1], TERMINATING, 100)).toBe(10);
    expect(chainPosition(GAMES[0][1], TERMINATING, 100)).toBe(1);
    expect(chainPosition(GAMES[9][1], TERMINATING, 5)).toBeNull();
    expect(chainPosition('a'.repeat(64), TERMINATING, 50)).toBeNull();
  });

  it('refuses what is not a game hash', () => {
    expect(() => crashPoint('ABC', SALT)).toThrow();
    expect(() => crashPoint('A'.repeat(64), SALT)).toThrow();
  });

  it('gives the declared 99 % return within its 99 % interval over 100,000 games', () => {
    const n = 100_000;
    let hash = 'b'.repeat(64);
    let paidAt2 = 0;
    let paidAt150 = 0;
    let instant = 0;
    for (let i = 0; i < n; i += 1) {
      hash = previousGameHash(hash);
      const point = crashPointHundredths(hash, SALT);
      if (point >= 200) paidAt2 += 2;
      if (point >= 150) paidAt150 += 1.5;
      if (point === 100) instant += 1;
    }
    // Per bet at target t: mean 0.99, variance 0.99·t − 0.99²; the 99 % interval of the mean of n bets.
    const halfWidth = (t: number) => 2.576 * Math.sqrt((0.99 * t - 0.99 ** 2) / n);
    expect(Math.abs(paidAt2 / n - CRASH_RTP)).toBeLessThan(halfWidth(2));
    expect(Math.abs(paidAt150 / n - CRASH_RTP)).toBeLessThan(halfWidth(1.5));
    // point = 1.00 when ⌊99 / (1 − X)⌋ ≤ 100, i.e. X < 2/101 (≈ 1.98 %): no cash-out target is reached.
    const p = 2 / 101;
    expect(Math.abs(instant / n - p)).toBeLessThan(2.576 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe('crash: the multiplier over time', () => {
  it('grows as e^(0.00006 · ms), floored to hundredths', () => {
    expect(multiplierAtHundredths(0)).toBe(100);
    expect(multiplierAtHundredths(-5)).toBe(100);
    expect(multiplierAtHundredths(11_552)).toBe(199);
    expect(multiplierAtHundredths(11_553)).toBe(200);
    expect(multiplierAtHundredths(60_000)).toBe(Math.floor(100 * Math.exp(3.6)));
  });

  it('finds the first millisecond a target is reached', () => {
    for (const target of [101, 150, 200, 1_000, 9_157, 100_000]) {
      const ms = msToReach(target);
      expect(multiplierAtHundredths(ms)).toBeGreaterThanOrEqual(target);
      expect(multiplierAtHundredths(ms - 1)).toBeLessThan(target);
    }
    expect(msToReach(100)).toBe(0);
  });
});
