import type { Currency } from './currencies';

/**
 * Bet limits of spec section 9, per currency and game, in major units.
 *
 * `BET_LIMITS` holds exactly the figures the spec gives, nothing more. `getBetLimits` fills the gaps:
 *
 * FALLBACK RULE: where the spec gives no figure for a game in a currency, that currency's coinflip range
 * is used. Where it gives only one bound (wheel of fortune "max 1", USD roulette "max 0.1", levels
 * "minimum 100", a room's figure), the missing bound comes from the coinflip range of that currency. If
 * the filled-in max would fall below the given min (levels in USD/EUR: min 100, coinflip max 100 or less),
 * max is raised to min so the range is never empty.
 *
 * Readings of the spec's wording:
 * - rooms "red 1, yellow 10, purple 50" (RUB only) are each room's minimum bet;
 * - "Levels: minimum 100" stands outside the currency list, so it applies to every currency;
 * - INR "crash, miner and coinflip same as RUB"; EUR "same as USD, minimum payout 1".
 */

export const BET_GAMES = [
  'crash',
  'miner',
  'coinflip',
  'keno',
  'hilo',
  'roulette',
  'dice',
  'wheelOfFortune',
  'roomRed',
  'roomYellow',
  'roomPurple',
  'levels',
] as const;
export type BetGame = (typeof BET_GAMES)[number];

export interface BetRange {
  min: number;
  max: number;
}

export interface CurrencyBetLimits {
  /** Games with at least one bound given; the coinflip range is always complete. */
  games: Partial<Record<BetGame, Partial<BetRange>>> & { coinflip: BetRange };
  minPayout: number;
}

const RUB: CurrencyBetLimits = {
  games: {
    crash: { min: 1, max: 50_000 },
    miner: { min: 1, max: 1_000 },
    coinflip: { min: 1, max: 10_000 },
    keno: { min: 1, max: 10_000 },
    hilo: { min: 1, max: 10_000 },
    roulette: { min: 1, max: 10_000 },
    dice: { min: 1, max: 10_000 },
    wheelOfFortune: { max: 1 },
    roomRed: { min: 1 },
    roomYellow: { min: 10 },
    roomPurple: { min: 50 },
  },
  minPayout: 100,
};

const USD: CurrencyBetLimits = {
  games: {
    crash: { min: 0.01, max: 500 },
    miner: { min: 0.01, max: 10 },
    coinflip: { min: 0.01, max: 100 },
    roulette: { max: 0.1 },
  },
  minPayout: 1,
};

export const LEVELS_MIN_BET = 100;

export const BET_LIMITS: Readonly<Record<Currency, CurrencyBetLimits>> = {
  RUB,
  USD,
  KZT: {
    games: {
      crash: { min: 5, max: 250_000 },
      miner: { min: 5, max: 5_000 },
      coinflip: { min: 5, max: 50_000 },
      wheelOfFortune: { max: 5 },
      roulette: { max: 5 },
    },
    minPayout: 500,
  },
  INR: {
    games: {
      crash: RUB.games.crash,
      miner: RUB.games.miner,
      coinflip: RUB.games.coinflip,
      roulette: { max: 1 },
    },
    minPayout: 100,
  },
  EUR: { games: USD.games, minPayout: 1 },
};

/** The bet range of a game in a currency, with gaps filled by the fallback rule above. */
export function getBetLimits(currency: Currency, game: BetGame): BetRange {
  const { games } = BET_LIMITS[currency];
  const given: Partial<BetRange> = game === 'levels' ? { min: LEVELS_MIN_BET } : (games[game] ?? {});
  const min = given.min ?? games.coinflip.min;
  const max = given.max ?? Math.max(games.coinflip.max, min);
  return { min, max };
}

/** Minimum payout (withdrawal) amount of a currency. */
export function getMinPayout(currency: Currency): number {
  return BET_LIMITS[currency].minPayout;
}
