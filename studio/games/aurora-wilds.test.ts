import { describe, expect, it } from 'vitest';
import type { Seeds } from '@/lib/fair/random';
import {
  AURORA_WILDS,
  AURORA_WILDS_CONFIG,
  AURORA_WILDS_RTP,
  auroraScatterOdds,
  auroraWildsEvaluate,
  auroraWildsRtp,
  type AuroraFreeSpinsState,
  type AuroraSymbol,
  type AuroraWildsConfig,
} from './aurora-wilds';
import { add, frac, toNumber } from './fraction';
import { StudioBetError } from './game';
import { gridAt, windowCounts } from './reels';

const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const at = (nonce: number): Seeds => ({ ...SEEDS, nonce });
const BET = { amountMinor: 1_000n };

describe('Aurora Wilds RTP', () => {
  it('is the declared constant: lines by enumeration, scatters by convolution, free spins by the branching formula', () => {
    const rtp = auroraWildsRtp();
    expect(Math.abs(toNumber(rtp.total) - AURORA_WILDS_RTP)).toBeLessThan(1e-9);
    expect(rtp.total).toEqual({ n: 127_712_953_445_437n, d: 132_506_753_957_888n });
    // RTP = B (1 + 2m) / (1 − m) with B = lines + scatters and m the mean award.
    const base = toNumber(rtp.lines) + toNumber(rtp.scatters);
    const m = toNumber(rtp.meanAward);
    expect(toNumber(rtp.total)).toBeCloseTo((base * (1 + 2 * m)) / (1 - m), 12);
    // About one paid spin in 140 starts the free spins.
    expect(1 / toNumber(rtp.trigger)).toBeGreaterThan(120);
    expect(1 / toNumber(rtp.trigger)).toBeLessThan(160);
  });

  it('has reels of 64 stops whose windows show at most one scatter, and the wild on reels 2–4 only', () => {
    AURORA_WILDS_CONFIG.strips.forEach((strip, reel) => {
      expect(strip).toHaveLength(64);
      const scatters = windowCounts(strip, 3, (window) => window.filter((s) => s === 'scatter').length);
      expect(Math.max(...scatters.keys())).toBe(1);
      expect(strip.includes('wild')).toBe(reel >= 1 && reel <= 3);
    });
  });

  it('the independent-reel method equals a brute-force walk of every stop of small reels', () => {
    const small: AuroraWildsConfig = {
      ...AURORA_WILDS_CONFIG,
      strips: [
        ['wolf', 'ace', 'scatter', 'king', 'queen', 'owl', 'jack', 'ten'],
        ['wild', 'ace', 'king', 'scatter', 'wolf', 'queen', 'ace', 'fox'],
        ['ace', 'wild', 'wolf', 'king', 'scatter', 'queen', 'fox', 'ace'],
        ['queen', 'ace', 'wild', 'ace', 'wolf', 'scatter', 'jack', 'king'],
        ['ace', 'wolf', 'king', 'queen', 'scatter', 'jack', 'ten', 'owl'],
      ],
    };
    let scaled = 0n;
    let awards = 0;
    const stops = [0, 0, 0, 0, 0];
    const walk = (reel: number) => {
      if (reel === 5) {
        const { outcome, multiplierScaled } = auroraWildsEvaluate(
          gridAt(small.strips, stops, 3),
          false,
          small,
        );
        scaled += multiplierScaled;
        awards += outcome.freeSpinsAwarded;
        return;
      }
      for (let stop = 0; stop < 8; stop += 1) {
        stops[reel] = stop;
        walk(reel + 1);
      }
    };
    walk(0);
    const rtp = auroraWildsRtp(small);
    expect(add(rtp.lines, rtp.scatters)).toEqual(frac(scaled, 10_000n * 8n ** 5n));
    expect(rtp.meanAward).toEqual(frac(awards, 8 ** 5));
    expect(auroraScatterOdds(small).reduce(add)).toEqual(frac(1));
  });
});

/** A grid from its rows, top to bottom (easier to read than reel-major). */
const fromRows = (rows: AuroraSymbol[][]): AuroraSymbol[][] =>
  rows[0].map((_, reel) => rows.map((row) => row[reel]));

