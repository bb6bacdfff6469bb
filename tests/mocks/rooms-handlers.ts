import { http, HttpResponse } from 'msw';
import type { RoomHistory, RoomRound, RoomRules } from '@/lib/contracts/rooms';
import { apiPath } from './handlers';

/**
 * A drawn red-room round with the known answer of lib/fair/rooms.test.ts (computed with OpenSSL): seed
 * 00 01 02 … 1f, stakes 41:3:100, 42:5:10000, 43:3:250 → ticket 1003 of 10350, stake 42 (player 5) wins
 * 103.50 less 5 % = 98.33.
 */
export const ROOM_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
export const ROOM_SEED_HASH = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';

export const roomRules: RoomRules = {
  min: 1,
  max: 1_000,
  max_stakes_per_player: 10,
  max_stakes_per_round: 200,
  commission_percent: 5,
  countdown_ms: 30_000,
};

const at = '2026-01-15T12:00:00.000Z';

export const drawnRoomRound: RoomRound = {
  id: 7,
  room: 'red',
  currency: 'RUB',
  status: 'drawn',
  seed_hash: ROOM_SEED_HASH,
  seed: ROOM_SEED,
  pot: 103.5,
  players: 2,
  stakes: [
    { id: 41, user_id: 3, player: 'Alice', amount: 1, created_at: at },
    { id: 42, user_id: 5, player: 'Hidden', amount: 100, created_at: at },
    { id: 43, user_id: 3, player: 'Alice', amount: 2.5, created_at: at },
  ],
  ends_at: at,
  opened_at: at,
  drawn_at: at,
  ticket: 1003,
  commission: 5.17,
  winner: { stake_id: 42, user_id: 5, player: 'Hidden', payout: 98.33 },
};

/** An open round of the red room with `stakes` (id, user, name, amount), no countdown yet. */
export function openRoomRound(
  id: number,
  stakes: { id: number; user_id: number; player: string; amount: number }[] = [],
): RoomRound {
  return {
    id,
    room: 'red',
    currency: 'RUB',
    status: 'open',
    seed_hash: 'b'.repeat(64),
    seed: null,
    pot: stakes.reduce((sum, stake) => sum + stake.amount, 0),
    players: new Set(stakes.map((stake) => stake.user_id)).size,
    stakes: stakes.map((stake) => ({ ...stake, created_at: at })),
    ends_at: null,
    opened_at: at,
    drawn_at: null,
    ticket: null,
    commission: null,
    winner: null,
  };
}

/** `GET /rooms/:room/history` answering `history`. */
export const roomHandlers = (history: RoomHistory = { items: [drawnRoomRound] }) => [
  http.get(apiPath('/rooms/:room/history'), () => HttpResponse.json(history)),
];
