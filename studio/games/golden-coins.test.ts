import { describe, expect, it } from 'vitest';
import type { Seeds } from '@/lib/fair/random';
import { add, frac, mul, ONE, sub, toNumber } from './fraction';
import { StudioBetError } from './game';
import {
  GOLDEN_COINS,
  GOLDEN_COINS_CONFIG,
  GOLDEN_COINS_RTP,
  goldenCoinsCountOdds,
  goldenCoinsRtp,
  holdAndWinChain,
  meanCoinValue,
  type GoldenCoinsConfig,
  type GoldenCoinsState,
} from './golden-coins';
import { gridAt } from './reels';

const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const at = (nonce: number): Seeds => ({ ...SEEDS, nonce });
const BET = { amountMinor: 1_000n };

describe('Golden Coins RTP', () => {
  it('is the declared constant: lines by enumeration, trigger by convolution, the feature by the exact chain', () => {
    const rtp = goldenCoinsRtp();
    expect(Math.abs(toNumber(rtp.total) - GOLDEN_COINS_RTP)).toBeLessThan(1e-9);
    expect(add(rtp.lines, rtp.feature)).toEqual(rtp.total);
    // About one paid spin in 110 starts the feature, which returns about a third of the bets.
    expect(1 / toNumber(rtp.trigger)).toBeGreaterThan(100);
    expect(1 / toNumber(rtp.trigger)).toBeLessThan(120);
    expect(toNumber(rtp.feature)).toBeGreaterThan(0.3);
  });

  it('the coins’ mean value is 4216 / 1024 bets', () => {
    expect(meanCoinValue()).toEqual(frac(4_216, 1_024));
  });

  it('the chain: absorbing states, and from 14 coins the closed forms 1 − (1 − q)^r', () => {
    const { expectedCoins, fullOdds } = holdAndWinChain();
    const q = frac(46, 1_024);
    const stayEmpty = (r: number) => Array.from({ length: r }, () => sub(ONE, q)).reduce(mul, ONE);
    for (let n = 0; n <= 15; n += 1) expect(expectedCoins[n][0]).toEqual(frac(n === 15 ? 15 : n));
    for (let r = 0; r <= 3; r += 1) {
      expect(expectedCoins[15][r]).toEqual(frac(15));
      expect(fullOdds[15][r]).toEqual(ONE);
      // One empty cell: the feature fills it on one of the r respins or ends with 14.
      expect(fullOdds[14][r]).toEqual(sub(ONE, stayEmpty(r)));
      expect(expectedCoins[14][r]).toEqual(add(frac(14), fullOdds[14][r]));
    }
    // More coins held can only help.
    for (let n = 6; n < 15; n += 1) {
      expect(toNumber(expectedCoins[n + 1][3])).toBeGreaterThan(toNumber(expectedCoins[n][3]) + 0.5);
    }
  });

  it('the trigger odds equal a brute-force walk of every stop of small reels', () => {
    const small: GoldenCoinsConfig = {
      ...GOLDEN_COINS_CONFIG,
      strips: [
        ['coin', 'ace', 'coin', 'coin', 'king', 'jack', 'bull', 'queen'],
        ['wild', 'coin', 'king', 'ace', 'coin', 'queen', 'jack', 'ace'],
        ['coin', 'coin', 'coin', 'king', 'ace', 'queen', 'jack', 'clover'],
        ['queen', 'ace', 'coin', 'ace', 'king', 'wild', 'jack', 'coin'],
        ['ace', 'coin', 'king', 'queen', 'coin', 'jack', 'ace', 'horseshoe'],
      ],
    };
    const counts = new Array<number>(16).fill(0);
    const stops = [0, 0, 0, 0, 0];
    const walk = (reel: number) => {
      if (reel === 5) {
        counts[
          gridAt(small.strips, stops, 3)
            .flat()
            .filter((symbol) => symbol === 'coin').length
        ] += 1;
        return;
      }
      for (let stop = 0; stop < 8; stop += 1) {
        stops[reel] = stop;
        walk(reel + 1);
      }
    };
    walk(0);
    expect(goldenCoinsCountOdds(small)).toEqual(counts.map((count) => frac(count, 8 ** 5)));
  });
});

