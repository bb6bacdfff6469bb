import { array, int, literal, nullable, number, object, oneOf, string, type Check } from '@/lib/api/check';
import { CURRENCIES } from '@/lib/constants/currencies';
import { ROOM_NAMES } from '@/lib/constants/rooms';
import type {
  ROUND_STATUSES as CONTRACT_STATUSES,
  RoomLobbyEntry,
  RoomMessage,
  RoomRound,
  RoomRules,
  RoomStakeView,
  RoomsLobbyMessage,
  RoomWinner,
} from '@/lib/contracts/rooms';

/**
 * The rooms' socket messages checked without zod (lib/api/check.ts): the lobby and the rooms are live
 * from their first screen, and zod (its code and the contract's schemas built when it loads) had come
 * with the first message, one long task of the page load. room-message-check.test.ts proves the checks
 * accept and refuse what the contract's `roomMessage` and `roomsLobbyMessage` do.
 */
/** The contract's round statuses (its module loads zod, so only its type is imported; the test compares). */
export const ROUND_STATUSES = ['open', 'drawn'] as const satisfies typeof CONTRACT_STATUSES;

const room = oneOf(ROOM_NAMES);
const currency = oneOf(CURRENCIES);

const stakeView: Check<RoomStakeView> = object({
  id: int,
  user_id: int,
  player: string,
  amount: number,
  created_at: string,
});

const winner: Check<RoomWinner> = object({ stake_id: int, user_id: int, player: string, payout: number });

const round: Check<RoomRound> = object({
  id: int,
  room,
  currency,
  status: oneOf(ROUND_STATUSES),
  seed_hash: string,
  seed: nullable(string),
  pot: number,
  players: int,
  stakes: array(stakeView),
  ends_at: nullable(string),
  opened_at: string,
  drawn_at: nullable(string),
  ticket: nullable(int),
  commission: nullable(number),
  winner: nullable(winner),
});

const rules: Check<RoomRules> = object({
  min: number,
  max: number,
  max_stakes_per_player: int,
  max_stakes_per_round: int,
  commission_percent: number,
  countdown_ms: int,
});

const lobbyEntry: Check<RoomLobbyEntry> = object({
  room,
  currency,
  round_id: int,
  pot: number,
  players: int,
  ends_at: nullable(string),
  min: number,
  max: number,
});

type Event<T extends string> = Extract<RoomMessage, { type: T }>;

/** The events both topics carry. */
const events: { [T in 'stake' | 'countdown' | 'drawn' | 'opened']: Check<Event<T>> } = {
  stake: object<Event<'stake'>>({
    topic: string,
    type: literal('stake'),
    room,
    currency,
    round_id: int,
    stake: stakeView,
    pot: number,
    players: int,
  }),
  countdown: object<Event<'countdown'>>({
    topic: string,
    type: literal('countdown'),
    room,
    currency,
    round_id: int,
    ends_at: string,
    now: string,
  }),
  drawn: object<Event<'drawn'>>({ topic: string, type: literal('drawn'), room, currency, round }),
  opened: object<Event<'opened'>>({ topic: string, type: literal('opened'), room, currency, round }),
};

const roomChecks: Record<RoomMessage['type'], Check<RoomMessage>> = {
  ...events,
  snapshot: object<Event<'snapshot'>>({
    topic: string,
    type: literal('snapshot'),
    round,
    rules,
    now: string,
  }),
};

type LobbySnapshot = Extract<RoomsLobbyMessage, { type: 'snapshot' }>;
const lobbyChecks: Record<RoomsLobbyMessage['type'], Check<RoomsLobbyMessage>> = {
  ...events,
  snapshot: object<LobbySnapshot>({
    topic: literal('rooms'),
    type: literal('snapshot'),
    rooms: array(lobbyEntry),
    now: string,
  }),
};

function byType<T>(checks: Record<string, Check<T>>, event: unknown): T | null {
  if (typeof event !== 'object' || event === null) return null;
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(checks, type)) return null;
  try {
    return checks[type](event);
  } catch {
    return null;
  }
}

/** A message of a room's topic (`rooms:<room>:<currency>`), or null when it does not have its shape. */
export const checkRoomMessage = (event: unknown): RoomMessage | null => byType(roomChecks, event);

/** A message of the lobby's topic (`rooms`), or null when it does not have its shape. */
export const checkRoomsLobbyMessage = (event: unknown): RoomsLobbyMessage | null =>
  byType(lobbyChecks, event);
