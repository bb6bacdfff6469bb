import type { CaseItem } from '../api/get-case';

/**
 * The spinning strip of a case opening: filler items drawn by their chances (so rare items are rare on
 * the strip too), the won item at {@link STRIP_WIN_INDEX}. Deterministic per bet, so a re-render never
 * reshuffles it.
 */

export const STRIP_LENGTH = 44;
export const STRIP_WIN_INDEX = 38;
/** Width of one strip cell plus the gap, in px (the CSS below uses the same figures). */
export const STRIP_CELL_PX = 104;
export const STRIP_SPIN_MS = 5_000;

/** A small seeded PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function buildStrip(items: readonly CaseItem[], won: CaseItem, seed: number): CaseItem[] {
  const next = random(seed);
  const total = items.reduce((sum, item) => sum + item.chance, 0);
  const pick = () => {
    let at = next() * total;
    for (const item of items) {
      at -= item.chance;
      if (at < 0) return item;
    }
    return items[items.length - 1];
  };
  return Array.from({ length: STRIP_LENGTH }, (_, i) => (i === STRIP_WIN_INDEX ? won : pick()));
}

/**
 * How far (px, negative) the strip moves so the won cell's centre stops under the marker in the middle
 * of a viewport `viewportPx` wide, off-centre by `jitter` (−0.4…0.4 of a cell) so it does not always stop
 * dead centre.
 */
export function stripOffset(viewportPx: number, jitter = 0): number {
  const cellCentre = STRIP_WIN_INDEX * STRIP_CELL_PX + (STRIP_CELL_PX - 8) / 2;
  return -(cellCentre - viewportPx / 2 + jitter * (STRIP_CELL_PX - 8));
}