describe('Golden Coins base spins', () => {
  it('pays lines at bet / 10 per line bet, coins showing their values', () => {
    const lines = GOLDEN_COINS.spin(at(1), BET);
    expect(lines.outcome.stops).toEqual([22, 9, 30, 44, 33]);
    // horseshoe × 3 on line 3 (30 line bets), jack × 3 on line 9 through two wilds (4).
    expect(
      lines.outcome.lineWins.map(({ line, symbol, count, pay }) => ({ line, symbol, count, pay })),
    ).toEqual([
      { line: 2, symbol: 'horseshoe', count: 3, pay: 30 },
      { line: 8, symbol: 'jack', count: 3, pay: 4 },
    ]);
    expect(lines.winMinor).toBe(3_400n);

    const coins = GOLDEN_COINS.spin(at(0), BET);
    expect(coins.outcome.coins.map((coin) => coin?.value ?? null)).toEqual([
      null,
      2,
      null,
      null,
      null,
      null,
      2,
      null,
      null,
      1,
      null,
      null,
      10,
      null,
      null,
    ]);
    expect(coins.state).toBeNull(); // four coins do not start the feature
  });
});

describe('Golden Coins hold and win', () => {
  it('six coins start the feature; respins reset to 3 on a new coin; it pays the coins when they run out', () => {
    const trigger = GOLDEN_COINS.spin(at(16), BET);
    expect(trigger.state?.coins.map((coin) => coin?.value ?? null)).toEqual([
      null,
      null,
      10,
      null,
      null,
      null,
      2,
      null,
      null,
      null,
      2,
      3,
      null,
      2,
      1,
    ]);
    expect(trigger.state?.respinsLeft).toBe(3);
    expect(trigger.outcome.respinsLeft).toBe(3);

    const expected: [number, number[], number][] = [
      [17, [], 2],
      [18, [], 1],
      [19, [3], 3],
      [20, [], 2],
      [21, [4], 3],
      [22, [], 2],
      [23, [5], 3],
      [24, [9, 12], 3],
      [25, [], 2],
      [26, [], 1],
      [27, [1], 3],
      [28, [], 2],
      [29, [], 1],
      [30, [], 0],
    ];
    let state: GoldenCoinsState | null = trigger.state;
    for (const [nonce, landed, left] of expected) {
      const before: GoldenCoinsState = state!;
      const respin = GOLDEN_COINS.spin(at(nonce), BET, before);
      expect(respin.stakeMinor).toBe(0n);
      expect(respin.outcome.landed).toEqual(landed);
      expect(respin.outcome.respinsLeft).toBe(left);
      // Held coins never move nor change.
      before.coins.forEach((coin, cell) => {
        if (coin) expect(respin.outcome.coins[cell]).toEqual(coin);
      });
      if (left > 0) expect(respin.winMinor).toBe(0n);
      state = respin.state;
    }
    expect(state).toBeNull();
  });

  it('the feature of nonce 16 ends on nonce 30 paying its 12 coins, 48 bets', () => {
    let state = GOLDEN_COINS.spin(at(16), BET).state;
    let nonce = 17;
    let result = null;
    while (state) {
      result = GOLDEN_COINS.spin(at(nonce), BET, state);
      state = result.state;
      nonce += 1;
    }
    expect(nonce).toBe(31);
    expect(result?.outcome.coins.filter(Boolean)).toHaveLength(12);
    expect(result?.outcome.featureEnd).toEqual({ coins: 48, grand: false, pay: 48 });
    expect(result?.winMinor).toBe(48_000n);
  });

  it('filling all 15 cells ends the feature at once with the grand', () => {
    const fourteen: GoldenCoinsState = {
      kind: 'hold-and-win',
      betMinor: 1_000n,
      coins: Array.from({ length: 15 }, (_, cell) => (cell === 7 ? null : { value: 1 })),
      respinsLeft: 2,
    };
    const respin = GOLDEN_COINS.spin(at(14), BET, fourteen);
    expect(respin.outcome.landed).toEqual([7]);
    expect(respin.outcome.featureEnd).toEqual({ coins: 15, grand: true, pay: 1_015 });
    expect(respin.winMinor).toBe(1_015_000n);
    expect(respin.state).toBeNull();
  });

  it('respins are played at the triggering bet only', () => {
    const state = GOLDEN_COINS.spin(at(16), BET).state!;
    expect(() => GOLDEN_COINS.spin(at(17), { amountMinor: 2_000n }, state)).toThrow(StudioBetError);
    expect(() => GOLDEN_COINS.spin(at(17), BET, { ...state, respinsLeft: 0 })).toThrow(StudioBetError);
  });
});
