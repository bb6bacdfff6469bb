/**
 * Money at the studio: the currencies it plays, the stakes it offers in each, and the wallet's units.
 *
 * The games' math works in "game units" (studio/games/game.ts: slot bets of 10 to 10 000, a whole number
 * of 1/10 000ths of the bet per win). A currency plays them scaled: a stake of `g` game units is `g × scale`
 * minor units of the currency (RUB 100: 10 → RUB 10.00; KZT 500: 10 → KZT 50.00), and a win is
 * `⌊stake × multiplier⌋` of the real stake, exactly as the game's own `winOf`. Demo play (`XXX`) uses FUN
 * at scale 1. The wallet's units are Hub88's: 100 000 per major unit, so 1 000 per minor unit of our
 * two-decimal currencies.
 */
import { HUB88_UNITS_PER_MAJOR, unitsPerMinor } from '@/lib/contracts/aggregator';
import { CURRENCIES } from '@/lib/constants/currencies';

export const DEMO_CURRENCY = 'XXX';
export const PLAY_CURRENCIES = [...CURRENCIES, DEMO_CURRENCY] as const;
export type PlayCurrency = (typeof PLAY_CURRENCIES)[number];

/** Minor units of the currency per game unit of stake. */
export const CURRENCY_SCALE: Readonly<Record<PlayCurrency, bigint>> = {
  RUB: 100n,
  USD: 1n,
  EUR: 1n,
  KZT: 500n,
  INR: 10n,
  XXX: 1n,
};

/** The slot stakes offered, in game units (× scale: RUB 10–5 000, USD 0.10–50, KZT 50–25 000). */
export const SLOT_STAKES = [10n, 20n, 50n, 100n, 200n, 500n, 1_000n, 2_000n, 5_000n] as const;

/** The table chips offered, in game units. */
export const TABLE_CHIPS = [10n, 50n, 100n, 500n, 1_000n, 5_000n] as const;

/** The demo balance of a launch: 1 000 major units (FUN for XXX). */
export const DEMO_BALANCE_MINOR = 100_000n;

const PER_MINOR = unitsPerMinor(HUB88_UNITS_PER_MAJOR)!;

export const minorToUnits = (minor: bigint): number => Number(minor * PER_MINOR);

/** Wallet units → minor units, or null when not a whole number of minor units. */
export function unitsToMinor(units: number | bigint): bigint | null {
  const value = BigInt(units);
  return value % PER_MINOR === 0n ? value / PER_MINOR : null;
}

/** A real stake in game units, or null when it is not a whole number of them. */
export function gameUnitsOf(currency: PlayCurrency, minor: bigint): bigint | null {
  const scale = CURRENCY_SCALE[currency];
  return minor % scale === 0n ? minor / scale : null;
}

export const isPlayCurrency = (value: string): value is PlayCurrency =>
  (PLAY_CURRENCIES as readonly string[]).includes(value);
