import { describe, expect, it } from 'vitest';
import type { RoomMessage } from '@/lib/contracts/rooms';
import { drawnRoomRound, openRoomRound, roomRules } from '@/tests/mocks/rooms-handlers';
import { initialRoomState, playersOf, roomReducer, type RoomState } from './room-state';

const where = { topic: 'rooms:red:RUB', room: 'red', currency: 'RUB' } as const;
const apply = (state: RoomState, ...messages: RoomMessage[]) =>
  messages.reduce(
    (current, message) => roomReducer(current, { type: 'message', message, receivedAt: 0 }),
    state,
  );
const stake = (roundId: number, id: number, userId: number, amount: number): RoomMessage => ({
  ...where,
  type: 'stake',
  round_id: roundId,
  stake: { id, user_id: userId, player: `P${userId}`, amount, created_at: '' },
  pot: 0,
  players: 0,
});

describe('the room state', () => {
  it('keeps a stake of the next round that comes before its announcement, and ignores stale events', () => {
    let state = apply(initialRoomState, {
      topic: where.topic,
      type: 'snapshot',
      round: openRoomRound(7),
      rules: roomRules,
      now: new Date(0).toISOString(),
    });
    state = apply(state, stake(8, 50, 3, 2), { ...where, type: 'drawn', round: drawnRoomRound });
    expect(state.draw?.id).toBe(7);
    state = apply(state, { ...where, type: 'opened', round: openRoomRound(8) });
    expect(state.round?.id).toBe(8);
    expect(state.round?.stakes.map((s) => s.id)).toEqual([50]);
    expect(state.round).toMatchObject({ pot: 2, players: 1 });
    // Events of older rounds change nothing; the same draw twice is shown once.
    const same = apply(state, stake(7, 60, 4, 1), { ...where, type: 'drawn', round: drawnRoomRound });
    expect(same).toBe(state);
    // A stake already there (the player's own reply, then its event) is counted once.
    const twice = apply(state, stake(8, 50, 3, 2));
    expect(twice.round?.stakes).toHaveLength(1);
  });

  it("adds up each player's stakes and chance", () => {
    const round = openRoomRound(1, [
      { id: 1, user_id: 1, player: 'A', amount: 1 },
      { id: 2, user_id: 2, player: 'B', amount: 2 },
      { id: 3, user_id: 1, player: 'A', amount: 1 },
    ]);
    expect(playersOf(round)).toEqual([
      { userId: 1, player: 'A', amount: 2, chance: 0.5 },
      { userId: 2, player: 'B', amount: 2, chance: 0.5 },
    ]);
  });
});
