import { describe, expect, it } from 'vitest';
import { caseItemForRoll, caseRangeTable, caseRoll } from './games/cases';
import { coinflipResult } from './games/coinflip';
import { diceMultiplier, diceRoll, diceTargetValid, diceWinChance, diceWins } from './games/dice';
import {
  HILO_MAX_CARDS,
  hiloCard,
  hiloMultiplier,
  hiloSkipAllowed,
  hiloWinningRanks,
  hiloWins,
} from './games/hilo';
import { kenoHits, kenoMatches, kenoMultiplier, kenoPicksValid } from './games/keno';
import { minerMines, minerMultiplier } from './games/miner';
import { pocketColor, rouletteChipValid, rouletteChipWins, roulettePocket } from './games/roulette';
import { multiplyScaled, payoutMinor } from './multiplier';
import type { Seeds } from './random';
import { recompute, seedMatchesHash } from './verify';

/** Known answers: the same seeds as random.test.ts; outcomes computed by hand from the literal floats there. */
const SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const at = (nonce: number): Seeds => ({ ...SEEDS, nonce });

describe('game outcomes for fixed seeds', () => {
  it('dice: ⌊f × 10001⌋ / 100', () => {
    // f = 0.11327902367338538 → ⌊1132.903…⌋ = 1132
    expect(diceRoll(at(0))).toBe(11.32);
    expect(diceRoll(at(1))).toBe(35.48);
    expect(diceRoll(at(42))).toBe(94.36);
  });

  it('coinflip: ⌊f × 2⌋, 0 heads', () => {
    expect(coinflipResult(at(0))).toBe('heads');
    expect(coinflipResult(at(42))).toBe('tails');
  });

  it('roulette: ⌊f × 37⌋', () => {
    expect(roulettePocket(at(0))).toBe(4);
    expect(roulettePocket(at(1))).toBe(13);
    expect(roulettePocket(at(42))).toBe(34);
  });

  it('cases: ⌊f × 100000⌋ + 1', () => {
    expect(caseRoll(at(0))).toBe(11328);
    expect(caseRoll(at(42))).toBe(94355);
  });

  it('keno: 10 hits from the shrinking ascending pool 1…40', () => {
    expect(kenoHits(at(0))).toEqual([5, 31, 32, 24, 11, 12, 25, 18, 22, 34]);
    expect(kenoHits(at(7))).toEqual([17, 14, 6, 24, 39, 40, 4, 33, 9, 8]);
  });

  it('miner: mines from the pool 0…24, 24 mines crossing three rounds', () => {
    expect(minerMines(at(0), 3)).toEqual([2, 19, 18]);
    expect(minerMines(at(0), 24)).toEqual([
      2, 19, 18, 14, 6, 7, 15, 10, 13, 21, 3, 16, 17, 5, 1, 12, 8, 24, 4, 23, 20, 22, 11, 9,
    ]);
    expect(minerMines(at(3), 24)[0]).toBe(24);
  });

  it('hilo: CARDS[⌊f × 52⌋], one float per card, deck ♦2 ♥2 ♠2 ♣2 ♦3 …', () => {
    const cards = Array.from({ length: 10 }, (_, i) => hiloCard(at(0), i));
    expect(cards.map((c) => `${c.rank}${c.suit[0]}`)).toEqual([
      '3h',
      '11c',
      '12d',
      '9c',
      '5h',
      '5s',
      '9c',
      '7s',
      '9d',
      '12h',
    ]);
    // f = 0.11327902367338538 → ⌊5.89⌋ = 5 → the sixth card of the deck: ♥3
    expect(cards[0]).toEqual({ index: 5, rank: 3, suit: 'hearts' });
  });

  it('recompute and the hash check give the same answers', () => {
    expect(recompute(at(1), { game: 'dice' })).toEqual({ game: 'dice', roll: 35.48 });
    expect(recompute(at(0), { game: 'miner', mines: 3 })).toEqual({ game: 'miner', mines: [2, 19, 18] });
    expect(recompute(at(0), { game: 'roulette' })).toEqual({ game: 'roulette', pocket: 4, color: 'black' });
    expect(
      seedMatchesHash(SEEDS.serverSeed, 'B99013E30D16485961874E083A37853900D0D291644B53A290FB1EA4901D6231'),
    ).toBe(true);
    expect(
      seedMatchesHash('0'.repeat(64), 'b99013e30d16485961874e083a37853900d0d291644b53a290fb1ea4901d6231'),
    ).toBe(false);
  });
});

