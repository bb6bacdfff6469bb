import { describe, expect, it } from 'vitest';
import type { Seeds } from '@/lib/fair/random';
import { add, frac, toNumber } from './fraction';
import {
  JADE_WAYS,
  JADE_WAYS_CONFIG,
  JADE_WAYS_RTP,
  jadeWaysOutcome,
  jadeWaysRtp,
  jadeWaysWins,
  type JadeSymbol,
  type JadeWaysConfig,
} from './jade-ways';

const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const at = (nonce: number): Seeds => ({ ...SEEDS, nonce });
const BET = { amountMinor: 1_000n };

/** A grid from its rows, top to bottom. */
const fromRows = (rows: JadeSymbol[][]): JadeSymbol[][] =>
  rows[0].map((_, reel) => rows.map((row) => row[reel]));

describe('Jade Ways RTP', () => {
  it('is the declared constant, by the product of the reels’ expected way units', () => {
    const rtp = jadeWaysRtp();
    expect(rtp.total).toEqual({ n: 6_427_300_563n, d: 6_710_886_400n });
    expect(Math.abs(toNumber(rtp.total) - JADE_WAYS_RTP)).toBeLessThan(1e-9);
    expect(Object.values(rtp.bySymbol).reduce(add)).toEqual(rtp.total);
  });

  it('has reels of 64 stops and the wild on reels 2–4 only', () => {
    JADE_WAYS_CONFIG.strips.forEach((strip, reel) => {
      expect(strip).toHaveLength(64);
      expect(strip.includes('wild')).toBe(reel >= 1 && reel <= 3);
    });
  });

  it('the method equals a brute-force walk of every stop of small reels', () => {
    const small: JadeWaysConfig = {
      ...JADE_WAYS_CONFIG,
      strips: [
        ['dragon', 'ace', 'king', 'ace', 'queen', 'koi', 'jack', 'ace'],
        ['wild', 'ace', 'king', 'dragon', 'ace', 'queen', 'jack', 'koi'],
        ['ace', 'wild', 'wild', 'king', 'dragon', 'queen', 'koi', 'ace'],
        ['queen', 'ace', 'wild', 'ace', 'koi', 'dragon', 'jack', 'king'],
        ['ace', 'dragon', 'king', 'queen', 'ace', 'jack', 'ace', 'koi'],
      ],
    };
    let coins = 0;
    const stops = [0, 0, 0, 0, 0];
    const walk = (reel: number) => {
      if (reel === 5) {
        coins += jadeWaysOutcome(stops, small).wins.reduce((acc, win) => acc + win.pay, 0);
        return;
      }
      for (let stop = 0; stop < 8; stop += 1) {
        stops[reel] = stop;
        walk(reel + 1);
      }
    };
    walk(0);
    expect(jadeWaysRtp(small).total).toEqual(frac(coins, 25 * 8 ** 5));
  });
});

describe('Jade Ways counting on hand-built grids', () => {
  it('a screen of one symbol is 243 ways', () => {
    const grid = fromRows([
      ['ace', 'ace', 'ace', 'ace', 'ace'],
      ['ace', 'ace', 'ace', 'ace', 'ace'],
      ['ace', 'ace', 'ace', 'ace', 'ace'],
    ]);
    const [win] = jadeWaysWins(grid);
    expect(win).toMatchObject({ symbol: 'ace', reels: 5, ways: 243, wayUnits: 243, pay: 50 * 243 });
    expect(win.positions).toHaveLength(15);
  });

  it('counts the ways over adjacent reels from reel 1, and each way through a wild pays double', () => {
    const grid = fromRows([
      ['ace', 'wild', 'ace', 'king', 'ace'],
      ['king', 'ace', 'ace', 'queen', 'ace'],
      ['queen', 'jack', 'koi', 'koi', 'ace'],
    ]);
    // ace: 1 × (1 ace + 1 wild) × 2 on reels 1–3, none on reel 4 → ways 1 × 2 × 2 = 4,
    // units 1 × (1 + 2) × 2 = 6, pay 5 coins × 6 = 30. king: reel 1, the wild on reel 2, none on 3 → 2 reels.
    expect(jadeWaysWins(grid)).toEqual([
      {
        symbol: 'ace',
        reels: 3,
        ways: 4,
        wayUnits: 6,
        pay: 30,
        positions: [
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 0],
          [2, 1],
        ],
      },
    ]);
  });

  it('two wilds on one way count four times', () => {
    const grid = fromRows([
      ['dragon', 'wild', 'wild', 'dragon', 'jack'],
      ['lantern', 'ace', 'ace', 'queen', 'ace'],
      ['lantern', 'jack', 'koi', 'koi', 'ace'],
    ]);
    // dragon: reels 1–4 through both wilds → 1 way, 4 units, 50 × 4. lantern: 2 on reel 1, then the
    // wilds → 2 ways of 2 × 2 units each = 8 units, 8 × 8.
    expect(jadeWaysWins(grid)).toMatchObject([
      { symbol: 'dragon', reels: 4, ways: 1, wayUnits: 4, pay: 200 },
      { symbol: 'lantern', reels: 3, ways: 2, wayUnits: 8, pay: 64 },
    ]);
  });

  it('a symbol missing from reel 1 pays nothing', () => {
    const grid = fromRows([
      ['jack', 'koi', 'koi', 'koi', 'koi'],
      ['jack', 'koi', 'koi', 'koi', 'koi'],
      ['jack', 'koi', 'koi', 'koi', 'koi'],
    ]);
    expect(jadeWaysWins(grid)).toEqual([]);
  });
});

describe('Jade Ways spins', () => {
  it('plays known outcomes for fixed seeds', () => {
    const first = JADE_WAYS.spin(at(0), BET);
    expect(first.outcome.stops).toEqual([7, 49, 49, 38, 16]);
    expect(first.outcome.wins).toMatchObject([
      { symbol: 'phoenix', reels: 3, ways: 1, wayUnits: 2, pay: 30 },
    ]);
    expect(first.multiplierScaled).toBe(12_000n); // 30 coins of 25
    expect(first.winMinor).toBe(1_200n);

    const kings = JADE_WAYS.spin(at(1), BET);
    expect(kings.outcome.wins).toMatchObject([{ symbol: 'king', reels: 3, ways: 1, pay: 5 }]);
    expect(kings.winMinor).toBe(200n);
    expect(kings.state).toBeNull();
  });
});
