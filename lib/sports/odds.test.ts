import { describe, expect, it } from 'vitest';
import { CASHOUT_MARGIN_PERCENT, SYSTEM_MAX_LEGS } from '@/lib/constants/sports';
import {
  applyMargin,
  betPayoutMinor,
  cashoutValueMinor,
  combinationCount,
  combinations,
  lowestComboOddsMilli,
  marginPercentOf,
  oddsFromMilli,
  oddsToMilli,
  potentialPayoutMinor,
  removeMargin,
  totalOddsMilli,
  type LegResult,
  type PayoutLeg,
} from './odds';

/** Legs from odds, every one won unless `results` says otherwise. */
const legs = (oddsMilli: number[], results: Partial<Record<number, LegResult>> = {}): PayoutLeg[] =>
  oddsMilli.map((odds, i) => ({ oddsMilli: odds, result: results[i] ?? 'won' }));

describe('odds in thousandths', () => {
  it('converts decimal odds to and from thousandths', () => {
    expect(oddsFromMilli(1850)).toBe(1.85);
    expect(oddsFromMilli(1000)).toBe(1);
    // 1.85 × 1000 is 1850.0000000000002 in binary floating point; rounding gives 1850.
    expect(oddsToMilli(1.85)).toBe(1850);
    expect(oddsToMilli(1.005)).toBe(1005);
    expect(oddsToMilli(oddsFromMilli(3333))).toBe(3333);
  });
});

describe('margin', () => {
  it('removes the margin of a 3-way market 2.00 / 3.40 / 3.80', () => {
    // Implied: 1/2 + 1/3.4 + 1/3.8 = 1/2 + 5/17 + 5/19 = (323 + 190 + 170)/646 = 683/646,
    // so the overround is 37/646 = 5.7275541…%.
    expect(marginPercentOf([2000, 3400, 3800])).toBeCloseTo((37 / 646) * 100, 10);
    // Fair: each implied probability over 683/646: (1/2)·646/683 = 323/683, (5/17)·646/683 = 190/683,
    // (5/19)·646/683 = 170/683; they sum to 683/683 = 1.
    const fair = removeMargin([2000, 3400, 3800]);
    expect(fair[0]).toBeCloseTo(323 / 683, 12); // 0.47291…
    expect(fair[1]).toBeCloseTo(190 / 683, 12); // 0.27818…
    expect(fair[2]).toBeCloseTo(170 / 683, 12); // 0.24890…
    expect(fair[0] + fair[1] + fair[2]).toBeCloseTo(1, 12);
  });

  it('removes the margin of a 2-way market 1.50 / 2.50 and an even one 1.90 / 1.90', () => {
    // Implied: 2/3 + 2/5 = 16/15: overround 1/15 = 6.666…%; fair (2/3)·15/16 = 10/16, (2/5)·15/16 = 6/16.
    expect(marginPercentOf([1500, 2500])).toBeCloseTo(100 / 15, 10);
    const fair = removeMargin([1500, 2500]);
    expect(fair[0]).toBeCloseTo(0.625, 12);
    expect(fair[1]).toBeCloseTo(0.375, 12);
    // 1/1.9 + 1/1.9 = 2/1.9 = 20/19: overround 1/19 = 5.263…%; fair 1/2 each.
    expect(marginPercentOf([1900, 1900])).toBeCloseTo(100 / 19, 10);
    expect(removeMargin([1900, 1900])).toEqual([0.5, 0.5]);
  });

  it('prices with a margin rounded down to a hundredth, and removing it gives the probabilities back', () => {
    // 0.5 at 6 %: 1/(0.5 × 1.06) = 1.8867… → 1.88; 0.25: 1/(0.25 × 1.06) = 3.7735… → 3.77.
    const priced = applyMargin([0.5, 0.25, 0.25], 6);
    expect(priced).toEqual([1880, 3770, 3770]);
    // Rounding the odds down only adds margin: 1/1.88 + 2/3.77 = 0.531915 + 0.530504 = 1.062419 → 6.24 %.
    expect(marginPercentOf(priced)).toBeCloseTo(6.2419, 3);
    // Back: 0.531915/1.062419 = 0.50066, 0.265252/1.062419 = 0.24967: the hundredth's rounding only.
    const fair = removeMargin(priced);
    expect(fair[0]).toBeCloseTo(0.5, 2);
    expect(fair[1]).toBeCloseTo(0.25, 2);
    expect(fair[2]).toBeCloseTo(0.25, 2);
    // Without a margin, 0.5 / 0.5 prices 2.00 / 2.00 (1/0.5 = 2) and comes back exactly.
    expect(applyMargin([0.5, 0.5], 0)).toEqual([2000, 2000]);
    expect(removeMargin(applyMargin([0.5, 0.5], 0))).toEqual([0.5, 0.5]);
    expect(marginPercentOf([2000, 2000])).toBe(0);
  });

  it('keeps prices within the book’s lowest and highest odds', () => {
    // 1/0.999 = 1.001 is below 1.01; 1/0.0000001 = 10 000 000 is above 1000.00.
    expect(applyMargin([0.999, 0.0000001], 0)).toEqual([1010, 1_000_000]);
  });
});

