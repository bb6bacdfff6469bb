import { describe, expect, it } from 'vitest';
import { placePrize, prizeTotal, sharedPrize, standings, type PrizeRow } from './prizes';

const TABLE: PrizeRow[] = [
  { from: 1, to: 1, amountMinor: 50_000n },
  { from: 2, to: 2, amountMinor: 30_000n },
  { from: 3, to: 3, amountMinor: 10_000n },
  { from: 4, to: 10, poolBp: 100 },
];

describe('tournament prizes', () => {
  it('pays fixed places and shares of the pool, nothing outside the table', () => {
    expect(placePrize(TABLE, 1_000_000n, 1)).toBe(50_000n);
    expect(placePrize(TABLE, 1_000_000n, 7)).toBe(10_000n); // 1 % of 10 000.00
    expect(placePrize(TABLE, 1_000_000n, 11)).toBe(0n);
    expect(prizeTotal(TABLE, 1_000_000n)).toBe(50_000n + 30_000n + 10_000n + 7n * 10_000n);
  });

  it('splits the prizes of the places that tied players cover, and the next player takes the place after', () => {
    const ordered = [
      { id: 'a', points: 900n },
      { id: 'b', points: 500n },
      { id: 'c', points: 500n },
      { id: 'd', points: 100n },
    ];
    const result = standings(ordered, (row) => row.points, TABLE, 0n).map((s) => [
      s.item.id,
      s.place,
      s.prizeMinor,
    ]);
    expect(result).toEqual([
      ['a', 1, 50_000n],
      ['b', 2, 20_000n], // (30 000 + 10 000) / 2
      ['c', 2, 20_000n],
      ['d', 4, 0n], // 1 % of an empty pool
    ]);
  });

  it('rounds a shared prize down so that no more than the places pay is paid', () => {
    const three = [1n, 1n, 1n].map((points, id) => ({ id, points }));
    const result = standings(three, (row) => row.points, [{ from: 1, to: 1, amountMinor: 100n }], 0n);
    expect(result.map((s) => s.prizeMinor)).toEqual([33n, 33n, 33n]);
    expect(sharedPrize(TABLE, 0n, 2, 2)).toBe(20_000n);
  });
});
