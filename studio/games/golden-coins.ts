import { floats, type Seeds } from '@/lib/fair/random';
import { choose } from '@/lib/fair/multiplier';
import { add, frac, mul, ONE, sub, type Fraction } from './fraction';
import {
  assertBetWithin,
  pickWeighted,
  stopsOf,
  SCALE,
  SLOT_BET_LIMITS,
  StudioBetError,
  weightedTable,
  winOf,
  type SlotBet,
  type SlotGame,
  type SlotSpin,
  type WeightedTable,
} from './game';
import { expectedLinePay, LINES_10, lineWins, type LineRules, type LineWin } from './paylines';
import { combinations, convolveCounts, gridAt, parseStrip, windowCounts, type Grid } from './reels';

/**
 * GOLDEN COINS: a 5×3 hold-and-win slot with 10 paylines.
 *
 * Rules. Five reels of 64 stops show three rows each; the 10 lines of paylines.ts pay as in Aurora Wilds
 * (line bet = bet / 10, the WILD on reels 2–4 stands for every symbol but the coin). Every COIN that lands
 * carries a value in bets, drawn from {@link GOLDEN_COINS_VALUES} (1× to 100×, the top three named mini,
 * minor and major); coins do not pay on lines. SIX OR MORE COINS start HOLD AND WIN: the coins stick,
 * every other cell is emptied, and the player gets 3 respins. On a respin every empty cell lands a coin
 * with probability 46/1024, each cell on its own; a respin that lands at least one coin sets the respins
 * back to 3. The feature ends when no respin is left or all 15 cells hold a coin; it pays the sum of the
 * coins, plus the GRAND of 1000× when all 15 cells are full. Each respin is a spin of its own with the
 * next nonce (`spin(seeds, bet, state)`), at the triggering bet; its win is paid with the last respin.
 *
 * Fairness. Base spin: reel r stops at `⌊f_r × 64⌋` with floats 0–4; the coin in cell i (i = reel × 3 +
 * row) takes its value from float 5 + i as `⌊f × 1024⌋` in the cumulative weights. Respin: the empty cell
 * i lands a coin when `⌊f_i × 1024⌋ < 46` with float i, its value from float 15 + i. 64 and 1024 divide
 * 2³², so every probability is exact under lib/fair's 32-bit floats.
 *
 * RTP, exact ({@link goldenCoinsRtp}):
 *  - lines: E[line pay] in bets, by enumeration of symbol tuples (paylines.ts);
 *  - trigger: each reel's number of coins in its window counted over its 64 stops, convolved over the five
 *    independent reels → P(N₀ = n) over 64⁵ for n = 0…15;
 *  - feature: an absorbing Markov chain over (coins held n, respins left r). From (n, r) with e = 15 − n
 *    empty cells, K ~ Binomial(e, q = 46/1024) new coins land: K = 0 → (n, r − 1), K = k > 0 →
 *    (n + k, 3); (n, 0) and (15, ·) are absorbing. Solved exactly (fractions, n from 15 down) for
 *    V(n, r) = E[coins when it ends] and G(n, r) = P(it ends with 15 coins);
 *  - coin values are drawn independently of the cells and of each other, with mean μ = 4216/1024, so the
 *    coins of a feature started with n₀ coins are worth μ × V(n₀, 3) on average (Wald), plus 1000 × G(n₀, 3);
 *  - RTP = E[line pay] + Σ_{n ≥ 6} P(N₀ = n) × (μ V(n, 3) + 1000 G(n, 3)).
 */

export type GoldenSymbol =
  | 'wild'
  | 'coin'
  | 'bull'
  | 'horseshoe'
  | 'clover'
  | 'ace'
  | 'king'
  | 'queen'
  | 'jack';

const LEGEND: Record<string, GoldenSymbol> = {
  W: 'wild',
  C: 'coin',
  '1': 'bull',
  '2': 'horseshoe',
  '3': 'clover',
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
};

export interface CoinValue {
  /** In bets. */
  value: number;
  jackpot?: 'mini' | 'minor' | 'major';
}

