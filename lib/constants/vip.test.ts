import { describe, expect, it } from 'vitest';
import { fromRubMinor, houseEdgeBp, toRubMinor } from './activity';
import { levelOf, rakebackMicro, RAKEBACK_MICRO_PER_MINOR, VIP_LEVELS } from './vip';

describe('VIP levels', () => {
  it('starts at the spec’s minimum of 100 and rises at each threshold, never past the top', () => {
    expect(VIP_LEVELS[0].points).toBe(100);
    expect(
      [0, 99.99, 100, 9_999, 10_000, 49_999, 50_000, 250_000, 999_999, 1_000_000, 1e9].map(levelOf),
    ).toEqual([0, 0, 1, 1, 2, 2, 3, 4, 4, 5, 5]);
  });
});

describe('rakeback', () => {
  it('is the stake × the game’s house edge × the level’s share, exact in millionths of a kopeck', () => {
    // 1 000.00 ₽ on dice (1 % edge) at bronze (5 %): 0.50 ₽.
    expect(rakebackMicro(100_000n, houseEdgeBp('dice'), 5) / RAKEBACK_MICRO_PER_MINOR).toBe(50n);
    // Roulette keeps 2.70 %; slots 4 %; sports 5.66 %: 100.00 ₽ at diamond (15 %).
    expect(rakebackMicro(10_000n, houseEdgeBp('roulette'), 15)).toBe(40_500_000n); // 40.5 kopecks
    expect(rakebackMicro(10_000n, houseEdgeBp('slots:any'), 15)).toBe(60_000_000n);
    expect(rakebackMicro(10_000n, houseEdgeBp('sports'), 15)).toBe(84_900_000n);
    // A thousand 0.01 ₽ bets add up to what one 10.00 ₽ bet gives, nothing lost to rounding.
    let many = 0n;
    for (let i = 0; i < 1_000; i += 1) many += rakebackMicro(1n, 100, 7);
    expect(many).toBe(rakebackMicro(1_000n, 100, 7));
  });

  it('converts at the declared rates both ways, rounding down', () => {
    expect(toRubMinor(100n, 'USD')).toBe(9_000n);
    expect(toRubMinor(999n, 'KZT')).toBe(199n);
    expect(fromRubMinor(10_000n, 'USD')).toBe(111n);
    expect(fromRubMinor(10_000n, 'RUB')).toBe(10_000n);
  });
});
