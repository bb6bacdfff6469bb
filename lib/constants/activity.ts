import type { Currency } from './currencies';

/**
 * Settled bets of every product, as one stream (issue 19): what tournaments, the VIP club, the top page and
 * the home page's "recently played" count. Each bet is recorded once, in the transaction that settles it,
 * under a game key and its category.
 *
 * Game keys: an in-house game's name (`dice`, `crash`, `room-red`, …), `slots:<slug>`, `live:<slug>`, or
 * `sports`. A tournament names the games it counts by key or by category.
 */
export const ACTIVITY_CATEGORIES = ['originals', 'slots', 'live', 'sports'] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/** The category of a game key. */
export function categoryOf(game: string): ActivityCategory {
  if (game.startsWith('slots:')) return 'slots';
  if (game.startsWith('live:')) return 'live';
  if (game === 'sports') return 'sports';
  return 'originals';
}

/**
 * The house's share of a stake, in basis points, by which the VIP club's rakeback is reckoned: the in-house
 * games pay 99 % (roulette 36/37), slots are declared at 96 %, live tables at 97.5 %, and the sportsbook's
 * sandbox margin of 6 % keeps 1 − 1/1.06 of a stake.
 */
export const HOUSE_EDGE_BP: Readonly<Record<ActivityCategory, number>> = {
  originals: 100,
  slots: 400,
  live: 250,
  sports: 566,
};
const GAME_EDGE_BP: Readonly<Record<string, number>> = { roulette: 270 };

export function houseEdgeBp(game: string): number {
  return GAME_EDGE_BP[game] ?? HOUSE_EDGE_BP[categoryOf(game)];
}

/**
 * The operator's declared rates to roubles, used where amounts of different currencies are ranked or
 * summed (the VIP club's points, the top page, tournaments that convert): never to move money.
 * Rates are roubles per major unit, as integers of hundredths (9 000 = 90.00 ₽ per dollar).
 */
export const DECLARED_RUB_RATES_CENTS: Readonly<Record<Currency, number>> = {
  RUB: 100,
  USD: 9_000,
  EUR: 10_000,
  KZT: 20,
  INR: 110,
};

/** An amount in minor units of `currency`, in roubles' minor units at the declared rate (rounded down). */
export function toRubMinor(amountMinor: bigint, currency: Currency): bigint {
  return (amountMinor * BigInt(DECLARED_RUB_RATES_CENTS[currency])) / 100n;
}

/** Roubles' minor units in minor units of `currency` at the declared rate (rounded down). */
export function fromRubMinor(rubMinor: bigint, currency: Currency): bigint {
  return (rubMinor * 100n) / BigInt(DECLARED_RUB_RATES_CENTS[currency]);
}

/** How many games "recently played" lists. */
export const RECENT_GAMES_LIMIT = 12;