export interface GoldenCoinsConfig {
  strips: readonly (readonly GoldenSymbol[])[];
  rules: LineRules<GoldenSymbol>;
  values: WeightedTable<CoinValue>;
  /** Coins on the screen that start the feature. */
  trigger: number;
  /** Respins at the start and after every respin that lands a coin. */
  respins: number;
  /** P(an empty cell lands a coin on a respin) = landing / 1024. */
  landing: number;
  /** Paid, in bets, when all 15 cells hold a coin. */
  grand: number;
}

export const GOLDEN_COINS_VALUES: WeightedTable<CoinValue> = weightedTable<CoinValue>([
  { value: { value: 1 }, weight: 384 },
  { value: { value: 2 }, weight: 256 },
  { value: { value: 3 }, weight: 160 },
  { value: { value: 5 }, weight: 112 },
  { value: { value: 10 }, weight: 64 },
  { value: { value: 20, jackpot: 'mini' }, weight: 32 },
  { value: { value: 50, jackpot: 'minor' }, weight: 12 },
  { value: { value: 100, jackpot: 'major' }, weight: 4 },
]);

export const GOLDEN_COINS_LANDING_SCALE = 1024;

export const GOLDEN_COINS_CONFIG: GoldenCoinsConfig = {
  strips: [
    'JQAKJ32JC1JQAJKCCJQ3JAKJ2QJCJ13AJQKJ2JQCJAKJ3QJCCAJK1JQ2JC3JAKQJ',
    'JQAKJ32CJ1QWJAKJCCQ3JAKJ2QCJ1JW3QAJKJ2QCJAKJ3QCCJAKJ1QWJ2C3JAKQJ',
    'KJ2QCJ1JW3QAJKJ2QCJAKJ3QCCJAKJ1QWJ2C3JAKQJJQAKJ32CJ1QWJAKJCCQ3JA',
    'J3QCCJAKJ1QWJ2C3JAKQJJQAKJ32CJ1QWJAKJCCQ3JAKJ2QCJ1JW3QAJKJ2QCJAK',
    'JQKJ2JQCJAKJ3QJCCAJK1JQ2JC3JAKQJJQAKJ32JC1JQAJKCCJQ3JAKJ2QJCJ13A',
  ].map((text) => parseStrip(text, LEGEND)),
  rules: {
    wild: 'wild',
    offLine: ['coin'],
    pays: {
      bull: [0, 0, 0, 40, 150, 500],
      horseshoe: [0, 0, 0, 30, 100, 400],
      clover: [0, 0, 0, 20, 75, 250],
      ace: [0, 0, 0, 10, 30, 120],
      king: [0, 0, 0, 10, 25, 100],
      queen: [0, 0, 0, 5, 20, 80],
      jack: [0, 0, 0, 4, 15, 60],
    },
  },
  values: GOLDEN_COINS_VALUES,
  trigger: 6,
  respins: 3,
  landing: 46,
  grand: 1000,
};

export const GOLDEN_COINS_ROWS = 3;
export const GOLDEN_COINS_CELLS = 15;

/** The exact RTP (see the header); the tests assert it equals {@link goldenCoinsRtp} within 1e-9. */
export const GOLDEN_COINS_RTP = 0.96042975524086; // the fraction has the denominator 2^1234

/** The mean coin value μ in bets, exactly. */
export function meanCoinValue(values: WeightedTable<CoinValue> = GOLDEN_COINS_VALUES): Fraction {
  const total = values.entries.reduce((acc, entry) => acc + entry.value.value * entry.weight, 0);
  return frac(total, values.total);
}

/** P(N₀ = n) for n = 0…15: the coins a base spin shows (see the header). */
export function goldenCoinsCountOdds(config: GoldenCoinsConfig = GOLDEN_COINS_CONFIG): Fraction[] {
  const perReel = config.strips.map((strip) =>
    windowCounts(strip, GOLDEN_COINS_ROWS, (window) => window.filter((symbol) => symbol === 'coin').length),
  );
  const totals = convolveCounts(perReel);
  const all = combinations(config.strips);
  return Array.from({ length: GOLDEN_COINS_CELLS + 1 }, (_, n) => frac(totals.get(n) ?? 0, all));
}

export interface HoldAndWinChain {
  /** `expectedCoins[n][r]`: E[coins held when the feature ends | n held, r respins left]. */
  expectedCoins: Fraction[][];
  /** `fullOdds[n][r]`: P(the feature ends with all cells full | n held, r respins left). */
  fullOdds: Fraction[][];
}

