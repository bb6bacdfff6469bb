import type { Seeds } from '@/lib/fair/random';
import { add, frac, mul, type Fraction } from './fraction';
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
import { gridAt, parseStrip, type Grid } from './reels';

/**
 * JADE WAYS: a 5×3 slot with 243 ways to win and doubling wilds.
 *
 * Rules. Five reels of 64 stops show three rows each. The bet buys 25 coins (coin = bet / 25). A symbol
 * pays when it shows on adjacent reels from reel 1, in any row: with c_r of it (or of the wild) on reel r
 * for reels 1…k and none on reel k + 1, it pays `pay(symbol, k) × Π_{r≤k} w_r` coins, where
 * w_r = (the symbol's count on reel r) + 2 × (the wilds on reel r): every way through a wild pays double,
 * through two wilds four times, through three eight times. `ways` = Π c_r is shown beside it. The WILD
 * lands on reels 2–4 only and stands for every symbol; the wins of all symbols add up. No feature.
 *
 * Fairness. Reel r stops at `⌊f_r × 64⌋` with floats 0–4 of the spin's stream (lib/fair).
 *
 * RTP, exact ({@link jadeWaysRtp}): the win of one symbol s with run length k is
 * `pay(s, k) × Π_{r≤k} w_r(s) × [c_{k+1}(s) = 0]`, each factor a function of one reel's window, and the
 * reels stop independently, so E[win of s, run k] = pay(s, k) × Π_{r≤k} E[w_r(s)] × P(c_{k+1}(s) = 0)
 * (the last factor is 1 for k = 5). E[w_r(s)] and P(c_r(s) = 0) are counted over the 64 windows of each
 * strip. RTP = Σ over symbols and run lengths of that, / 25 coins. The tests check the method against a
 * brute-force walk of every stop of small reels.
 */

export type JadeSymbol =
  | 'wild'
  | 'dragon'
  | 'phoenix'
  | 'koi'
  | 'lantern'
  | 'ace'
  | 'king'
  | 'queen'
  | 'jack';

const LEGEND: Record<string, JadeSymbol> = {
  W: 'wild',
  D: 'dragon',
  P: 'phoenix',
  F: 'koi',
  L: 'lantern',
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
};

export interface JadeWaysConfig {
  strips: readonly (readonly JadeSymbol[])[];
  /** `pays[symbol][k]`: coins per way for k adjacent reels from reel 1. */
  pays: Readonly<Partial<Record<JadeSymbol, readonly number[]>>>;
  /** Coins the bet buys. */
  coins: number;
  /** What a wild multiplies the ways through it by. */
  wildMultiplier: number;
}

export const JADE_WAYS_CONFIG: JadeWaysConfig = {
  strips: [
    'JKQLAFJDPJKQLAJFKQJLAJDPKQJFLAJKQJLAFJKQDPJLAJKQFJLAKQJDPJFLAKQJ',
    'JKQLAFJDPKQJLAWFJKQLAJDPKJQFLAJKQJLAFDJKQPJLAKQFJWLAJKQDPJFLAKQJ',
    'PKJQFLAJKQJLAFDJKQPJLAKQFJWLAJKQDPJFLAKQJJKQLAFJDPKQJLAWFJKQLAJD',
    'KQFJWLAJKQDPJFLAKQJJKQLAFJDPKQJLAWFJKQLAJDPKJQFLAJKQJLAFDJKQPJLA',
    'JKQJLAFJKQDPJLAJKQFJLAKQJDPJFLAKQJJKQLAFJDPJKQLAJFKQJLAJDPKQJFLA',
  ].map((text) => parseStrip(text, LEGEND)),
  pays: {
    dragon: [0, 0, 0, 20, 50, 200],
    phoenix: [0, 0, 0, 15, 40, 150],
    koi: [0, 0, 0, 10, 30, 100],
    lantern: [0, 0, 0, 8, 20, 80],
    ace: [0, 0, 0, 5, 10, 50],
    king: [0, 0, 0, 5, 10, 40],
    queen: [0, 0, 0, 4, 8, 30],
    jack: [0, 0, 0, 4, 8, 25],
  },
  coins: 25,
  wildMultiplier: 2,
};

export const JADE_WAYS_ROWS = 3;

/** The exact RTP (see the header); the tests assert it equals {@link jadeWaysRtp} within 1e-9. */
export const JADE_WAYS_RTP = 6_427_300_563 / 6_710_886_400; // ≈ 0.957742417305708

export interface WayWin {
  symbol: JadeSymbol;
  /** Adjacent reels from reel 1. */
  reels: number;
  /** Π c_r: the ways, wilds counted once. */
  ways: number;
  /** Π w_r: the ways with the wilds' doubling, which the pay multiplies. */
  wayUnits: number;
  /** In coins: `pay(symbol, reels) × wayUnits`. */
  pay: number;
  /** `[reel, row]` of every symbol and wild of the win. */
  positions: [number, number][];
}

