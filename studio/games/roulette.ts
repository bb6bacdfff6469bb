import {
  pocketColor,
  ROULETTE_MULTIPLIERS,
  ROULETTE_POCKETS,
  ROULETTE_RTP,
  rouletteChipValid,
  rouletteChipWins,
  roulettePocket,
  WHEEL_ORDER,
  type RouletteBetType,
} from '@/lib/fair/games/roulette';
import { payoutMinor } from '@/lib/fair/multiplier';
import type { Seeds } from '@/lib/fair/random';
import { frac, type Fraction } from './fraction';
import { StudioBetError, type BetLimits, type TableGame } from './game';

/**
 * STUDIO ROULETTE: European single-zero roulette dealt as a live table with shared rounds.
 *
 * Rules. One wheel, 37 pockets (0–36). Every player at the table bets during the round's betting window
 * ({@link ROULETTE_TIMING}); the wheel is spun once for everybody; every bet is settled on that pocket.
 * Inside bets cover the numbers they name and pay 36/n times the stake (stake included): straight (1
 * number) 36×, split (2) 18×, street or trio (3) 12×, corner or first four (4) 9×, six line (6) 6×.
 * Outside bets are lib/fair's: dozen and column 3×; red, black, odd, even, low (1–18), high (19–36) 2×.
 * Zero loses every outside bet (no la partage).
 *
 * Fairness. The house's roulette (lib/fair/games/roulette.ts): pocket `⌊f × 37⌋` with float 0 of the
 * round's stream; a shared round's seeds are the table's server seed, the table's client seed and the
 * round number as nonce, so one proof serves every player of the round.
 *
 * RTP, exact by enumeration ({@link rouletteBetRtp}): for every bet a player can place (every legal group
 * of numbers and every outside bet), Σ over the 37 pockets of its multiplier when it wins / 37 = 36/37
 * (97.297 %), the same for every bet.
 */

export type StudioRouletteInside =
  | 'straight'
  | 'split'
  | 'street'
  | 'trio'
  | 'corner'
  | 'first-four'
  | 'six-line';
export type StudioRouletteOutside = Exclude<RouletteBetType, 'straight'>;
export type StudioRouletteBetType = StudioRouletteInside | StudioRouletteOutside;

export type StudioRouletteBet = StudioRouletteSpot & { amountMinor: bigint };

export const STUDIO_ROULETTE_RTP = ROULETTE_RTP;

/** Betting window, spin and result display of a shared round, in milliseconds. */
export const ROULETTE_TIMING = { bettingMs: 15_000, spinMs: 8_000, resultMs: 4_000 } as const;

const INSIDE_LIMITS: BetLimits = { minMinor: 10n, maxMinor: 5_000n, stepMinor: 10n };
const OUTSIDE_LIMITS: BetLimits = { minMinor: 100n, maxMinor: 100_000n, stepMinor: 10n };

export const ROULETTE_BET_LIMITS: {
  perBet: Record<StudioRouletteBetType, BetLimits>;
  roundMaxMinor: bigint;
} = {
  perBet: {
    straight: INSIDE_LIMITS,
    split: INSIDE_LIMITS,
    street: INSIDE_LIMITS,
    trio: INSIDE_LIMITS,
    corner: INSIDE_LIMITS,
    'first-four': INSIDE_LIMITS,
    'six-line': INSIDE_LIMITS,
    dozen: OUTSIDE_LIMITS,
    column: OUTSIDE_LIMITS,
    red: OUTSIDE_LIMITS,
    black: OUTSIDE_LIMITS,
    odd: OUTSIDE_LIMITS,
    even: OUTSIDE_LIMITS,
    low: OUTSIDE_LIMITS,
    high: OUTSIDE_LIMITS,
  },
  roundMaxMinor: 500_000n,
};

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** Every legal group of numbers of each inside bet on the single-zero layout (3 columns × 12 rows). */
export const INSIDE_GROUPS: Readonly<Record<StudioRouletteInside, readonly (readonly number[])[]>> = (() => {
  const straight = Array.from({ length: 37 }, (_, n) => [n]);
  const split: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  const street: number[][] = [];
  const corner: number[][] = [];
  const sixLine: number[][] = [];
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) split.push([n, n + 1]);
    if (n <= 33) split.push([n, n + 3]);
    if (n % 3 === 1) street.push([n, n + 1, n + 2]);
    if (n % 3 !== 0 && n <= 32) corner.push([n, n + 1, n + 3, n + 4]);
    if (n % 3 === 1 && n <= 31) sixLine.push([n, n + 1, n + 2, n + 3, n + 4, n + 5]);
  }
  return {
    straight,
    split,
    street,
    trio: [
      [0, 1, 2],
      [0, 2, 3],
    ],
    corner,
    'first-four': [[0, 1, 2, 3]],
    'six-line': sixLine,
  };
})();

const LEGAL = new Map(
  (Object.entries(INSIDE_GROUPS) as [StudioRouletteInside, readonly (readonly number[])[]][]).map(
    ([type, groups]) => [type, new Set(groups.map(key))],
  ),
);

