import { describe, expect, it } from 'vitest';
import type { Seeds } from '@/lib/fair/random';
import { toNumber } from './fraction';
import {
  evaluateFruitLine,
  FRUIT_SEVENS,
  FRUIT_SEVENS_CONFIG,
  FRUIT_SEVENS_RTP,
  fruitSevensOutcome,
  fruitSevensRtp,
} from './fruit-sevens';
import { StudioBetError } from './game';

/** The seeds of lib/fair's known-answer tests (lib/fair/random.test.ts lists their floats). */
const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const at = (nonce: number): Seeds => ({ ...SEEDS, nonce });
const BET = { amountMinor: 1_000n };

describe('Fruit Sevens RTP', () => {
  it('is the declared constant, exactly 251 684 / 262 144 by enumeration of the symbol triples', () => {
    const rtp = fruitSevensRtp();
    expect(rtp).toEqual({ n: 62_921n, d: 65_536n }); // 251 684 / 262 144 in lowest terms
    expect(Math.abs(toNumber(rtp) - FRUIT_SEVENS_RTP)).toBeLessThan(1e-9);
    expect(FRUIT_SEVENS.rtp).toBe(FRUIT_SEVENS_RTP);
  });

  it('walking all 64³ stop combinations one by one gives the same total pay', () => {
    let total = 0;
    for (let a = 0; a < 64; a += 1) {
      for (let b = 0; b < 64; b += 1) {
        for (let c = 0; c < 64; c += 1) total += fruitSevensOutcome([a, b, c]).win?.pay ?? 0;
      }
    }
    expect(total).toBe(251_684);
  });

  it('has reels of 64 stops (a power of two: every stop exactly 1/64 under 32-bit floats)', () => {
    expect(FRUIT_SEVENS_CONFIG.strips.map((strip) => strip.length)).toEqual([64, 64, 64]);
  });
});

describe('Fruit Sevens pay table', () => {
  it('pays the highest of the triple, the mixed bars and the cherries', () => {
    expect(evaluateFruitLine(['seven', 'seven', 'seven'])).toEqual({
      kind: 'triple',
      symbol: 'seven',
      pay: 150,
    });
    expect(evaluateFruitLine(['bar3', 'bar3', 'bar3'])?.pay).toBe(50);
    expect(evaluateFruitLine(['bar2', 'bar2', 'bar2'])?.pay).toBe(25);
    expect(evaluateFruitLine(['bar1', 'bar1', 'bar1'])?.pay).toBe(10);
    expect(evaluateFruitLine(['bar1', 'bar3', 'bar2'])).toEqual({ kind: 'any-bars', pay: 5 });
    expect(evaluateFruitLine(['cherry', 'cherry', 'cherry'])).toEqual({
      kind: 'cherries',
      count: 3,
      pay: 20,
    });
    expect(evaluateFruitLine(['blank', 'cherry', 'cherry'])).toEqual({ kind: 'cherries', count: 2, pay: 5 });
    expect(evaluateFruitLine(['seven', 'blank', 'cherry'])).toEqual({ kind: 'cherries', count: 1, pay: 2 });
  });

  it('pays nothing for blanks, two sevens or bars broken by a seven', () => {
    expect(evaluateFruitLine(['blank', 'blank', 'blank'])).toBeNull();
    expect(evaluateFruitLine(['seven', 'seven', 'blank'])).toBeNull();
    expect(evaluateFruitLine(['bar3', 'seven', 'bar3'])).toBeNull();
  });
});

describe('Fruit Sevens spins', () => {
  it('stops reel r at ⌊f_r × 64⌋ and reads the middle row', () => {
    // Floats of nonce 0: 0.11327…, 0.76669…, 0.77460… → stops 7, 49, 49.
    const spin = FRUIT_SEVENS.spin(at(0), BET);
    expect(spin.outcome.stops).toEqual([7, 49, 49]);
    expect(spin.outcome.line).toEqual(spin.outcome.grid.map((window) => window[1]));
    expect(spin.outcome.win).toBeNull();
    expect(spin.stakeMinor).toBe(1_000n);
    expect(spin.winMinor).toBe(0n);
    expect(spin.state).toBeNull();
  });

  it('pays known wins for fixed seeds', () => {
    const bars = FRUIT_SEVENS.spin(at(22), BET);
    expect(bars.outcome.stops).toEqual([32, 42, 28]);
    expect(bars.outcome.line).toEqual(['bar2', 'bar2', 'bar2']);
    expect(bars.multiplierScaled).toBe(250_000n);
    expect(bars.winMinor).toBe(25_000n);

    const cherries = FRUIT_SEVENS.spin(at(5), BET);
    expect(cherries.outcome.line).toEqual(['blank', 'cherry', 'cherry']);
    expect(cherries.winMinor).toBe(5_000n);
  });

  it('refuses bets outside the limits and a feature state', () => {
    expect(() => FRUIT_SEVENS.spin(at(0), { amountMinor: 5n })).toThrow(StudioBetError);
    expect(() => FRUIT_SEVENS.spin(at(0), { amountMinor: 10_010n })).toThrow(StudioBetError);
    expect(() => FRUIT_SEVENS.spin(at(0), { amountMinor: 15n })).toThrow(StudioBetError);
  });
});
