import { describe, expect, it } from 'vitest';
import { SPORTS_WAGER_MIN_ODDS_MILLI, SPORTS_WAGER_WEIGHT_PERCENT } from '@/lib/constants/sports';
import { FAIR_GAMES } from '@/lib/contracts/games';
import {
  rouletteHedged,
  SLOTS_WAGER_WEIGHT_PERCENT,
  WAGER_GAMES,
  WAGER_MAX_WIN_CHANCE_PERCENT,
  WAGER_WEIGHT_PERCENT,
  wagerContribution,
  winChance,
  type WageredBet,
} from './wagering';

const counted = (bet: WageredBet) => wagerContribution(bet).countedMinor;
const chip = (
  type: 'straight' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' | 'dozen',
  amountMinor = 100n,
  value?: number,
) => ({ type, amountMinor, ...(value === undefined ? {} : { value }) }) as const;

describe('wagering rules', () => {
  it('weigh every game in percent, listed once on the bonus pages', () => {
    expect([...WAGER_GAMES].sort()).toEqual([...FAIR_GAMES].sort());
    for (const game of FAIR_GAMES) {
      expect(WAGER_WEIGHT_PERCENT[game]).toBeGreaterThan(0);
      expect(WAGER_WEIGHT_PERCENT[game]).toBeLessThanOrEqual(100);
    }
    expect(WAGER_WEIGHT_PERCENT).toMatchObject({ dice: 20, roulette: 50, cases: 100 });
    expect(WAGER_MAX_WIN_CHANCE_PERCENT).toBe(80);
  });

  it('dice: a 50 % roll counts by the weight, a 98 % roll nothing; the line is 80 %', () => {
    expect(wagerContribution({ game: 'dice', stakeMinor: 1_000n, target: 50, direction: 'under' })).toEqual({
      stakeMinor: 1_000n,
      countedMinor: 200n,
      weightPercent: 20,
      winChance: 5_000 / 10_001,
      excluded: null,
    });
    expect(
      wagerContribution({ game: 'dice', stakeMinor: 1_000n, target: 1.99, direction: 'over' }),
    ).toMatchObject({
      countedMinor: 0n,
      excluded: 'win_chance',
    });
    // 8 000 of 10 001 rolls (79.99 %) count; 8 001 (80.003 %) do not.
    expect(counted({ game: 'dice', stakeMinor: 1_000n, target: 80, direction: 'under' })).toBe(200n);
    expect(counted({ game: 'dice', stakeMinor: 1_000n, target: 19.99, direction: 'over' })).toBe(0n);
  });

  it('rounds the counted amount down to a minor unit', () => {
    expect(counted({ game: 'coinflip', stakeMinor: 104n })).toBe(20n);
    expect(counted({ game: 'coinflip', stakeMinor: 4n })).toBe(0n);
  });

  it('roulette: a spin on both sides of an even-money pair counts nothing; so does one too likely to pay', () => {
    for (const [a, b] of [
      ['red', 'black'],
      ['odd', 'even'],
      ['low', 'high'],
    ] as const) {
      const spin = { game: 'roulette', chips: [chip(a), chip(b, 300n)] } as const;
      expect(rouletteHedged(spin.chips)).toBe(true);
      expect(wagerContribution(spin)).toMatchObject({ countedMinor: 0n, excluded: 'hedged' });
    }
    expect(wagerContribution({ game: 'roulette', chips: [chip('red', 1_000n)] })).toMatchObject({
      countedMinor: 500n,
      winChance: 18 / 37,
      excluded: null,
    });
    // Red and odd: 26 of 37 pockets pay back the stake (70 %): counts.
    expect(winChance({ game: 'roulette', chips: [chip('red'), chip('odd')] })).toBeCloseTo(26 / 37, 12);
    expect(counted({ game: 'roulette', chips: [chip('red'), chip('odd')] })).toBe(100n);
    // Thirty straights pay 36 × 100 ≥ 3 000 on 30 of 37 pockets (81 %): nothing.
    const straights = Array.from({ length: 30 }, (_, pocket) => chip('straight', 100n, pocket + 1));
    expect(wagerContribution({ game: 'roulette', chips: straights })).toMatchObject({
      countedMinor: 0n,
      excluded: 'win_chance',
    });
    expect(counted({ game: 'roulette', chips: [chip('dozen', 100n, 1), chip('dozen', 100n, 2)] })).toBe(100n);
  });

  it('keno: the chance of a payout of at least the stake', () => {
    expect(winChance({ game: 'keno', stakeMinor: 100n, picks: 1, risk: 'low' })).toBeCloseTo(10 / 40, 12);
    expect(counted({ game: 'keno', stakeMinor: 1_000n, picks: 1, risk: 'high' })).toBe(200n);
    // Four picks, low risk: one match already returns the stake (1×): 1 − C(30,4)/C(40,4) ≈ 70 %.
    expect(winChance({ game: 'keno', stakeMinor: 100n, picks: 4, risk: 'low' })).toBeCloseTo(
      1 - 27_405 / 91_390,
      12,
    );
  });

  it('cases: the rolls whose item is worth at least the price', () => {
    const table = [
      { from: 1, to: 70_000, multiplier_scaled: 5_000 },
      { from: 70_001, to: 100_000, multiplier_scaled: 25_000 },
    ];
    expect(wagerContribution({ game: 'cases', stakeMinor: 1_000n, table })).toMatchObject({
      countedMinor: 1_000n,
      winChance: 0.3,
    });
    const safe = [
      { from: 1, to: 90_000, multiplier_scaled: 10_000 },
      { from: 90_001, to: 100_000, multiplier_scaled: 0 },
    ];
    expect(counted({ game: 'cases', stakeMinor: 1_000n, table: safe })).toBe(0n);
  });

  it('hilo and miner rounds: the chance that every move played wins', () => {
    const card = (rank: number, guess: 'higher' | 'lower' | 'skip' | null = null) => ({ rank, guess });
    // Higher on a 2 wins 12 of 13: a round of that one guess is 92 %.
    expect(counted({ game: 'hilo', stakeMinor: 1_000n, cards: [card(2), card(9, 'higher')] })).toBe(0n);
    // Two such guesses (85 %) count nothing, a third (78.7 %) counts; skips change nothing.
    const two = [card(2), card(2, 'higher'), card(2, 'skip'), card(2, 'higher')];
    expect(winChance({ game: 'hilo', stakeMinor: 1_000n, cards: two })).toBeCloseTo((12 / 13) ** 2, 12);
    expect(counted({ game: 'hilo', stakeMinor: 1_000n, cards: two })).toBe(0n);
    expect(counted({ game: 'hilo', stakeMinor: 1_000n, cards: [...two, card(9, 'higher')] })).toBe(200n);
    const risky = [card(8), card(10, 'higher')];
    expect(wagerContribution({ game: 'hilo', stakeMinor: 1_000n, cards: risky })).toMatchObject({
      countedMinor: 200n,
      winChance: 7 / 13,
    });
    expect(counted({ game: 'miner', stakeMinor: 1_000n, mines: 1, tilesOpened: 1 })).toBe(0n); // 96 %
    expect(winChance({ game: 'miner', stakeMinor: 1_000n, mines: 3, tilesOpened: 5 })).toBeCloseTo(
      26_334 / 53_130,
      12,
    );
    expect(counted({ game: 'miner', stakeMinor: 1_000n, mines: 3, tilesOpened: 5 })).toBe(200n);
  });

  it('counts a bet in a provider’s game (slots) in full, its chance unknown and never excluded', () => {
    expect(wagerContribution({ game: 'slots', stakeMinor: 1_234n })).toEqual({
      stakeMinor: 1_234n,
      countedMinor: 1_234n,
      weightPercent: SLOTS_WAGER_WEIGHT_PERCENT,
      winChance: null,
      excluded: null,
    });
    expect(SLOTS_WAGER_WEIGHT_PERCENT).toBe(100);
  });

  it('counts a sports bet in full from odds 1.50, and nothing below them', () => {
    expect(SPORTS_WAGER_MIN_ODDS_MILLI).toBe(1500);
    expect(SPORTS_WAGER_WEIGHT_PERCENT).toBe(100);
    // 1.499 is below the minimum: nothing, whatever the stake.
    expect(wagerContribution({ game: 'sports', stakeMinor: 1_000n, oddsMilli: 1499 })).toEqual({
      stakeMinor: 1_000n,
      countedMinor: 0n,
      weightPercent: 100,
      winChance: null,
      excluded: 'min_odds',
    });
    // 1.500 exactly and above: the stake × 100 %.
    expect(wagerContribution({ game: 'sports', stakeMinor: 1_000n, oddsMilli: 1500 })).toEqual({
      stakeMinor: 1_000n,
      countedMinor: 1_000n,
      weightPercent: 100,
      winChance: null,
      excluded: null,
    });
    expect(counted({ game: 'sports', stakeMinor: 1_234n, oddsMilli: 5827 })).toBe(1_234n);
    // The odds are the caller's: an express of 1.20 × 1.30 shows 1.56 and counts; a system whose lowest
    // double is 1.20 × 1.20 = 1.44 does not.
    expect(counted({ game: 'sports', stakeMinor: 500n, oddsMilli: 1560 })).toBe(500n);
    expect(counted({ game: 'sports', stakeMinor: 500n, oddsMilli: 1440 })).toBe(0n);
  });
});
