import { getBetLimits, type BetGame } from './bet-limits';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from './currencies';

/**
 * The rooms (issue 16): three jackpot rooms, one pot per room and currency. A round's countdown starts
 * when a second player stakes; when it ends one stake wins the pot less the commission, with probability
 * proportional to its amount (lib/fair/rooms.ts). The room pages show every figure of this module.
 */

export const ROOM_NAMES = ['red', 'yellow', 'purple'] as const;
export type RoomName = (typeof ROOM_NAMES)[number];

export function isRoomName(value: unknown): value is RoomName {
  return typeof value === 'string' && (ROOM_NAMES as readonly string[]).includes(value);
}

/** The house's share of every pot, in percent (rounded down to a minor unit); the winner gets the rest. */
export const ROOM_COMMISSION_PERCENT = 5;
/** How long stakes are still taken once a second player has staked (the server may be configured shorter). */
export const ROOM_COUNTDOWN_MS = 30_000;
/** The most stakes one player may place in one round. */
export const ROOM_MAX_STAKES_PER_PLAYER = 10;
/** The most stakes one round takes from all players together. */
export const ROOM_MAX_STAKES_PER_ROUND = 200;

/** Each room's entry in the bet limits of spec section 9 (lib/constants/bet-limits.ts). */
export const ROOM_BET_GAME: Readonly<Record<RoomName, BetGame>> = {
  red: 'roomRed',
  yellow: 'roomYellow',
  purple: 'roomPurple',
};

/** The minimum stake of each room in RUB (spec section 9: "rooms: red 1, yellow 10, purple 50"). */
export const ROOM_MIN_STAKE_RUB: Readonly<Record<RoomName, number>> = {
  red: getBetLimits(DEFAULT_CURRENCY, ROOM_BET_GAME.red).min,
  yellow: getBetLimits(DEFAULT_CURRENCY, ROOM_BET_GAME.yellow).min,
  purple: getBetLimits(DEFAULT_CURRENCY, ROOM_BET_GAME.purple).min,
};
/** The maximum stake of each room in RUB (declared here; the spec gives none). */
export const ROOM_MAX_STAKE_RUB: Readonly<Record<RoomName, number>> = {
  red: 1_000,
  yellow: 10_000,
  purple: 50_000,
};

export interface RoomStakeLimits {
  /** Major units. */
  min: number;
  max: number;
  minMinor: bigint;
  maxMinor: bigint;
}

const toMinor = (major: number) => BigInt(Math.round(major * 100));

/**
 * A room's stake range in a currency: the RUB figures scaled by the ratio of the currency's coinflip
 * minimum to RUB's (USD and EUR: 1/100, KZT: 5, INR: 1), rounded up to a minor unit.
 */
export function roomStakeLimits(room: RoomName, currency: Currency): RoomStakeLimits {
  const base = toMinor(getBetLimits(DEFAULT_CURRENCY, 'coinflip').min);
  const own = toMinor(getBetLimits(currency, 'coinflip').min);
  const scale = (rub: number) => {
    const scaled = toMinor(rub) * own;
    return scaled / base + (scaled % base === 0n ? 0n : 1n);
  };
  const minMinor = scale(ROOM_MIN_STAKE_RUB[room]);
  const maxMinor = scale(ROOM_MAX_STAKE_RUB[room]);
  return { min: Number(minMinor) / 100, max: Number(maxMinor) / 100, minMinor, maxMinor };
}

/** Every room in every currency (the pots there are). */
export const ROOM_POTS: readonly { room: RoomName; currency: Currency }[] = ROOM_NAMES.flatMap((room) =>
  CURRENCIES.map((currency) => ({ room, currency })),
);

/** The realtime topic of the lobby (every room's open round) and of one room's round in one currency. */
export const ROOMS_TOPIC = 'rooms';
export const roomTopic = (room: RoomName, currency: Currency) => `${ROOMS_TOPIC}:${room}:${currency}`;
