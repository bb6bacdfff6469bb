import { describe, expect, it } from 'vitest';
import { BET_LIMITS, getBetLimits, getMinPayout } from './bet-limits';

describe('bet limits given by the spec', () => {
  it('has the RUB ranges', () => {
    expect(getBetLimits('RUB', 'crash')).toEqual({ min: 1, max: 50_000 });
    expect(getBetLimits('RUB', 'miner')).toEqual({ min: 1, max: 1_000 });
    for (const game of ['coinflip', 'keno', 'hilo', 'roulette', 'dice'] as const) {
      expect(getBetLimits('RUB', game)).toEqual({ min: 1, max: 10_000 });
    }
  });

  it('has the USD, KZT, INR and EUR ranges', () => {
    expect(getBetLimits('USD', 'crash')).toEqual({ min: 0.01, max: 500 });
    expect(getBetLimits('USD', 'miner')).toEqual({ min: 0.01, max: 10 });
    expect(getBetLimits('KZT', 'crash')).toEqual({ min: 5, max: 250_000 });
    expect(getBetLimits('KZT', 'miner')).toEqual({ min: 5, max: 5_000 });
    expect(getBetLimits('KZT', 'coinflip')).toEqual({ min: 5, max: 50_000 });
    expect(getBetLimits('INR', 'crash')).toEqual(getBetLimits('RUB', 'crash'));
    expect(getBetLimits('INR', 'miner')).toEqual(getBetLimits('RUB', 'miner'));
    expect(getBetLimits('INR', 'coinflip')).toEqual(getBetLimits('RUB', 'coinflip'));
    expect(BET_LIMITS.EUR.games).toEqual(BET_LIMITS.USD.games);
  });

  it('has the minimum payouts', () => {
    expect([
      getMinPayout('RUB'),
      getMinPayout('USD'),
      getMinPayout('KZT'),
      getMinPayout('INR'),
      getMinPayout('EUR'),
    ]).toEqual([100, 1, 500, 100, 1]);
  });

  it('has the single bounds: wheel of fortune and roulette maxima, room and levels minima', () => {
    expect(getBetLimits('RUB', 'wheelOfFortune').max).toBe(1);
    expect(getBetLimits('KZT', 'wheelOfFortune').max).toBe(5);
    expect(getBetLimits('USD', 'roulette').max).toBe(0.1);
    expect(getBetLimits('KZT', 'roulette').max).toBe(5);
    expect(getBetLimits('INR', 'roulette').max).toBe(1);
    expect(getBetLimits('RUB', 'roomRed').min).toBe(1);
    expect(getBetLimits('RUB', 'roomYellow').min).toBe(10);
    expect(getBetLimits('RUB', 'roomPurple').min).toBe(50);
    expect(getBetLimits('RUB', 'levels').min).toBe(100);
    expect(getBetLimits('KZT', 'levels').min).toBe(100);
  });
});

describe('bet limit fallback', () => {
  it("takes a game without figures from the currency's coinflip range", () => {
    expect(getBetLimits('USD', 'dice')).toEqual({ min: 0.01, max: 100 });
    expect(getBetLimits('KZT', 'keno')).toEqual({ min: 5, max: 50_000 });
    expect(getBetLimits('INR', 'hilo')).toEqual({ min: 1, max: 10_000 });
    expect(getBetLimits('EUR', 'roomRed')).toEqual({ min: 0.01, max: 100 });
    expect(getBetLimits('USD', 'wheelOfFortune')).toEqual({ min: 0.01, max: 100 });
  });

  it('fills the missing bound of a single-bound game from the coinflip range', () => {
    expect(getBetLimits('USD', 'roulette')).toEqual({ min: 0.01, max: 0.1 });
    expect(getBetLimits('RUB', 'wheelOfFortune')).toEqual({ min: 1, max: 1 });
    expect(getBetLimits('RUB', 'roomPurple')).toEqual({ min: 50, max: 10_000 });
    expect(getBetLimits('RUB', 'levels')).toEqual({ min: 100, max: 10_000 });
  });

  it('never gives a max below the min', () => {
    expect(getBetLimits('USD', 'levels')).toEqual({ min: 100, max: 100 });
  });
});
