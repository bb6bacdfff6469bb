import { floats, type Seeds } from '@/lib/fair/random';
import { MULTIPLIER_SCALE, payoutMinor } from '@/lib/fair/multiplier';

/**
 * What every game of the studio shares: its catalogue card, its bet limits, the shape of a spin's result,
 * and how the provably fair stream of lib/fair (HMAC-SHA256 of serverSeed, `clientSeed:nonce:round`, 4 bytes
 * per float) becomes reel stops and weighted picks.
 *
 * Money: a bet is an amount in minor units (bigint). A spin's win is a multiplier of the bet in 1/10 000ths
 * (lib/fair/multiplier.ts: `MULTIPLIER_SCALE`), and the amount paid is `⌊bet × multiplier⌋` exactly, as for
 * the house's own games. Every pay table of the studio is chosen so that each win is a whole number of
 * 1/10 000ths of the bet (line pays over 10 lines, way pays over 25 coins, coin values in whole bets).
 */

export type StudioCategory =
  | 'classic-slots'
  | 'video-slots'
  | 'ways'
  | 'hold-and-win'
  | 'live-roulette'
  | 'live-baccarat';

export type Volatility = 'low' | 'medium' | 'high' | 'very-high';

/**
 * The stakes a game accepts, in minor units of a two-decimal currency (0.10 to 100.00 by default); the
 * launch may scale them for the player's currency. A bet must be a multiple of `stepMinor`.
 */
export interface BetLimits {
  minMinor: bigint;
  maxMinor: bigint;
  stepMinor: bigint;
}

export interface StudioGameInfo {
  code: string;
  name: string;
  category: StudioCategory;
  volatility: Volatility;
  /** The exact return to player of the game (for the tables, of its best-paying main bet), as a fraction of 1. */
  rtp: number;
}

export class StudioBetError extends Error {
  constructor(
    public readonly code: 'bet-out-of-limits' | 'bet-not-a-step' | 'bad-bet' | 'feature-bet-mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'StudioBetError';
  }
}

export function assertBetWithin(amountMinor: bigint, limits: BetLimits): void {
  if (amountMinor < limits.minMinor || amountMinor > limits.maxMinor) {
    throw new StudioBetError(
      'bet-out-of-limits',
      `A bet must be between ${limits.minMinor} and ${limits.maxMinor} minor units`,
    );
  }
  if (amountMinor % limits.stepMinor !== 0n) {
    throw new StudioBetError('bet-not-a-step', `A bet must be a multiple of ${limits.stepMinor} minor units`);
  }
}

export const SLOT_BET_LIMITS: BetLimits = { minMinor: 10n, maxMinor: 10_000n, stepMinor: 10n };

export interface SlotBet {
  amountMinor: bigint;
}

/** The result of one spin (a paid spin, or one spin of a feature). */
export interface SlotSpin<Outcome, State> {
  /** What the client draws: stops, grid, wins with their positions, the feature's progress. */
  outcome: Outcome;
  /** What the wallet debits for this spin: the bet for a paid spin, 0 for a spin of a feature. */
  stakeMinor: bigint;
  /** This spin's win as a multiplier of the bet, in 1/10 000ths. */
  multiplierScaled: bigint;
  /** This spin's win: `⌊bet × multiplier⌋` in minor units. */
  winMinor: bigint;
  /** The feature to continue with the next nonce, or null when the next spin is a paid one. */
  state: State | null;
}

export interface SlotGame<Outcome, State> extends StudioGameInfo {
  betLimits: BetLimits;
  /**
   * One spin from the seeds (one nonce). Without `state` (or with null) a paid spin; with the state a
   * previous spin returned, the next spin of that feature at the feature's bet (`bet` must equal it).
   */
  spin(seeds: Seeds, bet: SlotBet, state?: State | null): SlotSpin<Outcome, State>;
}

/** The paid amount of a multiplier in 1/10 000ths. */
export function winOf(betMinor: bigint, multiplierScaled: bigint): bigint {
  return payoutMinor(betMinor, multiplierScaled);
}

export const SCALE = BigInt(MULTIPLIER_SCALE);

/**
 * Reel stops: reel r stops at `⌊f_r × length_r⌋` with float r of the stream from float `first` on. Every
 * studio reel has 32 or 64 stops, a power of two dividing 2³², so each stop has exactly the probability
 * 1 / length under the 32-bit floats of lib/fair, and the enumerated RTP is exactly the RTP played.
 */
export function reelStops(seeds: Seeds, lengths: readonly number[], first = 0): number[] {
  return stopsOf(floats(seeds, lengths.length, first * 4), lengths);
}

/** The stops `⌊f_r × length_r⌋` of floats already drawn (float r for reel r). */
export function stopsOf(stream: readonly number[], lengths: readonly number[]): number[] {
  return lengths.map((length, reel) => Math.floor(stream[reel] * length));
}

/** A weighted table whose weights add up to a power of two (exact under 32-bit floats). */
export interface WeightedTable<T> {
  readonly entries: readonly { readonly value: T; readonly weight: number }[];
  readonly total: number;
}

export function weightedTable<T>(entries: readonly { value: T; weight: number }[]): WeightedTable<T> {
  const total = entries.reduce((acc, entry) => acc + entry.weight, 0);
  if (!Number.isInteger(Math.log2(total)))
    throw new RangeError(`Weights add up to ${total}, not a power of two`);
  return { entries, total };
}

/** The entry of float f: `⌊f × total⌋` falls in the cumulative range of exactly one entry. */
export function pickWeighted<T>(table: WeightedTable<T>, f: number): T {
  let roll = Math.floor(f * table.total);
  for (const entry of table.entries) {
    if (roll < entry.weight) return entry.value;
    roll -= entry.weight;
  }
  throw new RangeError('A float outside [0, 1)');
}

/**
 * A live-style table: one outcome per round, drawn from the table's seeds for that round (the table's
 * server seed and client seed, the round number as nonce), shared by every player seated; each player's
 * bets are settled on it.
 */
export interface TableGame<Bet, Round> extends StudioGameInfo {
  /** The exact RTP of each bet type. */
  betRtp: Readonly<Record<string, number>>;
  /** The round's outcome from the table's seeds for that round. */
  drawRound(seeds: Seeds): Round;
  /** One player's bets on the round of these seeds (checked against the table limits), settled. */
  spin(seeds: Seeds, bets: readonly Bet[]): { round: Round; stakeMinor: bigint; winMinor: bigint };
}
