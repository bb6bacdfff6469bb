import { describe, expect, it } from 'vitest';
import { roulettePocket } from '@/lib/fair/games/roulette';
import type { Seeds } from '@/lib/fair/random';
import { frac, toNumber } from './fraction';
import { StudioBetError } from './game';
import {
  drawRouletteRound,
  INSIDE_GROUPS,
  rouletteBetMultiplier,
  rouletteBetRtp,
  rouletteBetValid,
  settleRoulette,
  STUDIO_ROULETTE,
  STUDIO_ROULETTE_RTP,
  type StudioRouletteInside,
  type StudioRouletteSpot,
} from './roulette';

const TABLE_SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const round = (nonce: number): Seeds => ({ ...TABLE_SEEDS, nonce });

const everySpot: StudioRouletteSpot[] = [
  ...(Object.entries(INSIDE_GROUPS) as [StudioRouletteInside, number[][]][]).flatMap(([type, groups]) =>
    groups.map((numbers) => ({ type, numbers })),
  ),
  ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({ type })),
  ...[1, 2, 3].flatMap((value) => [
    { type: 'dozen' as const, value },
    { type: 'column' as const, value },
  ]),
];

describe('Studio Roulette RTP', () => {
  it('every bet of the layout returns exactly 36/37, by enumeration of the 37 pockets', () => {
    expect(everySpot).toHaveLength(37 + 60 + 12 + 2 + 22 + 1 + 11 + 6 + 6);
    for (const spot of everySpot) {
      expect(rouletteBetValid(spot), JSON.stringify(spot)).toBe(true);
      expect(rouletteBetRtp(spot), JSON.stringify(spot)).toEqual(frac(36, 37));
    }
    expect(Math.abs(toNumber(frac(36, 37)) - STUDIO_ROULETTE_RTP)).toBeLessThan(1e-9);
    for (const rtp of Object.values(STUDIO_ROULETTE.betRtp)) expect(rtp).toBe(STUDIO_ROULETTE_RTP);
  });

  it('pays 36/n for n numbers covered', () => {
    expect(rouletteBetMultiplier({ type: 'straight', numbers: [17] })).toBe(36);
    expect(rouletteBetMultiplier({ type: 'split', numbers: [17, 20] })).toBe(18);
    expect(rouletteBetMultiplier({ type: 'street', numbers: [16, 17, 18] })).toBe(12);
    expect(rouletteBetMultiplier({ type: 'corner', numbers: [17, 18, 20, 21] })).toBe(9);
    expect(rouletteBetMultiplier({ type: 'first-four', numbers: [0, 1, 2, 3] })).toBe(9);
    expect(rouletteBetMultiplier({ type: 'six-line', numbers: [31, 32, 33, 34, 35, 36] })).toBe(6);
    expect(rouletteBetMultiplier({ type: 'dozen', value: 2 })).toBe(3);
    expect(rouletteBetMultiplier({ type: 'red' })).toBe(2);
  });

  it('refuses groups that are not next to each other on the layout', () => {
    expect(rouletteBetValid({ type: 'split', numbers: [3, 4] })).toBe(false); // ends of two rows
    expect(rouletteBetValid({ type: 'split', numbers: [1, 5] })).toBe(false);
    expect(rouletteBetValid({ type: 'corner', numbers: [3, 4, 6, 7] })).toBe(false);
    expect(rouletteBetValid({ type: 'street', numbers: [2, 3, 4] })).toBe(false);
    expect(rouletteBetValid({ type: 'straight', numbers: [37] })).toBe(false);
    expect(rouletteBetValid({ type: 'dozen', value: 4 })).toBe(false);
    expect(rouletteBetValid({ type: 'split', numbers: [20, 17] })).toBe(true); // any order
  });
});

describe('Studio Roulette rounds', () => {
  it('the pocket is the house roulette’s ⌊f × 37⌋ of the round’s seeds', () => {
    expect(drawRouletteRound(round(0))).toEqual({ pocket: 4, color: 'black', wheelIndex: 4 });
    expect(drawRouletteRound(round(1)).pocket).toBe(13);
    expect(drawRouletteRound(round(42))).toEqual({ pocket: 34, color: 'red', wheelIndex: 9 });
    for (let nonce = 0; nonce < 50; nonce += 1) {
      expect(drawRouletteRound(round(nonce)).pocket).toBe(roulettePocket(round(nonce)));
    }
  });

  it('settles every player of a shared round on the same pocket', () => {
    const shared = drawRouletteRound(round(42)); // 34, red, even, high, third dozen, first column
    const alice = settleRoulette(shared, [
      { type: 'straight', numbers: [34], amountMinor: 100n },
      { type: 'split', numbers: [31, 34], amountMinor: 100n },
      { type: 'black', amountMinor: 1_000n },
    ]);
    const bob = settleRoulette(shared, [
      { type: 'red', amountMinor: 1_000n },
      { type: 'dozen', value: 3, amountMinor: 500n },
      { type: 'column', value: 1, amountMinor: 500n },
    ]);
    expect(alice.stakeMinor).toBe(1_200n);
    expect(alice.bets.map((bet) => bet.winMinor)).toEqual([3_600n, 1_800n, 0n]);
    expect(alice.winMinor).toBe(5_400n);
    expect(bob.winMinor).toBe(2_000n + 1_500n + 1_500n);
  });

  it('spin checks the table limits', () => {
    expect(STUDIO_ROULETTE.spin(round(0), [{ type: 'even', amountMinor: 1_000n }]).winMinor).toBe(2_000n);
    expect(() =>
      STUDIO_ROULETTE.spin(round(0), [{ type: 'straight', numbers: [4], amountMinor: 10_000n }]),
    ).toThrow(StudioBetError);
    expect(() =>
      STUDIO_ROULETTE.spin(round(0), [{ type: 'split', numbers: [1, 5], amountMinor: 100n }]),
    ).toThrow(StudioBetError);
    expect(() =>
      STUDIO_ROULETTE.spin(
        round(0),
        Array.from({ length: 6 }, () => ({ type: 'red' as const, amountMinor: 100_000n })),
      ),
    ).toThrow(StudioBetError);
  });
});