/** A bet without its amount: what it covers. */
export type StudioRouletteSpot =
  | { type: StudioRouletteInside; numbers: readonly number[] }
  | { type: StudioRouletteOutside; value?: number };

const isInside = (
  spot: StudioRouletteSpot,
): spot is Extract<StudioRouletteSpot, { numbers: readonly number[] }> =>
  LEGAL.has(spot.type as StudioRouletteInside);

/** The multiplier (stake included) of a bet when it wins. */
export function rouletteBetMultiplier(spot: StudioRouletteSpot): number {
  return isInside(spot) ? 36 / spot.numbers.length : ROULETTE_MULTIPLIERS[spot.type];
}

export function rouletteBetValid(spot: StudioRouletteSpot): boolean {
  if (isInside(spot)) return Array.isArray(spot.numbers) && LEGAL.get(spot.type)!.has(key(spot.numbers));
  if (spot.type === ('straight' as string) || !Object.hasOwn(ROULETTE_MULTIPLIERS, spot.type)) return false;
  return rouletteChipValid({ type: spot.type, value: spot.value });
}

export function rouletteBetWins(spot: StudioRouletteSpot, pocket: number): boolean {
  return isInside(spot)
    ? spot.numbers.includes(pocket)
    : rouletteChipWins({ type: spot.type, value: spot.value }, pocket);
}

/** The exact RTP of one bet: Σ over the 37 pockets of its multiplier when it wins, / 37. */
export function rouletteBetRtp(spot: StudioRouletteSpot): Fraction {
  let wins = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) if (rouletteBetWins(spot, pocket)) wins += 1;
  // multiplier = 36 / n for inside bets (n divides 36), an integer for outside bets.
  return frac(Math.round(wins * rouletteBetMultiplier(spot)), ROULETTE_POCKETS);
}

export interface RouletteRound {
  pocket: number;
  color: 'green' | 'red' | 'black';
  /** Where the pocket sits on the wheel from 0 clockwise (for the animation). */
  wheelIndex: number;
}

/** The round's outcome, the same for every player at the table. */
export function drawRouletteRound(seeds: Seeds): RouletteRound {
  const pocket = roulettePocket(seeds);
  return {
    pocket,
    color: pocketColor(pocket),
    wheelIndex: (WHEEL_ORDER as readonly number[]).indexOf(pocket),
  };
}

export function assertRouletteBets(bets: readonly StudioRouletteBet[]): void {
  let total = 0n;
  for (const bet of bets) {
    if (!rouletteBetValid(bet)) throw new StudioBetError('bad-bet', `Not a bet of the table: ${bet.type}`);
    const limits = ROULETTE_BET_LIMITS.perBet[bet.type];
    if (bet.amountMinor < limits.minMinor || bet.amountMinor > limits.maxMinor) {
      throw new StudioBetError('bet-out-of-limits', `A ${bet.type} bet must be within the table limits`);
    }
    if (bet.amountMinor % limits.stepMinor !== 0n) {
      throw new StudioBetError(
        'bet-not-a-step',
        `A bet must be a multiple of ${limits.stepMinor} minor units`,
      );
    }
    total += bet.amountMinor;
  }
  if (total > ROULETTE_BET_LIMITS.roundMaxMinor) {
    throw new StudioBetError('bet-out-of-limits', 'The bets exceed the table maximum of a round');
  }
}

export interface SettledRouletteBet {
  bet: StudioRouletteBet;
  wins: boolean;
  multiplier: number;
  winMinor: bigint;
}

/** One player's bets settled on the round's pocket. */
export function settleRoulette(round: RouletteRound, bets: readonly StudioRouletteBet[]) {
  const settled: SettledRouletteBet[] = bets.map((bet) => {
    const wins = rouletteBetWins(bet, round.pocket);
    const multiplier = rouletteBetMultiplier(bet);
    return { bet, wins, multiplier, winMinor: wins ? payoutMinor(bet.amountMinor, multiplier) : 0n };
  });
  return {
    round,
    bets: settled,
    stakeMinor: bets.reduce((acc, bet) => acc + bet.amountMinor, 0n),
    winMinor: settled.reduce((acc, bet) => acc + bet.winMinor, 0n),
  };
}

export const STUDIO_ROULETTE: TableGame<StudioRouletteBet, RouletteRound> & {
  betLimits: typeof ROULETTE_BET_LIMITS;
  timing: typeof ROULETTE_TIMING;
} = {
  code: 'studio-roulette',
  name: 'Studio Roulette',
  category: 'live-roulette',
  volatility: 'medium',
  rtp: STUDIO_ROULETTE_RTP,
  betRtp: Object.fromEntries(
    Object.keys(ROULETTE_BET_LIMITS.perBet).map((type) => [type, STUDIO_ROULETTE_RTP]),
  ),
  betLimits: ROULETTE_BET_LIMITS,
  timing: ROULETTE_TIMING,
  drawRound: drawRouletteRound,
  spin(seeds, bets) {
    assertRouletteBets(bets);
    return settleRoulette(drawRouletteRound(seeds), bets);
  },
};