/** The wins of a grid (`grid[reel][row]`), one per paying symbol. */
export function jadeWaysWins(grid: Grid<JadeSymbol>, config: JadeWaysConfig = JADE_WAYS_CONFIG): WayWin[] {
  const wins: WayWin[] = [];
  const symbols = new Set(grid[0].filter((symbol) => symbol !== 'wild'));
  for (const symbol of symbols) {
    let reels = 0;
    let ways = 1;
    let wayUnits = 1;
    const positions: [number, number][] = [];
    for (const window of grid) {
      let own = 0;
      let wilds = 0;
      window.forEach((at, row) => {
        if (at === symbol) own += 1;
        else if (at === 'wild') wilds += 1;
        else return;
        positions.push([reels, row]);
      });
      if (own + wilds === 0) break;
      reels += 1;
      ways *= own + wilds;
      wayUnits *= own + config.wildMultiplier * wilds;
    }
    const pay = (config.pays[symbol]?.[reels] ?? 0) * wayUnits;
    if (pay > 0) wins.push({ symbol, reels, ways, wayUnits, pay, positions });
  }
  return wins;
}

/** E[w_r(s)] and P(c_r(s) = 0) of each reel for a symbol, counted over the strip's windows. */
function reelFactors(
  strip: readonly JadeSymbol[],
  symbol: JadeSymbol,
  config: JadeWaysConfig,
): { units: Fraction; none: Fraction } {
  let units = 0;
  let none = 0;
  for (let stop = 0; stop < strip.length; stop += 1) {
    let own = 0;
    let wilds = 0;
    for (let row = 0; row < JADE_WAYS_ROWS; row += 1) {
      const at = strip[(stop + row) % strip.length];
      if (at === symbol) own += 1;
      else if (at === 'wild') wilds += 1;
    }
    units += own + config.wildMultiplier * wilds;
    if (own + wilds === 0) none += 1;
  }
  return { units: frac(units, strip.length), none: frac(none, strip.length) };
}

/** The exact RTP per symbol and in all (see the header), as fractions of the bet. */
export function jadeWaysRtp(config: JadeWaysConfig = JADE_WAYS_CONFIG): {
  bySymbol: Partial<Record<JadeSymbol, Fraction>>;
  total: Fraction;
} {
  const bySymbol: Partial<Record<JadeSymbol, Fraction>> = {};
  let total = frac(0);
  for (const [symbol, pays] of Object.entries(config.pays) as [JadeSymbol, readonly number[]][]) {
    const factors = config.strips.map((strip) => reelFactors(strip, symbol, config));
    let expected = frac(0);
    let units = frac(1);
    factors.forEach((factor, reel) => {
      units = mul(units, factor.units);
      const k = reel + 1;
      const stopsHere = k < factors.length ? factors[k].none : frac(1);
      expected = add(expected, mul(frac(pays[k] ?? 0), mul(units, stopsHere)));
    });
    bySymbol[symbol] = mul(expected, frac(1, config.coins));
    total = add(total, bySymbol[symbol]);
  }
  return { bySymbol, total };
}

export interface JadeWaysOutcome {
  stops: number[];
  grid: Grid<JadeSymbol>;
  wins: WayWin[];
}

export function jadeWaysOutcome(stops: readonly number[], config: JadeWaysConfig = JADE_WAYS_CONFIG) {
  const grid = gridAt(config.strips, stops, JADE_WAYS_ROWS);
  return { stops: [...stops], grid, wins: jadeWaysWins(grid, config) };
}

export const JADE_WAYS: SlotGame<JadeWaysOutcome, never> = {
  code: 'jade-ways',
  name: 'Jade Ways',
  category: 'ways',
  volatility: 'medium',
  rtp: JADE_WAYS_RTP,
  betLimits: SLOT_BET_LIMITS,
  spin(seeds: Seeds, bet: SlotBet, state?: never | null): SlotSpin<JadeWaysOutcome, never> {
    if (state) throw new StudioBetError('bad-bet', 'Jade Ways has no feature to continue');
    assertBetWithin(bet.amountMinor, SLOT_BET_LIMITS);
    const outcome = jadeWaysOutcome(
      reelStops(
        seeds,
        JADE_WAYS_CONFIG.strips.map((strip) => strip.length),
      ),
    );
    const coins = outcome.wins.reduce((acc, win) => acc + win.pay, 0);
    const multiplierScaled = (BigInt(coins) * SCALE) / BigInt(JADE_WAYS_CONFIG.coins);
    return {
      outcome,
      stakeMinor: bet.amountMinor,
      multiplierScaled,
      winMinor: winOf(bet.amountMinor, multiplierScaled),
      state: null,
    };
  },
};
