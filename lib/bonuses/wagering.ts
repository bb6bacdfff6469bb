/**
 * How much of a real-money bet of the provably fair games, of the aggregator's providers' games
 * (`slots`, {@link SLOTS_WAGER_WEIGHT_PERCENT}) or of the sportsbook (`sports`,
 * SPORTS_WAGER_WEIGHT_PERCENT of lib/constants/sports.ts) counts towards a bonus's wagering requirement
 * (wager × bonus). One module, pure: the API server applies it to every bet (bonuses/service.ts
 * `recordWager`) and the bonus pages show the same table and exclusions.
 *
 * The rules, in this order:
 * 1. A roulette spin with chips on both sides of an even-money pair (red and black, odd and even, low
 *    and high) counts nothing: it hedges itself.
 * 2. A sports bet whose odds (a single's odds, an express's product, a system's lowest accumulator) are
 *    below SPORTS_WAGER_MIN_ODDS_MILLI counts nothing. Its chance is the book's and not known here, so
 *    rule 3 does not apply to it (the minimum odds, 1.50, already stand for an implied chance of 67 %).
 * 3. A bet whose chance of paying back at least its stake is above {@link WAGER_MAX_WIN_CHANCE_PERCENT}
 *    counts nothing (a 98 % dice roll, a case that almost always returns its price, many straights on
 *    one spin). Hilo and miner rounds count when they end, with the chance that every move played would
 *    win (hilo: the product of the guesses' chances; miner: that all the tiles opened are safe).
 * 4. Otherwise the bet counts its stake × the game's weight ({@link WAGER_WEIGHT_PERCENT}), rounded down
 *    to a minor unit.
 *
 * Why these weights: clearing wager × bonus costs the player, on average, wager × house edge ÷ weight
 * of the bonus. The games with a 1 % house edge (dice, coinflip, keno, hilo, miner) count 20 %, European
 * roulette (2.7 %) 50 %, the cases (4–5 %) 100 %, so each costs about 1.5 to 1.9 times a ×35 bonus
 * instead of 35 % of it on a 1 % game counted in full. Sports bets (the book's margin, about 6 % a leg)
 * count in full.
 */
import type { FairGame } from '@/lib/contracts/games';
import { MAX_RANK, MIN_RANK, RANK_COUNT } from '@/lib/fair/cards';
import { DICE_OUTCOMES, diceWinningOutcomes, type DiceDirection } from '@/lib/fair/games/dice';
import { hiloWinningRanks } from '@/lib/fair/games/hilo';
import { KENO_HITS, KENO_PAYTABLE, KENO_SQUARES, type KenoRisk } from '@/lib/fair/games/keno';
import { minerSurvival } from '@/lib/fair/games/miner';
import {
  ROULETTE_MULTIPLIERS,
  ROULETTE_POCKETS,
  rouletteChipWins,
  type RouletteBetType,
} from '@/lib/fair/games/roulette';
import { CASE_ROLLS } from '@/lib/fair/games/cases';
import { choose } from '@/lib/fair/multiplier';
import { SPORTS_WAGER_MIN_ODDS_MILLI, SPORTS_WAGER_WEIGHT_PERCENT } from '@/lib/constants/sports';

/** The share of a bet's stake that counts, per game, in percent. */
export const WAGER_WEIGHT_PERCENT: Readonly<Record<FairGame, number>> = {
  dice: 20,
  coinflip: 20,
  keno: 20,
  hilo: 20,
  miner: 20,
  roulette: 50,
  cases: 100,
};

/**
 * The share a bet in a game of the aggregator's providers (issue 17: slots and live tables) counts, in
 * percent. Their chance to pay back the stake is the provider's and unknown here, so the win-chance rule
 * does not apply to them.
 */
export const SLOTS_WAGER_WEIGHT_PERCENT = 100;

/** A bet more likely than this (in percent) to pay back at least its stake counts nothing. */
export const WAGER_MAX_WIN_CHANCE_PERCENT = 80;

/** Even-money roulette bets that cover each other: chips on both of a pair in one spin count nothing. */
export const ROULETTE_HEDGE_PAIRS: readonly (readonly [RouletteBetType, RouletteBetType])[] = [
  ['red', 'black'],
  ['odd', 'even'],
  ['low', 'high'],
];

/** The order the bonus pages list the games in. */
export const WAGER_GAMES: readonly FairGame[] = [
  'cases',
  'roulette',
  'dice',
  'coinflip',
  'keno',
  'hilo',
  'miner',
];