describe('Aurora Wilds pay table on hand-built grids', () => {
  it('the wild stands in for the symbol of a line', () => {
    const grid = fromRows([
      ['ten', 'queen', 'king', 'jack', 'ace'],
      ['wolf', 'wild', 'wild', 'wolf', 'ace'],
      ['jack', 'king', 'queen', 'ten', 'ace'],
    ]);
    const { outcome, multiplierScaled } = auroraWildsEvaluate(grid, false);
    expect(outcome.lineWins).toEqual([
      {
        line: 0,
        symbol: 'wolf',
        count: 4,
        pay: 200,
        positions: [
          [0, 1],
          [1, 1],
          [2, 1],
          [3, 1],
        ],
      },
    ]);
    expect(multiplierScaled).toBe(200_000n); // 200 line bets = 20 bets
  });

  it('scatters pay anywhere and award free spins; the wild never completes a scatter; free spins triple', () => {
    const grid = fromRows([
      ['ten', 'queen', 'scatter', 'jack', 'ace'],
      ['scatter', 'wild', 'scatter', 'fox', 'owl'],
      ['king', 'ace', 'queen', 'ten', 'scatter'],
    ]);
    const base = auroraWildsEvaluate(grid, false);
    expect(base.outcome.scatters).toEqual({
      count: 4,
      positions: [
        [0, 1],
        [2, 0],
        [2, 1],
        [4, 2],
      ],
      pay: 10,
    });
    expect(base.outcome.lineWins).toEqual([]);
    expect(base.outcome.freeSpinsAwarded).toBe(12);
    expect(base.multiplierScaled).toBe(100_000n);
    expect(auroraWildsEvaluate(grid, true).multiplierScaled).toBe(300_000n);
  });

  it('leading wilds take the symbol after them', () => {
    const grid = fromRows([
      ['ten', 'queen', 'king', 'jack', 'ace'],
      ['wild', 'wild', 'fox', 'fox', 'jack'],
      ['jack', 'king', 'queen', 'ten', 'ace'],
    ]);
    expect(
      auroraWildsEvaluate(grid, false).outcome.lineWins.map(({ symbol, count, pay }) => ({
        symbol,
        count,
        pay,
      })),
    ).toEqual([{ symbol: 'fox', count: 4, pay: 100 }]);
  });
});

describe('Aurora Wilds spins and free spins', () => {
  it('plays known outcomes for fixed seeds', () => {
    const first = AURORA_WILDS.spin(at(0), BET);
    expect(first.outcome.stops).toEqual([7, 49, 49, 38, 16]); // ⌊f × 64⌋ of floats 0–4
    expect(first.outcome.scatters.count).toBe(2);
    expect(first.winMinor).toBe(0n);

    const queens = AURORA_WILDS.spin(at(5), BET);
    expect(
      queens.outcome.lineWins.map(({ line, symbol, count, pay }) => ({ line, symbol, count, pay })),
    ).toEqual([{ line: 6, symbol: 'queen', count: 5, pay: 120 }]);
    expect(queens.winMinor).toBe(12_000n);
  });

  it('three scatters start 8 free spins that count down, cost nothing, pay triple, and end', () => {
    const trigger = AURORA_WILDS.spin(at(133), BET);
    expect(trigger.outcome.scatters.count).toBe(3);
    expect(trigger.winMinor).toBe(2_000n); // scatter 2 bets
    expect(trigger.state).toEqual({
      kind: 'free-spins',
      betMinor: 1_000n,
      left: 8,
      played: 0,
      awarded: 8,
      winMinor: 0n,
    });
    let state: AuroraFreeSpinsState | null = trigger.state;
    let nonce = 134;
    let won = 0n;
    while (state) {
      const before: AuroraFreeSpinsState = state;
      const spin = AURORA_WILDS.spin(at(nonce), BET, before);
      const base = auroraWildsEvaluate(spin.outcome.grid, false);
      expect(spin.stakeMinor).toBe(0n);
      expect(spin.multiplierScaled).toBe(base.multiplierScaled * 3n);
      expect(spin.outcome.freeSpin?.left).toBe(before.left - 1 + spin.outcome.freeSpinsAwarded);
      expect(spin.outcome.freeSpin?.number).toBe(before.played + 1);
      won += spin.winMinor;
      expect(spin.outcome.freeSpin?.totalWinMinor).toBe(won);
      state = spin.state;
      nonce += 1;
    }
    expect(nonce - 134).toBeGreaterThanOrEqual(8);
  });

  it('scatters during free spins retrigger: their award is added to the spins left', () => {
    const state: AuroraFreeSpinsState = {
      kind: 'free-spins',
      betMinor: 1_000n,
      left: 1,
      played: 7,
      awarded: 8,
      winMinor: 500n,
    };
    const spin = AURORA_WILDS.spin(at(133), BET, state); // the stops of nonce 133 show 3 scatters
    expect(spin.outcome.freeSpinsAwarded).toBe(8);
    expect(spin.state).toEqual({ ...state, left: 8, played: 8, awarded: 16, winMinor: 500n + spin.winMinor });
    expect(spin.winMinor).toBe(6_000n); // the scatter's 2 bets, tripled
  });

  it('free spins are played at the triggering bet only, and not past their end', () => {
    const state: AuroraFreeSpinsState = {
      kind: 'free-spins',
      betMinor: 1_000n,
      left: 3,
      played: 0,
      awarded: 3,
      winMinor: 0n,
    };
    expect(() => AURORA_WILDS.spin(at(1), { amountMinor: 2_000n }, state)).toThrow(StudioBetError);
    expect(() => AURORA_WILDS.spin(at(1), BET, { ...state, left: 0 })).toThrow(StudioBetError);
  });
});