/** Solves the (coins held, respins left) chain of the header exactly. */
export function holdAndWinChain(config: GoldenCoinsConfig = GOLDEN_COINS_CONFIG): HoldAndWinChain {
  const cells = GOLDEN_COINS_CELLS;
  const q = frac(config.landing, GOLDEN_COINS_LANDING_SCALE);
  const miss = sub(ONE, q);
  const expectedCoins: Fraction[][] = [];
  const fullOdds: Fraction[][] = [];
  for (let n = cells; n >= 0; n -= 1) {
    expectedCoins[n] = [];
    fullOdds[n] = [];
    if (n === cells) {
      for (let r = 0; r <= config.respins; r += 1) {
        expectedCoins[n][r] = frac(cells);
        fullOdds[n][r] = ONE;
      }
      continue;
    }
    const empty = cells - n;
    // P(K = k) for k = 0…empty, K ~ Binomial(empty, q).
    const odds = Array.from({ length: empty + 1 }, (_, k) => {
      let p = frac(choose(empty, k));
      for (let i = 0; i < k; i += 1) p = mul(p, q);
      for (let i = 0; i < empty - k; i += 1) p = mul(p, miss);
      return p;
    });
    // Landing at least one coin leads to (n + k, full respins), already solved (higher n).
    let landV = frac(0);
    let landG = frac(0);
    for (let k = 1; k <= empty; k += 1) {
      landV = add(landV, mul(odds[k], expectedCoins[n + k][config.respins]));
      landG = add(landG, mul(odds[k], fullOdds[n + k][config.respins]));
    }
    expectedCoins[n][0] = frac(n);
    fullOdds[n][0] = frac(0);
    for (let r = 1; r <= config.respins; r += 1) {
      expectedCoins[n][r] = add(mul(odds[0], expectedCoins[n][r - 1]), landV);
      fullOdds[n][r] = add(mul(odds[0], fullOdds[n][r - 1]), landG);
    }
  }
  return { expectedCoins, fullOdds };
}

export interface GoldenCoinsRtp {
  lines: Fraction;
  trigger: Fraction;
  /** E[feature win] per paid spin, in bets. */
  feature: Fraction;
  total: Fraction;
}

export function goldenCoinsRtp(config: GoldenCoinsConfig = GOLDEN_COINS_CONFIG): GoldenCoinsRtp {
  const lines = expectedLinePay(config.strips, config.rules);
  const odds = goldenCoinsCountOdds(config);
  const chain = holdAndWinChain(config);
  const mu = meanCoinValue(config.values);
  let trigger = frac(0);
  let feature = frac(0);
  for (let n = config.trigger; n <= GOLDEN_COINS_CELLS; n += 1) {
    trigger = add(trigger, odds[n]);
    const value = add(
      mul(mu, chain.expectedCoins[n][config.respins]),
      mul(frac(config.grand), chain.fullOdds[n][config.respins]),
    );
    feature = add(feature, mul(odds[n], value));
  }
  return { lines, trigger, feature, total: add(lines, feature) };
}

/** The feature in play: what `spin` needs to play the next respin. */
export interface GoldenCoinsState {
  kind: 'hold-and-win';
  betMinor: bigint;
  /** Cell i = reel × 3 + row: the coin it holds, or null. */
  coins: (CoinValue | null)[];
  respinsLeft: number;
}

export interface GoldenCoinsOutcome {
  /** Base spin only: the reels. */
  stops: number[] | null;
  grid: Grid<GoldenSymbol> | null;
  lineWins: LineWin<GoldenSymbol>[];
  /** Cell i = reel × 3 + row: the coin showing (base spin) or held (feature), or null. */
  coins: (CoinValue | null)[];
  /** Respin only: the cells that landed a coin on this respin. */
  landed: number[];
  /** Set when the spin starts or plays the feature: respins left after this spin. */
  respinsLeft: number | null;
  /** Set on the spin that ends the feature: the sum of the coins, whether the grand was won, the pay in bets. */
  featureEnd: { coins: number; grand: boolean; pay: number } | null;
}

function settleFeature(coins: readonly (CoinValue | null)[], config: GoldenCoinsConfig) {
  const sum = coins.reduce((acc, coin) => acc + (coin?.value ?? 0), 0);
  const grand = coins.every((coin) => coin !== null);
  return { coins: sum, grand, pay: sum + (grand ? config.grand : 0) };
}

