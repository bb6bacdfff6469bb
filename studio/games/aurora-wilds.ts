import type { Seeds } from '@/lib/fair/random';
import { add, div, frac, mul, ONE, sub, type Fraction } from './fraction';
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
import { expectedLinePay, LINES_10, lineWins, type LineRules, type LineWin } from './paylines';
import { combinations, convolveCounts, gridAt, parseStrip, windowCounts, type Grid } from './reels';

/**
 * AURORA WILDS: a 5×3 video slot with 10 paylines, a wild and free spins.
 *
 * Rules. Five reels of 64 stops show three rows each. The bet is spread over the 10 fixed lines
 * (paylines.ts, LINES_10): line bet = bet / 10. A line pays its longest run from reel 1 (pay table below,
 * in line bets); the WILD (reels 2–4 only) stands for every symbol but the scatter and has no pay of its
 * own. SCATTERS pay anywhere on the screen, in whole bets: 3 → 2×, 4 → 10×, 5 → 50×, added to the line
 * wins, and award FREE SPINS: 3 → 8, 4 → 12, 5 → 20. Free spins are played at the triggering bet on the
 * same reels, every win of a free spin is tripled, and scatters landing during free spins RETRIGGER: they
 * pay and add their award (8, 12 or 20) to the spins left. There is no cap: the feature ends when no spin
 * is left. Each free spin is a spin of its own, with the next nonce (`spin(seeds, bet, state)`).
 *
 * Fairness. Reel r stops at `⌊f_r × 64⌋` with floats 0–4 of the spin's stream (lib/fair).
 *
 * RTP, exact ({@link auroraWildsRtp}):
 *  - lines: E[pay of one line] by enumerating symbol tuples weighted by the strips' symbol counts
 *    (paylines.ts explains why each line's symbols are independent across reels with the strip's
 *    frequencies); 10 lines × that, over a bet of 10 line bets, is E[line pay] in bets;
 *  - scatters: each reel's number of scatters in its window counted over its 64 stops (at most one: the
 *    scatters of a strip are at least 3 stops apart), convolved over the five independent reels →
 *    P(k scatters) exactly over 64⁵; E[scatter pay] = Σ P(k) pay(k);
 *  - a spin's base value B = E[line pay] + E[scatter pay] (in bets, without multiplier);
 *  - free spins: m = Σ P(k) award(k) is the mean number of spins one spin awards. Every free spin is an
 *    independent spin of the same reels, so the number of free spins of a feature started with a spins is
 *    a subcritical branching process: E[N] = a + m E[N] → E[N] = a / (1 − m); by Wald's identity its
 *    expected win is E[N] × 3B (the spins still to play never depend on the spin being played). Averaged
 *    over the base spin's award a (E[a] = m): the free spins add 3B × m / (1 − m) per paid spin;
 *  - RTP = B + 3B m / (1 − m) = B (1 + 2m) / (1 − m).
 * The tests check the method against a brute-force walk of every stop of small reels.
 */

export type AuroraSymbol =
  | 'wild'
  | 'scatter'
  | 'wolf'
  | 'owl'
  | 'fox'
  | 'ace'
  | 'king'
  | 'queen'
  | 'jack'
  | 'ten';

const LEGEND: Record<string, AuroraSymbol> = {
  W: 'wild',
  S: 'scatter',
  '1': 'wolf',
  '2': 'owl',
  '3': 'fox',
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
  T: 'ten',
};

export interface AuroraWildsConfig {
  strips: readonly (readonly AuroraSymbol[])[];
  rules: LineRules<AuroraSymbol>;
  /** By number of scatters on the screen, in bets. */
  scatterPays: readonly number[];
  /** Free spins awarded by number of scatters on the screen. */
  freeSpins: readonly number[];
  /** Every win of a free spin is multiplied by this. */
  freeSpinsMultiplier: number;
}