describe('combinations', () => {
  it('lists the k-combinations in lexicographic order and counts them', () => {
    expect(combinations(['a', 'b', 'c'], 2)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(combinations([1, 2, 3, 4], 3)).toEqual([
      [1, 2, 3],
      [1, 2, 4],
      [1, 3, 4],
      [2, 3, 4],
    ]);
    expect(combinations([1, 2], 0)).toEqual([[]]);
    expect(combinations([1, 2], 3)).toEqual([]);
    expect(() => combinations([1, 2], -1)).toThrow(RangeError);
    // C(5,4) = 5, C(8,4) = 8·7·6·5/4! = 70, C(12,6) = 924, C(3,5) = 0.
    expect(combinationCount(5, 4)).toBe(5);
    expect(combinationCount(8, 4)).toBe(70);
    expect(combinationCount(12, 6)).toBe(924);
    expect(combinationCount(3, 5)).toBe(0);
    for (let n = 0; n <= SYSTEM_MAX_LEGS; n += 1) {
      const items = Array.from({ length: n }, (_, i) => i);
      for (let k = 0; k <= n; k += 1) expect(combinations(items, k)).toHaveLength(combinationCount(n, k));
    }
  });
});

describe('payouts of settled bets', () => {
  it('pays a single stake × odds, nothing when lost, the stake back when void', () => {
    // 10.00 × 1.85 = 18.50.
    expect(betPayoutMinor({ kind: 'single', stakeMinor: 1_000n, legs: legs([1850]) })).toBe(1_850n);
    expect(betPayoutMinor({ kind: 'single', stakeMinor: 1_000n, legs: legs([1850], { 0: 'lost' }) })).toBe(
      0n,
    );
    expect(betPayoutMinor({ kind: 'single', stakeMinor: 1_000n, legs: legs([1850], { 0: 'void' }) })).toBe(
      1_000n,
    );
  });

  it('pays an express stake × the product of its odds, a void leg counting 1.00', () => {
    const odds = [1500, 2000, 1850];
    // 10.00 × 1.5 × 2 × 1.85 = 10.00 × 5.55 = 55.50.
    expect(betPayoutMinor({ kind: 'express', stakeMinor: 1_000n, legs: legs(odds) })).toBe(5_550n);
    // The 2.00 leg void: 10.00 × 1.5 × 1 × 1.85 = 27.75.
    expect(betPayoutMinor({ kind: 'express', stakeMinor: 1_000n, legs: legs(odds, { 1: 'void' }) })).toBe(
      2_775n,
    );
    // Any leg lost: nothing.
    expect(betPayoutMinor({ kind: 'express', stakeMinor: 1_000n, legs: legs(odds, { 2: 'lost' }) })).toBe(0n);
    // Every leg void: the stake back, 10.00.
    const allVoid = legs(odds, { 0: 'void', 1: 'void', 2: 'void' });
    expect(betPayoutMinor({ kind: 'express', stakeMinor: 1_000n, legs: allVoid })).toBe(1_000n);
  });

  it('system 2/3: the stake split over C(3,2) = 3 doubles', () => {
    const odds = [2000, 3000, 4000];
    // 30.00 over 3 doubles, 10.00 each: 10 × 2·3 + 10 × 2·4 + 10 × 3·4 = 60 + 80 + 120 = 260.00.
    expect(betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 3_000n, legs: legs(odds) })).toBe(
      26_000n,
    );
    // 4.00 lost: only the double 2·3 pays, 10 × 6 = 60.00.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 3_000n, legs: legs(odds, { 2: 'lost' }) }),
    ).toBe(6_000n);
    // 2.00 void: 10 × 1·3 + 10 × 1·4 + 10 × 3·4 = 30 + 40 + 120 = 190.00.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 3_000n, legs: legs(odds, { 0: 'void' }) }),
    ).toBe(19_000n);
  });

  it('system 2/3 splits the stake exactly, never rounding a share on its own', () => {
    const odds = [1500, 2100, 1850];
    // 10.00 over 3 doubles: 1.5·2.1 = 3.15, 1.5·1.85 = 2.775, 2.1·1.85 = 3.885; sum 9.81.
    // Exact: 1 000 × 9.81 / 3 = 3 270 minor = 32.70. A share rounded first (3.33) would give
    // 333 × 9.81 = 3 266.73 → 32.66.
    expect(betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 1_000n, legs: legs(odds) })).toBe(3_270n);
  });

  it('system 3/4: the stake split over C(4,3) = 4 trebles', () => {
    const odds = [2000, 1500, 3000, 2500];
    // 40.00 over 4 trebles, 10.00 each: 2·1.5·3 = 9, 2·1.5·2.5 = 7.5, 2·3·2.5 = 15, 1.5·3·2.5 = 11.25;
    // sum 42.75 → 10 × 42.75 = 427.50.
    expect(betPayoutMinor({ kind: 'system', systemK: 3, stakeMinor: 4_000n, legs: legs(odds) })).toBe(
      42_750n,
    );
    // 3.00 lost: only 2·1.5·2.5 = 7.5 pays → 75.00.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 3, stakeMinor: 4_000n, legs: legs(odds, { 2: 'lost' }) }),
    ).toBe(7_500n);
    // 2.00 void: 1·1.5·3 = 4.5, 1·1.5·2.5 = 3.75, 1·3·2.5 = 7.5, 1.5·3·2.5 = 11.25; sum 27 → 270.00.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 3, stakeMinor: 4_000n, legs: legs(odds, { 0: 'void' }) }),
    ).toBe(27_000n);
  });

  it('system 4/5: the stake split over C(5,4) = 5 four-folds', () => {
    const odds = [1200, 1500, 2000, 2500, 3000];
    // 5.00 over 5 four-folds, 1.00 each. All five legs: 1.2·1.5·2·2.5·3 = 27; each four-fold leaves one
    // out: 27/1.2 = 22.5, 27/1.5 = 18, 27/2 = 13.5, 27/2.5 = 10.8, 27/3 = 9; sum 73.8 → 73.80.
    expect(betPayoutMinor({ kind: 'system', systemK: 4, stakeMinor: 500n, legs: legs(odds) })).toBe(7_380n);
    // 1.20 lost: only the four-fold without it pays, 22.5 → 22.50.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 4, stakeMinor: 500n, legs: legs(odds, { 0: 'lost' }) }),
    ).toBe(2_250n);
    // 2.00 void: all five give 1.2·1.5·1·2.5·3 = 13.5; leaving out 1.2 → 11.25, 1.5 → 9, the void leg →
    // 13.5, 2.5 → 5.4, 3 → 4.5; sum 43.65 → 43.65.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 4, stakeMinor: 500n, legs: legs(odds, { 2: 'void' }) }),
    ).toBe(4_365n);
    // 2.00 void and 3.00 lost: only the four-fold without 3.00 pays, 1.2·1.5·1·2.5 = 4.5 → 4.50.
    expect(
      betPayoutMinor({
        kind: 'system',
        systemK: 4,
        stakeMinor: 500n,
        legs: legs(odds, { 2: 'void', 4: 'lost' }),
      }),
    ).toBe(450n);
  });

  it('rounds a payout down to the cent once, at the end', () => {
    // 10.01 × 1.999 = 20.00999 (1 001 × 1 999 / 1 000 = 2 000.999 minor) → 20.00, not 20.01.
    expect(betPayoutMinor({ kind: 'single', stakeMinor: 1_001n, legs: legs([1999]) })).toBe(2_000n);
    // 100.00 × 1.333 × 1.333 = 100 × 1.776889 = 177.6889 → 177.68; the express shows odds 1.776,
    // but its payout uses the exact product (177.60 from the shown odds would be short).
    expect(betPayoutMinor({ kind: 'express', stakeMinor: 10_000n, legs: legs([1333, 1333]) })).toBe(17_768n);
    expect(totalOddsMilli([1333, 1333])).toBe(1776);
    // System 2/3 at 1.111 × 3, 1.00: each double 1.234321, three of them × 1.00/3 = 1.234321 → 1.23.
    expect(
      betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 100n, legs: legs([1111, 1111, 1111]) }),
    ).toBe(123n);
  });

  it('gives the potential payout of a slip: every leg won', () => {
    // As above: 18.50, 55.50, 260.00.
    expect(potentialPayoutMinor({ kind: 'single', stakeMinor: 1_000n, oddsMilli: [1850] })).toBe(1_850n);
    expect(potentialPayoutMinor({ kind: 'express', stakeMinor: 1_000n, oddsMilli: [1500, 2000, 1850] })).toBe(
      5_550n,
    );
    expect(
      potentialPayoutMinor({ kind: 'system', systemK: 2, stakeMinor: 3_000n, oddsMilli: [2000, 3000, 4000] }),
    ).toBe(26_000n);
  });

  it('refuses bets of the wrong shape', () => {
    const stakeMinor = 1_000n;
    expect(() => betPayoutMinor({ kind: 'single', stakeMinor, legs: legs([1500, 2000]) })).toThrow(
      RangeError,
    );
    expect(() => betPayoutMinor({ kind: 'single', stakeMinor, legs: [] })).toThrow(RangeError);
    expect(() => betPayoutMinor({ kind: 'express', stakeMinor, legs: legs([1500]) })).toThrow(RangeError);
    expect(() => betPayoutMinor({ kind: 'express', stakeMinor, legs: legs(Array(13).fill(1100)) })).toThrow(
      RangeError,
    );
    // A system needs 3 to 8 legs and k from 2 to n − 1.
    expect(() =>
      betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor, legs: legs([1500, 2000]) }),
    ).toThrow(RangeError);
    expect(() =>
      betPayoutMinor({ kind: 'system', systemK: 2, stakeMinor, legs: legs(Array(9).fill(1500)) }),
    ).toThrow(RangeError);
    for (const systemK of [1, 3, 2.5, null, undefined]) {
      expect(() =>
        betPayoutMinor({ kind: 'system', systemK, stakeMinor, legs: legs([1500, 2000, 2500]) }),
      ).toThrow(RangeError);
    }
    expect(() => betPayoutMinor({ kind: 'single', stakeMinor, legs: legs([999]) })).toThrow(RangeError);
    expect(() => betPayoutMinor({ kind: 'single', stakeMinor: -1n, legs: legs([1500]) })).toThrow(RangeError);
    expect(() => potentialPayoutMinor({ kind: 'express', stakeMinor, oddsMilli: [1500] })).toThrow(
      RangeError,
    );
  });
});

