import type { Seeds } from '@/lib/fair/random';
import { frac, type Fraction } from './fraction';
import {
  assertBetWithin,
  reelStops,
  SCALE,
  SLOT_BET_LIMITS,
  StudioBetError,
  winOf,
  type SlotBet,
  type SlotGame,
  type SlotSpin,
} from './game';
import { combinations, gridAt, parseStrip, symbolCounts, type Grid } from './reels';

/**
 * FRUIT SEVENS: a classic three-reel slot with one payline.
 *
 * Rules. Three reels of 64 stops (32 blanks between 32 symbols) show three rows; the payline is the
 * middle row. One bet per spin, paid on the line only, the highest of these (in bets, stake included):
 *   7 7 7: 150 · ≡ ≡ ≡ (triple bars): 50 · = = = (double bars): 25 · − − − (single bars): 10 ·
 *   any three bars mixed: 5 · three cherries: 20 · two cherries anywhere on the line: 5 · one cherry: 2.
 * No feature, no wild.
 *
 * Fairness. Reel r stops at `⌊f_r × 64⌋` with floats 0, 1, 2 of the bet's stream (lib/fair).
 *
 * RTP, exact by enumeration: the line shows, on each reel, the strip symbol one after the stop; each of
 * the 64³ = 262 144 stop combinations has probability 1/64³, and the RTP is Σ pay / 64³.
 * {@link fruitSevensRtp} enumerates the combinations of symbols (at most 6³) weighted by their numbers of
 * stops, which is the same sum; the tests also walk the 262 144 stops one by one.
 */

export type FruitSymbol = 'seven' | 'bar3' | 'bar2' | 'bar1' | 'cherry' | 'blank';

const LEGEND: Record<string, FruitSymbol> = {
  '7': 'seven',
  '3': 'bar3',
  '2': 'bar2',
  '1': 'bar1',
  C: 'cherry',
  '-': 'blank',
};

export interface FruitSevensConfig {
  strips: readonly (readonly FruitSymbol[])[];
  /** Pays in bets. */
  pays: {
    triple: Readonly<Partial<Record<FruitSymbol, number>>>;
    anyBars: number;
    /** By number of cherries on the line: [0, one, two, three]. */
    cherries: readonly [number, number, number, number];
  };
}

export const FRUIT_SEVENS_CONFIG: FruitSevensConfig = {
  strips: [
    '-1-2-C-3-1-2-7-1-C-2-3-1-2-C-1-3-2-1-C-2-1-3-2-7-1-C-2-1-3-C-2-1',
    '-1-2-3-C-1-2-7-3-1-C-2-1-3-C-2-1-1-2-3-C-1-2-7-3-1-C-2-1-3-C-2-1',
    '-1-2-C-3-1-2-7-1-C-3-2-1-C-3-2-1-1-2-C-3-1-2-7-1-C-3-2-1-C-3-2-1',
  ].map((text) => parseStrip(text, LEGEND)),
  pays: {
    triple: { seven: 150, bar3: 50, bar2: 25, bar1: 10 },
    anyBars: 5,
    cherries: [0, 2, 5, 20],
  },
};

export const FRUIT_SEVENS_ROWS = 3;
export const FRUIT_SEVENS_PAYLINE_ROW = 1;

/** The exact RTP (see the header); the tests assert it equals {@link fruitSevensRtp} within 1e-9. */
export const FRUIT_SEVENS_RTP = 251_684 / 262_144; // = 0.9600982666015625

const BARS: readonly FruitSymbol[] = ['bar3', 'bar2', 'bar1'];

export type FruitLineWin =
  | { kind: 'triple'; symbol: FruitSymbol; pay: number }
  | { kind: 'any-bars'; pay: number }
  | { kind: 'cherries'; count: number; pay: number };

/** The win of the three symbols on the payline (in bets), or null. */
export function evaluateFruitLine(
  line: readonly FruitSymbol[],
  pays: FruitSevensConfig['pays'] = FRUIT_SEVENS_CONFIG.pays,
): FruitLineWin | null {
  const wins: FruitLineWin[] = [];
  if (line.every((symbol) => symbol === line[0])) {
    const pay = pays.triple[line[0]] ?? 0;
    if (pay > 0) wins.push({ kind: 'triple', symbol: line[0], pay });
  }
  if (line.every((symbol) => BARS.includes(symbol)) && pays.anyBars > 0) {
    wins.push({ kind: 'any-bars', pay: pays.anyBars });
  }
  const cherries = line.filter((symbol) => symbol === 'cherry').length;
  if (pays.cherries[cherries] > 0)
    wins.push({ kind: 'cherries', count: cherries, pay: pays.cherries[cherries] });
  return wins.reduce<FruitLineWin | null>(
    (best, win) => (best === null || win.pay > best.pay ? win : best),
    null,
  );
}

/** The exact RTP of a configuration: Σ over symbol triples of (stops showing it) × pay / 64³. */
export function fruitSevensRtp(config: FruitSevensConfig = FRUIT_SEVENS_CONFIG): Fraction {
  const [a, b, c] = config.strips.map((strip) => [...symbolCounts(strip)]);
  let total = 0;
  for (const [s1, n1] of a) {
    for (const [s2, n2] of b) {
      for (const [s3, n3] of c)
        total += n1 * n2 * n3 * (evaluateFruitLine([s1, s2, s3], config.pays)?.pay ?? 0);
    }
  }
  return frac(total, combinations(config.strips));
}

export interface FruitSevensOutcome {
  stops: number[];
  grid: Grid<FruitSymbol>;
  /** The payline's symbols (the middle row). */
  line: FruitSymbol[];
  win: FruitLineWin | null;
}

/** The outcome of stops (exported for the tests' walk over every stop). */
export function fruitSevensOutcome(
  stops: readonly number[],
  config: FruitSevensConfig = FRUIT_SEVENS_CONFIG,
): FruitSevensOutcome {
  const grid = gridAt(config.strips, stops, FRUIT_SEVENS_ROWS);
  const line = grid.map((window) => window[FRUIT_SEVENS_PAYLINE_ROW]);
  return { stops: [...stops], grid, line, win: evaluateFruitLine(line, config.pays) };
}

export const FRUIT_SEVENS: SlotGame<FruitSevensOutcome, never> = {
  code: 'fruit-sevens',
  name: 'Fruit Sevens',
  category: 'classic-slots',
  volatility: 'medium',
  rtp: FRUIT_SEVENS_RTP,
  betLimits: SLOT_BET_LIMITS,
  spin(seeds: Seeds, bet: SlotBet, state?: never | null): SlotSpin<FruitSevensOutcome, never> {
    if (state) throw new StudioBetError('bad-bet', 'Fruit Sevens has no feature to continue');
    assertBetWithin(bet.amountMinor, SLOT_BET_LIMITS);
    const stops = reelStops(
      seeds,
      FRUIT_SEVENS_CONFIG.strips.map((strip) => strip.length),
    );
    const outcome = fruitSevensOutcome(stops);
    const multiplierScaled = BigInt(outcome.win?.pay ?? 0) * SCALE;
    return {
      outcome,
      stakeMinor: bet.amountMinor,
      multiplierScaled,
      winMinor: winOf(bet.amountMinor, multiplierScaled),
      state: null,
    };
  },
};
