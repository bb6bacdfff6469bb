import { floats, type Seeds } from '../random';

/**
 * Cases: `roll = ⌊f × 100 000⌋ + 1` (1 … 100 000). Each item owns a contiguous range of rolls sized by its
 * chance (1 roll = 0.001 %), in the case's item order; the ranges cover 1 … 100 000 exactly. The table is
 * stored with each opening, so editing a case later cannot rewrite an old result. A case's RTP is
 * Σ chance × multiplier (multiplier = what the item pays as a multiple of the case price).
 */

export const CASE_ROLLS = 100_000;

export interface CaseItemInput {
  id: number;
  /** Chance in rolls out of 100 000 (0.5 % = 500). */
  rolls: number;
  /** Payout as a multiple of the case price. */
  multiplier: number;
}

export interface CaseRange<T extends CaseItemInput = CaseItemInput> {
  item: T;
  from: number;
  to: number;
}

export function caseRoll(seeds: Seeds): number {
  return Math.floor(floats(seeds, 1)[0] * CASE_ROLLS) + 1;
}

/** The range table; throws when the chances are not positive whole rolls summing to 100 000. */
export function caseRangeTable<T extends CaseItemInput>(items: readonly T[]): CaseRange<T>[] {
  let next = 1;
  const table = items.map((item) => {
    if (!Number.isInteger(item.rolls) || item.rolls <= 0) throw new Error(`Case item ${item.id}: bad chance`);
    const range = { item, from: next, to: next + item.rolls - 1 };
    next += item.rolls;
    return range;
  });
  if (next !== CASE_ROLLS + 1) throw new Error(`Case chances sum to ${next - 1} rolls, not ${CASE_ROLLS}`);
  return table;
}

export function caseItemForRoll<T extends { from: number; to: number }>(
  table: readonly T[],
  roll: number,
): T {
  const found = table.find((range) => roll >= range.from && roll <= range.to);
  if (!found) throw new Error(`No case item owns roll ${roll}`);
  return found;
}

/** Exact RTP of a case: Σ rolls × multiplier / 100 000. */
export function caseRtp(items: readonly CaseItemInput[]): number {
  const scaled = items.reduce((sum, item) => sum + item.rolls * Math.round(item.multiplier * 10_000), 0);
  return scaled / CASE_ROLLS / 10_000;
}
