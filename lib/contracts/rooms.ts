import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { ROOM_NAMES } from '@/lib/constants/rooms';

/**
 * The rooms (issue 16; constants in lib/constants/rooms.ts, the draw in lib/fair/rooms.ts). Served by the
 * crash service's base address (spec section 7: the realtime games), like its socket `/socket?topics=`.
 * Amounts are major units with two decimals; `ticket` is in minor units (an integer below the pot's).
 *
 * Calls: `GET /rooms` (the lobby), `GET /rooms/:room?currency=` (one round), `POST /rooms/:room/stake`
 * (signed in, in the player's currency), `GET /rooms/:room/history?currency=&limit=` (finished rounds with
 * their proofs). Topics: `rooms` (the lobby) and `rooms:<room>:<currency>` (one round).
 */

export const roomName = z.enum(ROOM_NAMES);
export const roomCurrency = z.enum(CURRENCIES);

export const ROUND_STATUSES = ['open', 'drawn'] as const;

/** A stake as every player sees it: a player who hides their statistics is "Hidden". */
export const roomStakeView = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  player: z.string(),
  amount: z.number(),
  created_at: z.string(),
});
export type RoomStakeView = z.infer<typeof roomStakeView>;

export const roomWinner = z.object({
  stake_id: z.number().int(),
  user_id: z.number().int(),
  player: z.string(),
  /** What the winner was paid: the pot less the commission. */
  payout: z.number(),
});
export type RoomWinner = z.infer<typeof roomWinner>;

/**
 * A round: while open, its seed's hash (the commitment) and no seed; once drawn, the seed, the ticket and
 * the winner too. `ends_at` is null until a second player stakes.
 */
export const roomRound = z.object({
  id: z.number().int(),
  room: roomName,
  currency: roomCurrency,
  status: z.enum(ROUND_STATUSES),
  seed_hash: z.string(),
  seed: z.string().nullable(),
  pot: z.number(),
  players: z.number().int(),
  stakes: z.array(roomStakeView),
  ends_at: z.string().nullable(),
  opened_at: z.string(),
  drawn_at: z.string().nullable(),
  ticket: z.number().int().nullable(),
  commission: z.number().nullable(),
  winner: roomWinner.nullable(),
});
export type RoomRound = z.infer<typeof roomRound>;

/** A room's rules in a currency, as the pages declare them. */
export const roomRules = z.object({
  min: z.number(),
  max: z.number(),
  max_stakes_per_player: z.number().int(),
  max_stakes_per_round: z.number().int(),
  commission_percent: z.number(),
  countdown_ms: z.number().int(),
});
export type RoomRules = z.infer<typeof roomRules>;

/** One open round of the lobby. */
export const roomLobbyEntry = z.object({
  room: roomName,
  currency: roomCurrency,
  round_id: z.number().int(),
  pot: z.number(),
  players: z.number().int(),
  ends_at: z.string().nullable(),
  min: z.number(),
  max: z.number(),
});
export type RoomLobbyEntry = z.infer<typeof roomLobbyEntry>;

/** `GET /rooms?currency=`: each room's open round, in every currency or in the one asked for. */
export const roomsLobbyQuery = z.object({ currency: roomCurrency.optional() });
export const roomsLobbyReply = z.object({ rooms: z.array(roomLobbyEntry), now: z.string() });
export type RoomsLobby = z.infer<typeof roomsLobbyReply>;

export const roomParams = z.object({ room: roomName });
/** `GET /rooms/:room?currency=` (default RUB). */
export const roomStateQuery = z.object({ currency: roomCurrency.default('RUB') });
export const roomStateReply = z.object({ round: roomRound, rules: roomRules, now: z.string() });
export type RoomState = z.infer<typeof roomStateReply>;

/** `POST /rooms/:room/stake`: in the player's currency, while the round takes stakes. */
export const roomStakeBody = z.object({
  amount: z.number().positive().multipleOf(0.01).max(1_000_000_000),
  idempotency_key: z.string().min(8).max(64),
});
export type RoomStakeBody = z.infer<typeof roomStakeBody>;
export const roomStakeReply = z.object({ stake: roomStakeView, round: roomRound, balance: z.number() });
export type RoomStakeReply = z.infer<typeof roomStakeReply>;

/** `GET /rooms/:room/history?currency=&limit=`: 1 to 50 finished rounds, newest first (default 10). */
export const roomHistoryQuery = z.object({
  currency: roomCurrency.default('RUB'),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const roomHistoryReply = z.object({ items: z.array(roomRound) });
export type RoomHistory = z.infer<typeof roomHistoryReply>;

// --- the socket (`/socket?topics=rooms,rooms:red:RUB`) ---

const where = { room: roomName, currency: roomCurrency };

/** First message on `rooms`: every open round. */
export const roomsLobbySnapshot = z.object({
  topic: z.literal('rooms'),
  type: z.literal('snapshot'),
  rooms: z.array(roomLobbyEntry),
  now: z.string(),
});

/** First message on `rooms:<room>:<currency>`: the round as it stands. */
export const roomSnapshot = z.object({
  topic: z.string(),
  type: z.literal('snapshot'),
  round: roomRound,
  rules: roomRules,
  now: z.string(),
});

/** Events, sent on both the room's topic and `rooms`. */
export const roomStakeEvent = z.object({
  topic: z.string(),
  type: z.literal('stake'),
  ...where,
  round_id: z.number().int(),
  stake: roomStakeView,
  pot: z.number(),
  players: z.number().int(),
});
export const roomCountdownEvent = z.object({
  topic: z.string(),
  type: z.literal('countdown'),
  ...where,
  round_id: z.number().int(),
  ends_at: z.string(),
  now: z.string(),
});
/** The draw: the finished round with its seed, ticket and winner. */
export const roomDrawnEvent = z.object({
  topic: z.string(),
  type: z.literal('drawn'),
  ...where,
  round: roomRound,
});
/** The next round of the room, open (its seed's hash committed). */
export const roomOpenedEvent = z.object({
  topic: z.string(),
  type: z.literal('opened'),
  ...where,
  round: roomRound,
});

export const roomMessage = z.discriminatedUnion('type', [
  roomSnapshot,
  roomStakeEvent,
  roomCountdownEvent,
  roomDrawnEvent,
  roomOpenedEvent,
]);
export type RoomMessage = z.infer<typeof roomMessage>;

export const roomsLobbyMessage = z.discriminatedUnion('type', [
  roomsLobbySnapshot,
  roomStakeEvent,
  roomCountdownEvent,
  roomDrawnEvent,
  roomOpenedEvent,
]);
export type RoomsLobbyMessage = z.infer<typeof roomsLobbyMessage>;
