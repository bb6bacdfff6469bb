import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import type { RouletteBetType } from '@/lib/fair/games/roulette';

/** The spots of the European table and the chips placed on them (pure, tested with the game). */

export interface Spot {
  type: RouletteBetType;
  value?: number;
}

export const spotKey = (spot: Spot) => `${spot.type}:${spot.value ?? ''}`;

/** The most spots one bet may cover (lib/contracts/games.ts: 1 to 20 chips). */
export const MAX_SPOTS = 20;

/** Chips in the order they were placed (undo takes the last); each is one click of the chip value. */
export interface PlacedChip extends Spot {
  amountMinor: number;
}

/** The bet's chips: one per spot, amounts added up, in the order spots were first used. */
export function chipsOf(
  placed: readonly PlacedChip[],
): { type: RouletteBetType; value?: number; amount: number }[] {
  const bySpot = new Map<string, { spot: Spot; minor: number }>();
  for (const chip of placed) {
    const key = spotKey(chip);
    const entry = bySpot.get(key);
    if (entry) entry.minor += chip.amountMinor;
    else bySpot.set(key, { spot: { type: chip.type, value: chip.value }, minor: chip.amountMinor });
  }
  return [...bySpot.values()].map(({ spot, minor }) => ({
    type: spot.type,
    ...(spot.value === undefined ? {} : { value: spot.value }),
    amount: fromMinorUnits(minor),
  }));
}

export const totalMinor = (placed: readonly PlacedChip[]) =>
  placed.reduce((sum, chip) => sum + chip.amountMinor, 0);

export type PlaceRefusal = 'max' | 'spots';

/** Whether one more chip of `amount` on `spot` keeps the bet within the maximum and the spot count. */
export function canPlace(
  placed: readonly PlacedChip[],
  spot: Spot,
  amount: number,
  max: number,
): PlaceRefusal | null {
  if (totalMinor(placed) + toMinorUnits(amount) > toMinorUnits(max)) return 'max';
  const spots = new Set(placed.map(spotKey));
  if (!spots.has(spotKey(spot)) && spots.size >= MAX_SPOTS) return 'spots';
  return null;
}

/** The numbers grid as the table shows it: three rows (top 3, 6, … 36; bottom 1, 4, … 34), twelve columns. */
export const NUMBER_ROWS: readonly (readonly number[])[] = [3, 2, 1].map((offset) =>
  Array.from({ length: 12 }, (_, column) => column * 3 + offset),
);
