import { CARDS, MAX_RANK, MIN_RANK, RANK_COUNT, type FairCard } from '../cards';
import { fromScaled, scaledRatio } from '../multiplier';
import { floats, type Seeds } from '../random';

/**
 * Hilo: card n of a round (n = 0 is the start card) is `CARDS[⌊f × 52⌋]` with float n of the bet's stream,
 * from an infinite deck (each card drawn afresh). Guesses on the current card of rank r:
 * - `higher`: higher or same (r … A); on a 2 that would always win, so there it means strictly higher;
 *   on an A it can only mean "same" (A again);
 * - `lower`: lower or same (2 … r); on an A strictly lower; on a 2 only "same";
 * - `skip`: draws the next card without a guess (the round's multiplier stays).
 * The round pays `0.99 / P(all its guesses win)` (rounded half up to four decimals), so cashing out at
 * any point returns 99 %. A cash-out needs at least one winning guess.
 *
 * A round holds at most {@link HILO_MAX_CARDS} cards (the start card included), so a round cannot grow
 * without end by skipping: the last card can only be drawn by a guess (a skip is refused once the round
 * holds `HILO_MAX_CARDS − 1` cards; guessing and cashing out still work), and a winning guess that draws
 * it cashes the round out by itself.
 */

export const HILO_RTP = 0.99;
/** Cards a hilo round holds at most, the start card included: one deck's worth. */
export const HILO_MAX_CARDS = 52;

/** Whether a round holding `cards` cards may still skip (the last card is for a guess only). */
export function hiloSkipAllowed(cards: number): boolean {
  return cards < HILO_MAX_CARDS - 1;
}
export type HiloGuess = 'higher' | 'lower';

export function hiloCard(seeds: Seeds, index: number): FairCard {
  return CARDS[Math.floor(floats(seeds, 1, index * 4)[0] * 52)];
}

/** How many of the 13 ranks win the guess on a card of rank `rank`. */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  if (guess === 'higher') {
    if (rank === MAX_RANK) return 1;
    if (rank === MIN_RANK) return RANK_COUNT - 1;
    return MAX_RANK - rank + 1;
  }
  if (rank === MIN_RANK) return 1;
  if (rank === MAX_RANK) return RANK_COUNT - 1;
  return rank - MIN_RANK + 1;
}

export function hiloWins(current: number, next: number, guess: HiloGuess): boolean {
  if (guess === 'higher') {
    if (current === MAX_RANK) return next === MAX_RANK;
    if (current === MIN_RANK) return next > MIN_RANK;
    return next >= current;
  }
  if (current === MIN_RANK) return next === MIN_RANK;
  if (current === MAX_RANK) return next < MAX_RANK;
  return next <= current;
}

/**
 * The round's multiplier (1/10 000ths) after the winning guesses given as their counts of winning ranks:
 * `0.99 × 13^k / Π counts`; 1 before the first winning guess.
 */
export function hiloMultiplierScaled(winningRankCounts: readonly number[]): bigint {
  if (winningRankCounts.length === 0) return 10_000n;
  let numerator = 99n;
  let denominator = 100n;
  for (const count of winningRankCounts) {
    numerator *= BigInt(RANK_COUNT);
    denominator *= BigInt(count);
  }
  return scaledRatio(numerator, denominator);
}

export function hiloMultiplier(winningRankCounts: readonly number[]): number {
  return fromScaled(hiloMultiplierScaled(winningRankCounts));
}