export const AURORA_WILDS_CONFIG: AuroraWildsConfig = {
  strips: [
    'TJQKAT321JTQKATJSQT3KTJA2QTKJT13QATJKTQ2AJTK3TQJSTAK1QTJ23TAKQJT',
    'TJQKA32TWJQ1KTAJSQT3KJA2TQWKJT13QATJK2QTWAJK3TQJSATK1QJ2TW3AKQJT',
    'JA2TQWKJT13QATJK2QTWAJK3TQJSATK1QJ2TW3AKQJTTJQKA32TWJQ1KTAJSQT3K',
    'JK3TQJSATK1QJ2TW3AKQJTTJQKA32TWJQ1KTAJSQT3KJA2TQWKJT13QATJK2QTWA',
    'QATJKTQ2AJTK3TQJSTAK1QTJ23TAKQJTTJQKAT321JTQKATJSQT3KTJA2QTKJT13',
  ].map((text) => parseStrip(text, LEGEND)),
  rules: {
    wild: 'wild',
    offLine: ['scatter'],
    pays: {
      wolf: [0, 0, 0, 50, 200, 1000],
      owl: [0, 0, 0, 40, 150, 500],
      fox: [0, 0, 0, 30, 100, 400],
      ace: [0, 0, 0, 20, 50, 200],
      king: [0, 0, 0, 15, 40, 150],
      queen: [0, 0, 0, 10, 30, 120],
      jack: [0, 0, 0, 10, 25, 100],
      ten: [0, 0, 0, 8, 20, 80],
    },
  },
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: [0, 0, 0, 8, 12, 20],
  freeSpinsMultiplier: 3,
};

export const AURORA_WILDS_ROWS = 3;
export const AURORA_WILDS_LINES = LINES_10;

/** The exact RTP (see the header); the tests assert it equals {@link auroraWildsRtp} within 1e-9. */
export const AURORA_WILDS_RTP = 127_712_953_445_437 / 132_506_753_957_888; // ≈ 0.963822217590701

export interface AuroraWildsRtp {
  /** E[line pay] per spin, in bets. */
  lines: Fraction;
  /** E[scatter pay] per spin, in bets. */
  scatters: Fraction;
  /** P(3 or more scatters) on one spin. */
  trigger: Fraction;
  /** m: free spins awarded per spin on average. */
  meanAward: Fraction;
  /** E[win of the free spins] per paid spin, in bets. */
  freeSpins: Fraction;
  total: Fraction;
}

/** P(k scatters on the screen) for k = 0…5, over 64⁵ (see the header). */
export function auroraScatterOdds(config: AuroraWildsConfig = AURORA_WILDS_CONFIG): Fraction[] {
  const perReel = config.strips.map((strip) =>
    windowCounts(
      strip,
      AURORA_WILDS_ROWS,
      (window) => window.filter((symbol) => symbol === 'scatter').length,
    ),
  );
  const totals = convolveCounts(perReel);
  const all = combinations(config.strips);
  return Array.from({ length: config.strips.length * AURORA_WILDS_ROWS + 1 }, (_, k) =>
    frac(totals.get(k) ?? 0, all),
  );
}

export function auroraWildsRtp(config: AuroraWildsConfig = AURORA_WILDS_CONFIG): AuroraWildsRtp {
  const lines = expectedLinePay(config.strips, config.rules);
  const odds = auroraScatterOdds(config);
  let scatters = frac(0);
  let trigger = frac(0);
  let meanAward = frac(0);
  odds.forEach((p, k) => {
    scatters = add(scatters, mul(p, frac(config.scatterPays[k] ?? 0)));
    const award = config.freeSpins[k] ?? 0;
    if (award > 0) {
      trigger = add(trigger, p);
      meanAward = add(meanAward, mul(p, frac(award)));
    }
  });
  const base = add(lines, scatters);
  const freeSpins = div(mul(mul(base, frac(config.freeSpinsMultiplier)), meanAward), sub(ONE, meanAward));
  return { lines, scatters, trigger, meanAward, freeSpins, total: add(base, freeSpins) };
}

/** The free spins in play: what `spin` needs to play the next one. */
export interface AuroraFreeSpinsState {
  kind: 'free-spins';
  /** The triggering bet: every free spin is played and paid at it. */
  betMinor: bigint;
  /** Free spins still to play (the next spin is one of them). */
  left: number;
  /** Free spins played so far. */
  played: number;
  /** Free spins awarded so far (the trigger and the retriggers). */
  awarded: number;
  /** What the free spins played so far have won. */
  winMinor: bigint;
}

