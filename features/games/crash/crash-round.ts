import type { CrashBetView, CrashMessage } from '@/lib/contracts/crash';
import { CRASH_MAX_EXTRAPOLATION_MS, CRASH_STRIP_SIZE } from './constants';
import { extrapolatedElapsedMs, extrapolatedMultiplier, type TickAnchor } from './crash-curve-math';

/**
 * The live crash round as the page holds it, from the socket's messages (lib/contracts/crash.ts): a pure
 * reducer, so each message's effect is tested without a socket. Times are local (`Date.now()`): the
 * betting deadline is moved by the server's clock offset that each snapshot tells.
 */

export type CrashConnection = 'connecting' | 'live' | 'reconnecting';
export type CrashPhase = 'idle' | 'betting' | 'running' | 'busted';

/** A finished game the socket told of (newest first), for the strip of recent points. */
export interface CrashBust {
  id: number;
  crash_point: number;
  hash: string;
}

/** The player's own bet in a game (from the bet's reply, or their list of bets after a reload). */
export interface MyCrashBet {
  gameId: number;
  betId: number;
  amount: number;
  currency: string;
  autoCashout: number | null;
  cashedOutAt: number | null;
  payout: number | null;
  /** The game busted while the bet was still in it. */
  lost: boolean;
}

export interface CrashRoundState {
  connection: CrashConnection;
  phase: CrashPhase;
  gameId: number | null;
  /** When betting closes, local time; null outside the betting window. */
  bettingEndsAt: number | null;
  /** The last elapsed time the server told while the game ran (or at its bust). */
  anchor: TickAnchor | null;
  /** The last multiplier the server sent (tick), the crash point once busted. */
  multiplier: number | null;
  crashPoint: number | null;
  bustElapsedMs: number | null;
  /** This game's bets and cash-outs, in the order they came. */
  bets: CrashBetView[];
  busts: CrashBust[];
  /** The server's clock minus the local one (from the last snapshot's `now`). */
  clockOffsetMs: number;
  mine: MyCrashBet | null;
}

export const initialCrashRound: CrashRoundState = {
  connection: 'connecting',
  phase: 'idle',
  gameId: null,
  bettingEndsAt: null,
  anchor: null,
  multiplier: null,
  crashPoint: null,
  bustElapsedMs: null,
  bets: [],
  busts: [],
  clockOffsetMs: 0,
  mine: null,
};

function upsertBet(bets: CrashBetView[], bet: CrashBetView): CrashBetView[] {
  const index = bets.findIndex((known) => known.id === bet.id);
  if (index < 0) return [...bets, bet];
  const next = bets.slice();
  next[index] = bet;
  return next;
}

function addBust(busts: CrashBust[], bust: CrashBust): CrashBust[] {
  if (busts.some((known) => known.id === bust.id)) return busts;
  return [bust, ...busts].slice(0, CRASH_STRIP_SIZE);
}

/** The player's bet, told of its cash-out (by hand or automatic) by the round's message. */
function mineAfterCashout(mine: MyCrashBet | null, bet: CrashBetView): MyCrashBet | null {
  if (!mine || mine.betId !== bet.id) return mine;
  return { ...mine, cashedOutAt: bet.cashed_out_at, payout: bet.payout };
}

/** The player's bet after its game busted: lost if it was still in it. */
function mineAfterBust(mine: MyCrashBet | null, gameId: number): MyCrashBet | null {
  if (!mine || mine.gameId !== gameId || mine.cashedOutAt !== null) return mine;
  return { ...mine, lost: true };
}

/** The player's bet as a new game opens: kept only if it is in that game. */
const mineFor = (mine: MyCrashBet | null, gameId: number | null) =>
  mine && mine.gameId === gameId ? mine : null;

