import { describe, expect, it } from 'vitest';
import * as contract from '@/lib/contracts/rooms';
import { checkRoomMessage, checkRoomsLobbyMessage, ROUND_STATUSES } from './room-message-check';

const stake = { id: 3, user_id: 9, player: 'Hidden', amount: 10, created_at: '2031-01-01T00:00:00Z' };
const round = {
  id: 12,
  room: 'red',
  currency: 'RUB',
  status: 'open',
  seed_hash: 'ab'.repeat(32),
  seed: null,
  pot: 20.5,
  players: 2,
  stakes: [stake, { ...stake, id: 4, user_id: 10, extra: 1 }],
  ends_at: '2031-01-01T00:00:30Z',
  opened_at: '2031-01-01T00:00:00Z',
  drawn_at: null,
  ticket: null,
  commission: null,
  winner: null,
};
const drawn = {
  ...round,
  status: 'drawn',
  seed: 'cd'.repeat(32),
  drawn_at: '2031-01-01T00:00:31Z',
  ticket: 1234,
  commission: 1.02,
  winner: { stake_id: 3, user_id: 9, player: 'Hidden', payout: 19.48 },
};
const rules = {
  min: 10,
  max: 1000,
  max_stakes_per_player: 10,
  max_stakes_per_round: 200,
  commission_percent: 5,
  countdown_ms: 30_000,
};
const where = { room: 'red', currency: 'RUB' };
const topic = 'rooms:red:RUB';
const events = [
  { topic, type: 'stake', ...where, round_id: 12, stake, pot: 20.5, players: 2 },
  { topic, type: 'countdown', ...where, round_id: 12, ends_at: round.ends_at, now: round.opened_at },
  { topic, type: 'drawn', ...where, round: drawn },
  { topic: 'rooms', type: 'opened', ...where, round: { ...round, id: 13, stakes: [], ends_at: null } },
];
const lobbyEntry = { ...where, round_id: 12, pot: 20.5, players: 2, ends_at: null, min: 10, max: 1000 };

const roomValid = [{ topic, type: 'snapshot', round, rules, now: round.opened_at, extra: 1 }, ...events];
const lobbyValid = [
  { topic: 'rooms', type: 'snapshot', rooms: [lobbyEntry, { ...lobbyEntry, room: 'purple' }], now: 'x' },
  ...events,
];
const commonInvalid: unknown[] = [
  null,
  'stake',
  {},
  { topic, type: 'error', message: 'no such topic' },
  { topic, type: 'hasOwnProperty' },
  { ...events[0], room: 'green' },
  { ...events[0], currency: 'GBP' },
  { ...events[0], round_id: 1.5 },
  { ...events[0], stake: { ...stake, player: null } },
  { ...events[1], now: undefined },
  { ...events[2], round: { ...drawn, status: 'closed' } },
  { ...events[2], round: { ...drawn, ticket: 1.5 } },
  { ...events[2], round: { ...drawn, winner: { ...drawn.winner, payout: '19.48' } } },
  { ...events[3], round: undefined },
];

describe('the rooms socket checks without zod', () => {
  it('know the contract’s round statuses', () => {
    expect(ROUND_STATUSES).toEqual(contract.ROUND_STATUSES);
  });

  it('accept what the contract accepts, with the same result (extra keys dropped alike)', () => {
    for (const message of roomValid)
      expect(checkRoomMessage(message), JSON.stringify(message)).toEqual(contract.roomMessage.parse(message));
    for (const message of lobbyValid)
      expect(checkRoomsLobbyMessage(message), JSON.stringify(message)).toEqual(
        contract.roomsLobbyMessage.parse(message),
      );
  });

  it('refuse what the contract refuses', () => {
    const roomInvalid = [
      ...commonInvalid,
      { topic, type: 'snapshot', round, rules: { ...rules, countdown_ms: 1.5 }, now: 'x' },
      { topic, type: 'snapshot', round, now: 'x' },
      lobbyValid[0],
    ];
    for (const message of roomInvalid) {
      expect(contract.roomMessage.safeParse(message).success, JSON.stringify(message)).toBe(false);
      expect(checkRoomMessage(message), JSON.stringify(message)).toBeNull();
    }
    const lobbyInvalid = [
      ...commonInvalid,
      { topic: 'rooms', type: 'snapshot', rooms: [{ ...lobbyEntry, pot: null }], now: 'x' },
      { topic: 'rooms:red:RUB', type: 'snapshot', rooms: [], now: 'x' },
      roomValid[0],
    ];
    for (const message of lobbyInvalid) {
      expect(contract.roomsLobbyMessage.safeParse(message).success, JSON.stringify(message)).toBe(false);
      expect(checkRoomsLobbyMessage(message), JSON.stringify(message)).toBeNull();
    }
  });
});