describe('game rules', () => {
  it('dice: over wins strictly above, under strictly below; multipliers 0.99 / p', () => {
    expect(diceWins(50.01, 50, 'over')).toBe(true);
    expect(diceWins(50, 50, 'over')).toBe(false);
    expect(diceWins(49.99, 50, 'under')).toBe(true);
    expect(diceWins(50, 50, 'under')).toBe(false);
    // under 50: 5000 of 10001 rolls → 0.99 × 10001 / 5000 = 1.98019… → 1.9802
    expect(diceMultiplier(50, 'under')).toBe(1.9802);
    // 5000 / 10001 = 49.995 % → shown as 50.00
    expect(diceWinChance(50, 'under')).toBe(50);
    expect(diceWinChance(1.99, 'over')).toBe(98);
    expect(diceMultiplier(99.99, 'over')).toBe(9900.99);
    expect(diceTargetValid(50.005, 'over')).toBe(false);
    expect(diceTargetValid(0, 'under')).toBe(false);
    expect(diceTargetValid(99, 'under')).toBe(false); // 98.99 % chance
    expect(diceTargetValid(98, 'under')).toBe(true);
  });

  it('roulette: colours, chips and their wins', () => {
    expect(pocketColor(0)).toBe('green');
    expect(pocketColor(1)).toBe('red');
    expect(pocketColor(2)).toBe('black');
    expect(rouletteChipWins({ type: 'dozen', value: 3 }, 36)).toBe(true);
    expect(rouletteChipWins({ type: 'column', value: 1 }, 34)).toBe(true);
    expect(rouletteChipWins({ type: 'even', value: undefined }, 0)).toBe(false);
    expect(rouletteChipWins({ type: 'low' }, 18)).toBe(true);
    expect(rouletteChipWins({ type: 'high' }, 18)).toBe(false);
    expect(rouletteChipValid({ type: 'straight', value: 37 })).toBe(false);
    expect(rouletteChipValid({ type: 'red', value: 1 })).toBe(false);
    expect(rouletteChipValid({ type: 'column', value: 3 })).toBe(true);
  });

  it('keno: picks, matches and the pay table', () => {
    expect(kenoPicksValid([1, 40])).toBe(true);
    expect(kenoPicksValid([1, 1])).toBe(false);
    expect(kenoPicksValid([0])).toBe(false);
    expect(kenoPicksValid([])).toBe(false);
    expect(kenoPicksValid([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(false);
    expect(kenoMatches([5, 6, 31], [5, 31, 32])).toEqual([5, 31]);
    expect(kenoMultiplier('high', 10, 10)).toBe(10000);
    expect(kenoMultiplier('low', 1, 1)).toBe(3.96);
  });

  it('miner: 0.99 × C(25,k) / C(25−m,k)', () => {
    expect(minerMultiplier(1, 1)).toBe(1.0313); // 0.99 × 25/24
    expect(minerMultiplier(3, 2)).toBe(1.2857); // 0.99 × C(25,2) / C(22,2) = 0.99 × 300 / 231 = 1.285714…
    expect(minerMultiplier(24, 1)).toBe(24.75); // 0.99 × 25
    expect(minerMultiplier(5, 0)).toBe(1);
  });

  it('hilo: a round holds at most 52 cards, the last one drawn by a guess only', () => {
    expect(HILO_MAX_CARDS).toBe(52);
    expect(hiloSkipAllowed(1)).toBe(true);
    expect(hiloSkipAllowed(HILO_MAX_CARDS - 2)).toBe(true);
    expect(hiloSkipAllowed(HILO_MAX_CARDS - 1)).toBe(false);
    expect(hiloSkipAllowed(HILO_MAX_CARDS)).toBe(false);
  });

  it('hilo: or-same guesses, the edge ranks, and the round multiplier 0.99 / Π p', () => {
    expect(hiloWinningRanks(7, 'higher')).toBe(8);
    expect(hiloWinningRanks(7, 'lower')).toBe(6);
    expect(hiloWinningRanks(2, 'higher')).toBe(12);
    expect(hiloWinningRanks(2, 'lower')).toBe(1);
    expect(hiloWinningRanks(14, 'lower')).toBe(12);
    expect(hiloWinningRanks(14, 'higher')).toBe(1);
    expect(hiloWins(7, 7, 'higher')).toBe(true);
    expect(hiloWins(7, 7, 'lower')).toBe(true);
    expect(hiloWins(2, 2, 'higher')).toBe(false);
    expect(hiloWins(2, 2, 'lower')).toBe(true);
    expect(hiloWins(14, 13, 'higher')).toBe(false);
    expect(hiloMultiplier([])).toBe(1);
    // 0.99 × 13/8 = 1.60875 → 1.6088 (half up)
    expect(hiloMultiplier([8])).toBe(1.6088);
    // 0.99 × 169 / 48 = 3.485625 → 3.4856
    expect(hiloMultiplier([8, 6])).toBe(3.4856);
  });

  it('cases: contiguous ranges covering 1…100 000', () => {
    const table = caseRangeTable([
      { id: 1, rolls: 50_000, multiplier: 0.5 },
      { id: 2, rolls: 49_500, multiplier: 1.2 },
      { id: 3, rolls: 500, multiplier: 20 },
    ]);
    expect(table.map(({ from, to }) => [from, to])).toEqual([
      [1, 50_000],
      [50_001, 99_500],
      [99_501, 100_000],
    ]);
    expect(caseItemForRoll(table, 50_000).item.id).toBe(1);
    expect(caseItemForRoll(table, 50_001).item.id).toBe(2);
    expect(caseItemForRoll(table, 100_000).item.id).toBe(3);
    expect(() => caseRangeTable([{ id: 1, rolls: 99_999, multiplier: 1 }])).toThrow();
    expect(() =>
      caseRangeTable([
        { id: 1, rolls: 0, multiplier: 1 },
        { id: 2, rolls: 100_000, multiplier: 1 },
      ]),
    ).toThrow();
  });

  it('pays ⌊amount × multiplier⌋ in minor units, exactly', () => {
    expect(payoutMinor(100n, 1.9802)).toBe(198n);
    expect(payoutMinor(12_345n, 1.0313)).toBe(12_731n); // 12 731.39…
    expect(payoutMinor(1n, 1.98)).toBe(1n);
    expect(multiplyScaled(16_088n, 13_000n)).toBe(20_914n);
  });
});