describe('odds an express or a system shows', () => {
  it('multiplies odds and rounds down to a thousandth', () => {
    // 1.5 × 2.1 × 1.85 = 5.8275 → 5.827.
    expect(totalOddsMilli([1500, 2100, 1850])).toBe(5827);
    expect(totalOddsMilli([1850])).toBe(1850);
    expect(totalOddsMilli([])).toBe(1000);
  });

  it('finds a system’s lowest accumulator', () => {
    // Trebles of 2, 1.5, 3, 2.5: the lowest is 1.5 · 2 · 2.5 = 7.5.
    expect(lowestComboOddsMilli([2000, 1500, 3000, 2500], 3)).toBe(7500);
    // Doubles of 1.333, 1.5, 1.333: 1.333 · 1.333 = 1.776889 → 1.776.
    expect(lowestComboOddsMilli([1333, 1500, 1333], 2)).toBe(1776);
    expect(() => lowestComboOddsMilli([1500, 2000], 3)).toThrow(RangeError);
  });
});

describe('cash-out', () => {
  const marginPercent = CASHOUT_MARGIN_PERCENT;

  it('values an open single at stake × odds × its chance now, less the margin', () => {
    expect(CASHOUT_MARGIN_PERCENT).toBe(5);
    // Taken at 2.50; the market now 1.90 / 1.90, so the fair chance is 1/2.
    // 10.00 × 2.5 × 0.5 = 12.50; less 5 %: 12.50 × 0.95 = 11.875 → 11.87.
    const [probability] = removeMargin([1900, 1900]);
    expect(
      cashoutValueMinor({
        kind: 'single',
        stakeMinor: 1_000n,
        legs: [{ oddsMilli: 2500, result: null, probability }],
        marginPercent,
      }),
    ).toBe(1_187n);
  });

  it('values an express with one leg won and one open', () => {
    // Leg 1 won at 2.00; leg 2 taken at 1.80 on "1" of a market now at 2.00 / 3.40 / 3.80, fair chance
    // 323/683 (see the margin test). 10.00 × 2 × 1.8 × 323/683 = 3 600 × 323/683 = 1 702.489 minor;
    // less 5 %: 1 104 660/683 = 1 617.365 → 16.17.
    const [probability] = removeMargin([2000, 3400, 3800]);
    expect(
      cashoutValueMinor({
        kind: 'express',
        stakeMinor: 1_000n,
        legs: [
          { oddsMilli: 2000, result: 'won', probability: null },
          { oddsMilli: 1800, result: null, probability },
        ],
        marginPercent,
      }),
    ).toBe(1_617n);
    // Both legs won (not yet settled as a bet): 10.00 × 2 × 1.8 = 36.00, less 5 % = 34.20.
    expect(
      cashoutValueMinor({
        kind: 'express',
        stakeMinor: 1_000n,
        legs: [
          { oddsMilli: 2000, result: 'won', probability: null },
          { oddsMilli: 1800, result: 'won', probability: null },
        ],
        marginPercent,
      }),
    ).toBe(3_420n);
  });

  it('values a system 2/3 with a lost leg from the accumulators still alive', () => {
    // 30.00 over 3 doubles, 10.00 each: 2.00 won, 3.00 lost, 4.00 open with a fair chance of 1/4.
    // 2·3 and 3·4 are dead; 2·4: 10 × 2 × 4 × 0.25 = 20.00; less 5 %: 20.00 × 0.95 = 19.00 exactly.
    expect(
      cashoutValueMinor({
        kind: 'system',
        systemK: 2,
        stakeMinor: 3_000n,
        legs: [
          { oddsMilli: 2000, result: 'won', probability: null },
          { oddsMilli: 3000, result: 'lost', probability: null },
          { oddsMilli: 4000, result: null, probability: 0.25 },
        ],
        marginPercent,
      }),
    ).toBe(1_900n);
    // The 3.00 leg void instead: 2·1 = 2 → 10 × 2 = 20; 2·4 → 20 (as above); 1·4 × 0.25 → 10 × 1 = 10;
    // 50.00 less 5 % = 47.50.
    expect(
      cashoutValueMinor({
        kind: 'system',
        systemK: 2,
        stakeMinor: 3_000n,
        legs: [
          { oddsMilli: 2000, result: 'won', probability: null },
          { oddsMilli: 3000, result: 'void', probability: null },
          { oddsMilli: 4000, result: null, probability: 0.25 },
        ],
        marginPercent,
      }),
    ).toBe(4_750n);
  });

  it('values a bet whose legs are all settled at its payout, less the margin', () => {
    // System 4/5 of the payout test with 2.00 void: 43.65; at no margin the same 43.65, at 5 %
    // 43.65 × 0.95 = 41.4675 → 41.46.
    const settled = legs([1200, 1500, 2000, 2500, 3000], { 2: 'void' });
    const bet = { kind: 'system', systemK: 4, stakeMinor: 500n } as const;
    const cashLegs = settled.map((leg) => ({ ...leg, probability: null }));
    expect(betPayoutMinor({ ...bet, legs: settled })).toBe(4_365n);
    expect(cashoutValueMinor({ ...bet, legs: cashLegs, marginPercent: 0 })).toBe(4_365n);
    expect(cashoutValueMinor({ ...bet, legs: cashLegs, marginPercent })).toBe(4_146n);
  });

  it('is worth nothing once an express has lost, and refuses an open leg without a probability', () => {
    expect(
      cashoutValueMinor({
        kind: 'express',
        stakeMinor: 1_000n,
        legs: [
          { oddsMilli: 2000, result: 'lost', probability: null },
          { oddsMilli: 1800, result: null, probability: 0.5 },
        ],
        marginPercent,
      }),
    ).toBe(0n);
    const open = { oddsMilli: 1800, result: null, probability: null };
    expect(() =>
      cashoutValueMinor({ kind: 'single', stakeMinor: 1_000n, legs: [open], marginPercent }),
    ).toThrow(RangeError);
    expect(() =>
      cashoutValueMinor({
        kind: 'single',
        stakeMinor: 1_000n,
        legs: [{ ...open, probability: 1.5 }],
        marginPercent,
      }),
    ).toThrow(RangeError);
    expect(() =>
      cashoutValueMinor({
        kind: 'system',
        systemK: 3,
        stakeMinor: 1_000n,
        legs: [open, open, open].map((leg) => ({ ...leg, probability: 0.5 })),
        marginPercent,
      }),
    ).toThrow(RangeError);
  });
});
