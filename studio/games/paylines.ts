import { frac, type Fraction } from './fraction';
import { combinations, symbolCounts, type Grid } from './reels';

/**
 * Paylines of a 5×3 game, evaluated left to right: a line pays its longest run from the leftmost reel
 * of one symbol, the wild standing in for any symbol it substitutes (every paying symbol; never a scatter
 * or a coin). Leading wilds pay as wilds when the wild has pays of its own and that pays more than the
 * symbol they complete; only the highest win of a line is paid.
 *
 * The exact expected pay of one line needs no enumeration of the stops of all reels: the symbol a line
 * shows on reel r is the strip symbol at one row of the window, and every row of a window sees each stop
 * of the strip exactly once, so it has the strip's symbol frequencies, independently from reel to reel,
 * whatever rows the line takes. So E[pay of a line] = Σ over symbol tuples (one symbol per reel) of
 * Π count_r(symbol_r) × pay(tuple) / Π length_r, the same for every line, and by linearity the lines of
 * a spin together pay `lines × E[pay of a line]` on average ({@link expectedLinePay}).
 */

/** Rows 0 (top) to 2 (bottom) of reels 1–5. */
export type Line = readonly [number, number, number, number, number];

/** The ten paylines of the studio's 5×3 games. */
export const LINES_10: readonly Line[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
];

export interface LineRules<S extends string> {
  /** `pays[symbol][count]`: the pay of `count` in a row from reel 1, in line bets (absent or 0: no pay). */
  pays: Readonly<Partial<Record<S, readonly number[]>>>;
  wild?: S;
  /** Symbols the wild does not stand for and that never pay on a line (scatters, coins). */
  offLine: readonly S[];
}

export interface LinePay<S extends string> {
  symbol: S;
  count: number;
  /** In line bets. */
  pay: number;
}

function payOf<S extends string>(rules: LineRules<S>, symbol: S, count: number): number {
  return rules.pays[symbol]?.[count] ?? 0;
}

/** The win of the symbols one line shows (one per reel), or null. */
export function evaluateLine<S extends string>(
  symbols: readonly S[],
  rules: LineRules<S>,
): LinePay<S> | null {
  const { wild } = rules;
  let best: LinePay<S> | null = null;
  let leadingWilds = 0;
  while (wild !== undefined && leadingWilds < symbols.length && symbols[leadingWilds] === wild)
    leadingWilds += 1;
  if (wild !== undefined && leadingWilds > 0) {
    const pay = payOf(rules, wild, leadingWilds);
    if (pay > 0) best = { symbol: wild, count: leadingWilds, pay };
  }
  if (leadingWilds < symbols.length) {
    const symbol = symbols[leadingWilds];
    if (!rules.offLine.includes(symbol)) {
      let count = leadingWilds;
      while (count < symbols.length && (symbols[count] === symbol || symbols[count] === wild)) count += 1;
      const pay = payOf(rules, symbol, count);
      if (pay > 0 && (best === null || pay > best.pay)) best = { symbol, count, pay };
    }
  }
  return best;
}

export interface LineWin<S extends string> extends LinePay<S> {
  /** Index in the game's list of lines (0-based; the client shows line `line + 1`). */
  line: number;
  /** `[reel, row]` of each symbol of the winning run. */
  positions: [number, number][];
}

export function lineWins<S extends string>(
  grid: Grid<S>,
  lines: readonly Line[],
  rules: LineRules<S>,
): LineWin<S>[] {
  const wins: LineWin<S>[] = [];
  lines.forEach((rows, line) => {
    const win = evaluateLine(
      rows.map((row, reel) => grid[reel][row]),
      rules,
    );
    if (win) {
      wins.push({
        ...win,
        line,
        positions: rows.slice(0, win.count).map((row, reel) => [reel, row] as [number, number]),
      });
    }
  });
  return wins;
}

/**
 * The exact expected pay of ONE line, in line bets, by enumeration of the symbol tuples weighted by the
 * strips' symbol counts (see the header): at most (distinct symbols)⁵ evaluations.
 */
export function expectedLinePay<S extends string>(
  strips: readonly (readonly S[])[],
  rules: LineRules<S>,
): Fraction {
  const perReel = strips.map((strip) => [...symbolCounts(strip)]);
  const tuple: S[] = [];
  let total = 0;
  const visit = (reel: number, weight: number) => {
    if (reel === perReel.length) {
      const win = evaluateLine(tuple, rules);
      if (win) total += weight * win.pay;
      return;
    }
    for (const [symbol, count] of perReel[reel]) {
      tuple[reel] = symbol;
      visit(reel + 1, weight * count);
    }
  };
  visit(0, 1);
  if (!Number.isSafeInteger(total)) throw new RangeError('The line enumeration left the exact integer range');
  return frac(total, combinations(strips));
}
