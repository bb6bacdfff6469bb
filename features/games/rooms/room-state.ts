import type { RoomMessage, RoomRound, RoomRules, RoomStakeView } from '@/lib/contracts/rooms';

/**
 * A room's page state, from the socket's messages (lib/contracts/rooms.ts) and the player's own stake
 * replies. Pure: `roomReducer(state, action)`.
 *
 * - `round` is the open round (stakes are added as they come, the countdown when it starts);
 * - `draw` is a drawn round being shown (the wheel spins to its ticket, then holds the result) until
 *   `drawShown`, while `round` already follows the next round;
 * - `last` is the latest drawn round, kept for the "last winner" line;
 * - `offsetMs` is the server's clock minus this one, so the countdown matches the server's.
 */
export interface RoomState {
  round: RoomRound | null;
  rules: RoomRules | null;
  draw: RoomRound | null;
  last: RoomRound | null;
  offsetMs: number;
  /** Stake events of a round that has not been announced yet (events of several processes may cross). */
  early: { roundId: number; stake: RoomStakeView }[];
}

export const initialRoomState: RoomState = {
  round: null,
  rules: null,
  draw: null,
  last: null,
  offsetMs: 0,
  early: [],
};

export type RoomAction =
  | { type: 'message'; message: RoomMessage; receivedAt: number }
  | { type: 'staked'; round: RoomRound }
  | { type: 'drawShown' };

function withStake(round: RoomRound, stake: RoomStakeView, pot?: number, players?: number): RoomRound {
  if (round.stakes.some((s) => s.id === stake.id)) return round;
  const stakes = [...round.stakes, stake].sort((a, b) => a.id - b.id);
  return {
    ...round,
    stakes,
    pot: pot ?? Math.round(stakes.reduce((sum, s) => sum + s.amount * 100, 0)) / 100,
    players: players ?? new Set(stakes.map((s) => s.user_id)).size,
  };
}

/** The newer of two views of one round (more stakes, or the countdown set). */
function fresher(current: RoomRound, next: RoomRound): RoomRound {
  if (next.status === 'drawn') return next;
  if (next.stakes.length < current.stakes.length) return current;
  return next;
}

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  if (action.type === 'drawShown') return { ...state, draw: null };
  if (action.type === 'staked') {
    const { round } = action;
    if (!state.round || state.round.id !== round.id) {
      return round.status === 'open' && (!state.round || round.id > state.round.id)
        ? { ...state, round }
        : state;
    }
    return { ...state, round: fresher(state.round, round) };
  }
  const { message, receivedAt } = action;
  switch (message.type) {
    case 'snapshot':
      return {
        ...state,
        round: message.round,
        rules: message.rules,
        offsetMs: Date.parse(message.now) - receivedAt,
        early: state.early.filter((e) => e.roundId > message.round.id),
      };
    case 'stake': {
      const { round } = state;
      if (round && round.id === message.round_id) {
        return { ...state, round: withStake(round, message.stake, message.pot, message.players) };
      }
      if (!round || message.round_id > round.id) {
        return { ...state, early: [...state.early, { roundId: message.round_id, stake: message.stake }] };
      }
      return state;
    }
    case 'countdown': {
      const { round } = state;
      if (!round || round.id !== message.round_id) return state;
      return {
        ...state,
        round: { ...round, ends_at: message.ends_at },
        offsetMs: Date.parse(message.now) - receivedAt,
      };
    }
    case 'drawn': {
      if (state.last && state.last.id >= message.round.id) return state;
      return { ...state, draw: message.round, last: message.round };
    }
    case 'opened': {
      if (state.round && state.round.id >= message.round.id) return state;
      let round = message.round;
      for (const early of state.early) if (early.roundId === round.id) round = withStake(round, early.stake);
      return { ...state, round, early: state.early.filter((e) => e.roundId > round.id) };
    }
  }
}

/** Each player's colour index: the order they first staked in the round. */
export function playerOrder(stakes: readonly RoomStakeView[]): Map<number, number> {
  const order = new Map<number, number>();
  for (const stake of stakes) if (!order.has(stake.user_id)) order.set(stake.user_id, order.size);
  return order;
}

/** The players of a round with their total stake and chance to win, in the order they came. */
export function playersOf(
  round: RoomRound,
): { userId: number; player: string; amount: number; chance: number }[] {
  const totals = new Map<number, { userId: number; player: string; minor: number }>();
  for (const stake of round.stakes) {
    const entry = totals.get(stake.user_id) ?? { userId: stake.user_id, player: stake.player, minor: 0 };
    entry.minor += Math.round(stake.amount * 100);
    totals.set(stake.user_id, entry);
  }
  const pot = [...totals.values()].reduce((sum, p) => sum + p.minor, 0);
  return [...totals.values()].map((p) => ({
    userId: p.userId,
    player: p.player,
    amount: p.minor / 100,
    chance: pot > 0 ? p.minor / pot : 0,
  }));
}
