/**
 * Reel strips and what a window of them shows. A reel stopping at `stop` shows the strip's symbols
 * `stop, stop + 1, …, stop + rows − 1` (wrapping), top to bottom. Grids are reel-major: `grid[reel][row]`.
 *
 * Strips are written as strings, one character per stop, read through a legend (e.g. `W` → wild), so a
 * reel fits on one line of the source.
 */

export type Grid<S> = S[][];

export function parseStrip<S extends string>(text: string, legend: Readonly<Record<string, S>>): S[] {
  return [...text].map((char, at) => {
    const symbol = legend[char];
    if (symbol === undefined) throw new RangeError(`Unknown reel character '${char}' at stop ${at}`);
    return symbol;
  });
}

export function windowAt<S>(strip: readonly S[], stop: number, rows: number): S[] {
  return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]);
}

export function gridAt<S>(
  strips: readonly (readonly S[])[],
  stops: readonly number[],
  rows: number,
): Grid<S> {
  return strips.map((strip, reel) => windowAt(strip, stops[reel], rows));
}

/** How many stops of the strip carry each symbol (a symbol at any fixed row of a window has these odds). */
export function symbolCounts<S>(strip: readonly S[]): Map<S, number> {
  const counts = new Map<S, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/** How many of the strip's stops show a window with each value of `key` (e.g. the number of coins in it). */
export function windowCounts<S, K>(
  strip: readonly S[],
  rows: number,
  key: (window: S[]) => K,
): Map<K, number> {
  const counts = new Map<K, number>();
  for (let stop = 0; stop < strip.length; stop += 1) {
    const value = key(windowAt(strip, stop, rows));
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/**
 * The distribution of a total over independent reels, as integer weights (numbers of stop combinations):
 * `perReel[r]` maps a reel's count to its number of stops; the result maps each total to the number of
 * combinations of stops giving it. Exact while the product of the strip lengths stays below 2⁵³.
 */
export function convolveCounts(perReel: readonly Map<number, number>[]): Map<number, number> {
  let totals = new Map<number, number>([[0, 1]]);
  for (const reel of perReel) {
    const next = new Map<number, number>();
    for (const [total, ways] of totals) {
      for (const [count, stops] of reel)
        next.set(total + count, (next.get(total + count) ?? 0) + ways * stops);
    }
    totals = next;
  }
  return totals;
}

/** The number of stop combinations of the strips: the denominator of every enumerated probability. */
export function combinations(strips: readonly (readonly unknown[])[]): number {
  return strips.reduce((acc, strip) => acc * strip.length, 1);
}