export interface AuroraWildsOutcome {
  stops: number[];
  grid: Grid<AuroraSymbol>;
  lineWins: LineWin<AuroraSymbol>[];
  scatters: { count: number; positions: [number, number][]; pay: number };
  /** Free spins this spin awards (trigger or retrigger). */
  freeSpinsAwarded: number;
  /** Set on a free spin: which one it was, what is left after it, the feature's win so far with it. */
  freeSpin: { number: number; left: number; multiplier: number; totalWinMinor: bigint } | null;
}

/** The outcome and win multiplier (1/10 000ths of the bet) of a grid, for a base spin or a free spin. */
export function auroraWildsEvaluate(
  grid: Grid<AuroraSymbol>,
  freeSpin: boolean,
  config: AuroraWildsConfig = AURORA_WILDS_CONFIG,
): { outcome: Omit<AuroraWildsOutcome, 'freeSpin' | 'stops'>; multiplierScaled: bigint } {
  const wins = lineWins(grid, AURORA_WILDS_LINES, config.rules);
  const positions: [number, number][] = [];
  grid.forEach((window, reel) =>
    window.forEach((symbol, row) => {
      if (symbol === 'scatter') positions.push([reel, row]);
    }),
  );
  const scatterPay = config.scatterPays[positions.length] ?? 0;
  const linePays = wins.reduce((acc, win) => acc + win.pay, 0);
  const multiplier = BigInt(freeSpin ? config.freeSpinsMultiplier : 1);
  const multiplierScaled =
    ((BigInt(linePays) * SCALE) / BigInt(AURORA_WILDS_LINES.length) + BigInt(scatterPay) * SCALE) *
    multiplier;
  return {
    outcome: {
      grid,
      lineWins: wins,
      scatters: { count: positions.length, positions, pay: scatterPay },
      freeSpinsAwarded: config.freeSpins[positions.length] ?? 0,
    },
    multiplierScaled,
  };
}

function spin(
  seeds: Seeds,
  bet: SlotBet,
  state?: AuroraFreeSpinsState | null,
): SlotSpin<AuroraWildsOutcome, AuroraFreeSpinsState> {
  if (state) {
    if (bet.amountMinor !== state.betMinor) {
      throw new StudioBetError(
        'feature-bet-mismatch',
        'Free spins are played at the bet that triggered them',
      );
    }
    if (state.left < 1) throw new StudioBetError('bad-bet', 'No free spin is left');
  } else {
    assertBetWithin(bet.amountMinor, SLOT_BET_LIMITS);
  }
  const stops = reelStops(
    seeds,
    AURORA_WILDS_CONFIG.strips.map((strip) => strip.length),
  );
  const evaluated = auroraWildsEvaluate(
    gridAt(AURORA_WILDS_CONFIG.strips, stops, AURORA_WILDS_ROWS),
    Boolean(state),
  );
  const outcome = { stops, ...evaluated.outcome };
  const { multiplierScaled } = evaluated;
  const winMinor = winOf(bet.amountMinor, multiplierScaled);
  const awarded = outcome.freeSpinsAwarded;
  if (!state) {
    return {
      outcome: { ...outcome, freeSpin: null },
      stakeMinor: bet.amountMinor,
      multiplierScaled,
      winMinor,
      state:
        awarded > 0
          ? { kind: 'free-spins', betMinor: bet.amountMinor, left: awarded, played: 0, awarded, winMinor: 0n }
          : null,
    };
  }
  const next: AuroraFreeSpinsState = {
    kind: 'free-spins',
    betMinor: state.betMinor,
    left: state.left - 1 + awarded,
    played: state.played + 1,
    awarded: state.awarded + awarded,
    winMinor: state.winMinor + winMinor,
  };
  return {
    outcome: {
      ...outcome,
      freeSpin: {
        number: next.played,
        left: next.left,
        multiplier: AURORA_WILDS_CONFIG.freeSpinsMultiplier,
        totalWinMinor: next.winMinor,
      },
    },
    stakeMinor: 0n,
    multiplierScaled,
    winMinor,
    state: next.left > 0 ? next : null,
  };
}

export const AURORA_WILDS: SlotGame<AuroraWildsOutcome, AuroraFreeSpinsState> = {
  code: 'aurora-wilds',
  name: 'Aurora Wilds',
  category: 'video-slots',
  volatility: 'high',
  rtp: AURORA_WILDS_RTP,
  betLimits: SLOT_BET_LIMITS,
  spin,
};