function spin(
  seeds: Seeds,
  bet: SlotBet,
  state?: GoldenCoinsState | null,
): SlotSpin<GoldenCoinsOutcome, GoldenCoinsState> {
  const config = GOLDEN_COINS_CONFIG;
  if (state) return respin(seeds, bet, state, config);
  assertBetWithin(bet.amountMinor, SLOT_BET_LIMITS);
  const reels = config.strips.length;
  const stream = floats(seeds, reels + GOLDEN_COINS_CELLS);
  const stops = stopsOf(
    stream,
    config.strips.map((strip) => strip.length),
  );
  const values = stream.slice(reels);
  const grid = gridAt(config.strips, stops, GOLDEN_COINS_ROWS);
  const coins = grid.flatMap((window, reel) =>
    window.map((symbol, row) =>
      symbol === 'coin' ? pickWeighted(config.values, values[reel * GOLDEN_COINS_ROWS + row]) : null,
    ),
  );
  const wins = lineWins(grid, LINES_10, config.rules);
  let multiplierScaled =
    (BigInt(wins.reduce((acc, win) => acc + win.pay, 0)) * SCALE) / BigInt(LINES_10.length);
  const held = coins.filter((coin) => coin !== null).length;
  const triggered = held >= config.trigger;
  // A screen full of coins has nothing left to respin: the feature ends on this spin.
  const featureEnd = triggered && held === GOLDEN_COINS_CELLS ? settleFeature(coins, config) : null;
  if (featureEnd) multiplierScaled += BigInt(featureEnd.pay) * SCALE;
  const next: GoldenCoinsState | null =
    triggered && !featureEnd
      ? { kind: 'hold-and-win', betMinor: bet.amountMinor, coins, respinsLeft: config.respins }
      : null;
  return {
    outcome: {
      stops,
      grid,
      lineWins: wins,
      coins,
      landed: [],
      respinsLeft: next ? next.respinsLeft : null,
      featureEnd,
    },
    stakeMinor: bet.amountMinor,
    multiplierScaled,
    winMinor: winOf(bet.amountMinor, multiplierScaled),
    state: next,
  };
}

function respin(
  seeds: Seeds,
  bet: SlotBet,
  state: GoldenCoinsState,
  config: GoldenCoinsConfig,
): SlotSpin<GoldenCoinsOutcome, GoldenCoinsState> {
  if (bet.amountMinor !== state.betMinor) {
    throw new StudioBetError('feature-bet-mismatch', 'Respins are played at the bet that triggered them');
  }
  if (state.respinsLeft < 1) throw new StudioBetError('bad-bet', 'No respin is left');
  const stream = floats(seeds, 2 * GOLDEN_COINS_CELLS);
  const coins = [...state.coins];
  const landed: number[] = [];
  coins.forEach((coin, cell) => {
    if (coin !== null) return;
    if (Math.floor(stream[cell] * GOLDEN_COINS_LANDING_SCALE) < config.landing) {
      coins[cell] = pickWeighted(config.values, stream[GOLDEN_COINS_CELLS + cell]);
      landed.push(cell);
    }
  });
  const respinsLeft = landed.length > 0 ? config.respins : state.respinsLeft - 1;
  const full = coins.every((coin) => coin !== null);
  const featureEnd = respinsLeft === 0 || full ? settleFeature(coins, config) : null;
  const multiplierScaled = featureEnd ? BigInt(featureEnd.pay) * SCALE : 0n;
  return {
    outcome: { stops: null, grid: null, lineWins: [], coins, landed, respinsLeft, featureEnd },
    stakeMinor: 0n,
    multiplierScaled,
    winMinor: winOf(bet.amountMinor, multiplierScaled),
    state: featureEnd ? null : { ...state, coins, respinsLeft },
  };
}

export const GOLDEN_COINS: SlotGame<GoldenCoinsOutcome, GoldenCoinsState> = {
  code: 'golden-coins',
  name: 'Golden Coins: Hold and Win',
  category: 'hold-and-win',
  volatility: 'high',
  rtp: GOLDEN_COINS_RTP,
  betLimits: SLOT_BET_LIMITS,
  spin,
};