/** The round after one socket message that arrived at `receivedAt` (local ms). */
export function applyCrashMessage(
  state: CrashRoundState,
  message: CrashMessage,
  receivedAt: number,
): CrashRoundState {
  switch (message.type) {
    case 'snapshot': {
      const clockOffsetMs = Date.parse(message.now) - receivedAt;
      const busted = message.phase === 'busted';
      const mine = mineFor(state.mine, message.game_id);
      // A bet of ours the snapshot lists with its cash-out (it happened while we were away).
      const ours = mine ? message.bets.find((bet) => bet.id === mine.betId) : undefined;
      return {
        ...state,
        connection: 'live',
        phase: message.phase,
        gameId: message.game_id,
        bettingEndsAt:
          message.phase === 'betting' && message.betting_ends_at
            ? Date.parse(message.betting_ends_at) - clockOffsetMs
            : null,
        anchor: message.elapsed_ms === null ? null : { elapsedMs: message.elapsed_ms, receivedAt },
        multiplier: busted ? message.crash_point : message.multiplier,
        crashPoint: busted ? message.crash_point : null,
        bustElapsedMs: busted ? message.elapsed_ms : null,
        bets: message.bets,
        busts:
          busted && message.game_id !== null && message.crash_point !== null && message.hash !== null
            ? addBust(state.busts, {
                id: message.game_id,
                crash_point: message.crash_point,
                hash: message.hash,
              })
            : state.busts,
        clockOffsetMs,
        mine: ours ? mineAfterCashout(mine, ours) : mine,
      };
    }
    case 'betting':
      return {
        ...state,
        phase: 'betting',
        gameId: message.game_id,
        bettingEndsAt: Date.parse(message.ends_at) - state.clockOffsetMs,
        anchor: null,
        multiplier: null,
        crashPoint: null,
        bustElapsedMs: null,
        // A betting window opened again for the same game keeps the bets it took.
        bets: message.game_id === state.gameId ? state.bets : [],
        mine: mineFor(state.mine, message.game_id),
      };
    case 'started':
      return {
        ...state,
        phase: 'running',
        gameId: message.game_id,
        bettingEndsAt: null,
        // How long ago, by the server's clock, the multiplier was 1.00 (at most a tick's worth).
        anchor: {
          elapsedMs:
            Math.min(
              CRASH_MAX_EXTRAPOLATION_MS,
              Math.max(0, receivedAt + state.clockOffsetMs - Date.parse(message.started_at)),
            ) || 0,
          receivedAt,
        },
        multiplier: 1,
        crashPoint: null,
        bustElapsedMs: null,
      };
    case 'tick':
      if (state.gameId !== null && message.game_id !== state.gameId) return state;
      return {
        ...state,
        phase: 'running',
        gameId: message.game_id,
        bettingEndsAt: null,
        anchor: { elapsedMs: message.elapsed_ms, receivedAt },
        multiplier: message.multiplier,
      };
    case 'bet':
      if (state.gameId !== null && message.game_id !== state.gameId) return state;
      return { ...state, bets: upsertBet(state.bets, message.bet) };
    case 'cashout':
      if (state.gameId !== null && message.game_id !== state.gameId) return state;
      return {
        ...state,
        bets: upsertBet(state.bets, message.bet),
        mine: mineAfterCashout(state.mine, message.bet),
      };
    case 'busted':
      return {
        ...state,
        phase: 'busted',
        gameId: message.game_id,
        bettingEndsAt: null,
        anchor: { elapsedMs: message.elapsed_ms, receivedAt },
        multiplier: message.crash_point,
        crashPoint: message.crash_point,
        bustElapsedMs: message.elapsed_ms,
        busts: addBust(state.busts, {
          id: message.game_id,
          crash_point: message.crash_point,
          hash: message.hash,
        }),
        mine: mineAfterBust(state.mine, message.game_id),
      };
  }
}

/** The player's bet from the bet call's reply (or their list after a reload). */
export function myBetFrom(
  gameId: number,
  bet: Pick<CrashBetView, 'id' | 'amount' | 'currency' | 'auto_cashout' | 'cashed_out_at' | 'payout'>,
): MyCrashBet {
  return {
    gameId,
    betId: bet.id,
    amount: bet.amount,
    currency: bet.currency,
    autoCashout: bet.auto_cashout,
    cashedOutAt: bet.cashed_out_at,
    payout: bet.payout,
    lost: false,
  };
}

/** Whether the player has a bet still in the running game: the Cash out button. */
export const canCashOut = (state: Pick<CrashRoundState, 'phase' | 'gameId' | 'mine'>) =>
  state.phase === 'running' &&
  state.mine !== null &&
  state.mine.gameId === state.gameId &&
  state.mine.cashedOutAt === null &&
  !state.mine.lost;

/** What the stage shows at `now`: the curve's time and multiplier, or the betting countdown. */
export interface RoundView {
  phase: CrashPhase;
  elapsedMs: number | null;
  multiplier: number | null;
  countdownMs: number | null;
  busted: boolean;
}

export function roundView(state: CrashRoundState, now: number): RoundView {
  const { phase } = state;
  if (phase === 'running' && state.anchor) {
    return {
      phase,
      elapsedMs: extrapolatedElapsedMs(state.anchor, now),
      multiplier: extrapolatedMultiplier({ anchor: state.anchor, now, lastMultiplier: state.multiplier }),
      countdownMs: null,
      busted: false,
    };
  }
  if (phase === 'busted') {
    return {
      phase,
      elapsedMs: state.bustElapsedMs,
      multiplier: state.crashPoint,
      countdownMs: null,
      busted: true,
    };
  }
  if (phase === 'betting' && state.bettingEndsAt !== null) {
    return {
      phase,
      elapsedMs: null,
      multiplier: null,
      countdownMs: Math.max(0, state.bettingEndsAt - now),
      busted: false,
    };
  }
  return { phase, elapsedMs: null, multiplier: null, countdownMs: null, busted: false };
}