/** A settled bet (or a round that ended) as the rules need it. Amounts in minor units. */
export type WageredBet =
  | { game: 'dice'; stakeMinor: bigint; target: number; direction: DiceDirection }
  | { game: 'coinflip'; stakeMinor: bigint }
  | { game: 'keno'; stakeMinor: bigint; picks: number; risk: KenoRisk }
  | {
      game: 'roulette';
      chips: readonly { type: RouletteBetType; value?: number; amountMinor: bigint }[];
    }
  | {
      game: 'cases';
      stakeMinor: bigint;
      /** The case's range table: rolls `from`–`to` (of 100 000) pay `multiplier_scaled` / 10 000. */
      table: readonly { from: number; to: number; multiplier_scaled: number }[];
    }
  | {
      game: 'hilo';
      stakeMinor: bigint;
      /** The round's cards; each after the first carries the guess made on the card before it. */
      cards: readonly { rank: number; guess: 'higher' | 'lower' | 'skip' | null }[];
    }
  | { game: 'miner'; stakeMinor: bigint; mines: number; tilesOpened: number }
  /** A real-money bet in a game of the aggregator's providers. */
  | { game: 'slots'; stakeMinor: bigint }
  /**
   * A settled real-money sports bet (won or lost; a void or cashed-out bet does not count). `oddsMilli`:
   * a single's odds, an express's product, a system's lowest accumulator (lib/sports/odds.ts
   * totalOddsMilli, lowestComboOddsMilli).
   */
  | { game: 'sports'; stakeMinor: bigint; oddsMilli: number };

export type WagerExclusion = 'hedged' | 'win_chance' | 'min_odds';

export interface WagerContribution {
  stakeMinor: bigint;
  /** What counts towards the wagering requirement. */
  countedMinor: bigint;
  weightPercent: number;
  /** The chance (0–1) that the bet pays back at least its stake; null when unknown here (slots, sports). */
  winChance: number | null;
  /** Why nothing counts, or null. */
  excluded: WagerExclusion | null;
}

export function stakeOf(bet: WageredBet): bigint {
  return bet.game === 'roulette'
    ? bet.chips.reduce((sum, chip) => sum + chip.amountMinor, 0n)
    : bet.stakeMinor;
}

/** P(k of the player's `picks` squares are among the 10 drawn of 40). */
function kenoMatchChance(picks: number, matches: number): number {
  return (
    Number(choose(KENO_HITS, matches) * choose(KENO_SQUARES - KENO_HITS, picks - matches)) /
    Number(choose(KENO_SQUARES, picks))
  );
}

/**
 * The chance (0–1) that the bet pays back at least its stake; null for a provider's game or a sports bet
 * (the provider's or the book's, unknown here).
 */
export function winChance(bet: WageredBet): number | null {
  switch (bet.game) {
    case 'slots':
    case 'sports':
      return null;
    case 'dice':
      return diceWinningOutcomes(bet.target, bet.direction) / DICE_OUTCOMES;
    case 'coinflip':
      return 0.5;
    case 'keno':
      return KENO_PAYTABLE[bet.risk][bet.picks - 1].reduce(
        (sum, multiplier, matches) => (multiplier >= 1 ? sum + kenoMatchChance(bet.picks, matches) : sum),
        0,
      );
    case 'roulette': {
      const stake = stakeOf(bet);
      let paying = 0;
      for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) {
        const payout = bet.chips.reduce(
          (sum, chip) =>
            rouletteChipWins(chip, pocket)
              ? sum + chip.amountMinor * BigInt(ROULETTE_MULTIPLIERS[chip.type])
              : sum,
          0n,
        );
        if (payout >= stake) paying += 1;
      }
      return paying / ROULETTE_POCKETS;
    }
    case 'cases':
      return (
        bet.table.reduce(
          (sum, entry) => (entry.multiplier_scaled >= 10_000 ? sum + entry.to - entry.from + 1 : sum),
          0,
        ) / CASE_ROLLS
      );
    case 'hilo': {
      let chance = 1;
      for (let i = 1; i < bet.cards.length; i += 1) {
        const guess = bet.cards[i].guess;
        if (guess === 'higher' || guess === 'lower') {
          const rank = Math.min(MAX_RANK, Math.max(MIN_RANK, bet.cards[i - 1].rank));
          chance *= hiloWinningRanks(rank, guess) / RANK_COUNT;
        }
      }
      return chance;
    }
    case 'miner':
      return minerSurvival(bet.mines, bet.tilesOpened);
  }
}

/** Whether a roulette spin has chips on both sides of an even-money pair. */
export function rouletteHedged(chips: readonly { type: RouletteBetType }[]): boolean {
  const types = new Set(chips.map((chip) => chip.type));
  return ROULETTE_HEDGE_PAIRS.some(([a, b]) => types.has(a) && types.has(b));
}

/** What a bet counts towards wagering (see the module comment). */
export function wagerContribution(bet: WageredBet): WagerContribution {
  const stakeMinor = stakeOf(bet);
  const weightPercent =
    bet.game === 'slots'
      ? SLOTS_WAGER_WEIGHT_PERCENT
      : bet.game === 'sports'
        ? SPORTS_WAGER_WEIGHT_PERCENT
        : WAGER_WEIGHT_PERCENT[bet.game];
  const chance = winChance(bet);
  const excluded: WagerExclusion | null =
    bet.game === 'roulette' && rouletteHedged(bet.chips)
      ? 'hedged'
      : bet.game === 'sports' && bet.oddsMilli < SPORTS_WAGER_MIN_ODDS_MILLI
        ? 'min_odds'
        : chance !== null && chance * 100 > WAGER_MAX_WIN_CHANCE_PERCENT + 1e-9
          ? 'win_chance'
          : null;
  const countedMinor = excluded || stakeMinor <= 0n ? 0n : (stakeMinor * BigInt(weightPercent)) / 100n;
  return { stakeMinor, countedMinor, weightPercent, winChance: chance, excluded };
}
