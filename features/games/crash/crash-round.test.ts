import { describe, expect, it } from 'vitest';
import type { CrashBetView, CrashMessage } from '@/lib/contracts/crash';
import {
  applyCrashMessage,
  canCashOut,
  initialCrashRound,
  myBetFrom,
  roundView,
  type CrashRoundState,
} from './crash-round';

const bet = (id: number, patch: Partial<CrashBetView> = {}): CrashBetView => ({
  id,
  player: `Player ${id}`,
  currency: 'RUB',
  amount: 10,
  auto_cashout: null,
  cashed_out_at: null,
  payout: null,
  ...patch,
});

const T = Date.parse('2026-01-15T12:00:00.000Z');
const apply = (state: CrashRoundState, ...messages: [CrashMessage, number][]) =>
  messages.reduce((current, [message, at]) => applyCrashMessage(current, message, at), state);

describe('the round as the page holds it', () => {
  it('moves the betting deadline by the server’s clock offset that the snapshot tells', () => {
    // The local clock is 2 s behind the server's.
    const state = apply(initialCrashRound, [
      {
        type: 'snapshot',
        phase: 'betting',
        game_id: 7,
        betting_ends_at: '2026-01-15T12:00:05.000Z',
        elapsed_ms: null,
        multiplier: null,
        crash_point: null,
        hash: null,
        bets: [],
        now: '2026-01-15T12:00:00.000Z',
      },
      T - 2_000,
    ]);
    expect(state.clockOffsetMs).toBe(2_000);
    expect(state.bettingEndsAt).toBe(T + 3_000);
    expect(roundView(state, T + 1_000).countdownMs).toBe(2_000);
    expect(roundView(state, T + 9_000).countdownMs).toBe(0);
    // A later window's deadline is moved the same way.
    const next = apply(state, [{ type: 'betting', game_id: 8, ends_at: '2026-01-15T12:00:20.000Z' }, T]);
    expect(next.bettingEndsAt).toBe(T + 18_000);
  });

  it('starts the curve from the game’s start time, and runs it on between ticks', () => {
    const running = apply({ ...initialCrashRound, phase: 'betting', gameId: 7 }, [
      { type: 'started', game_id: 7, started_at: new Date(T - 30).toISOString() },
      T,
    ]);
    expect(running.anchor).toEqual({ elapsedMs: 30, receivedAt: T });
    expect(roundView(running, T + 70)).toMatchObject({ phase: 'running', elapsedMs: 100, multiplier: 1 });
    const ticked = apply(running, [
      { type: 'tick', game_id: 7, elapsed_ms: 11_552, multiplier: 1.99 },
      T + 11_600,
    ]);
    expect(roundView(ticked, T + 11_616)).toMatchObject({ elapsedMs: 11_568, multiplier: 2 });
    // Another game's tick (a late one) changes nothing.
    expect(apply(ticked, [{ type: 'tick', game_id: 6, elapsed_ms: 1, multiplier: 1 }, T])).toBe(ticked);
  });

  it('keeps a game’s bets when its betting window opens again, and drops them for the next game', () => {
    const state = { ...initialCrashRound, phase: 'betting' as const, gameId: 7, bets: [bet(1)] };
    expect(
      apply(state, [{ type: 'betting', game_id: 7, ends_at: new Date(T).toISOString() }, T]).bets,
    ).toEqual([bet(1)]);
    expect(
      apply(state, [{ type: 'betting', game_id: 8, ends_at: new Date(T).toISOString() }, T]).bets,
    ).toEqual([]);
  });

  it('follows the player’s bet: its cash-out by message (automatic too), its loss at the bust, gone with the next game', () => {
    const mine = myBetFrom(7, bet(3, { auto_cashout: 1.5 }));
    const running = {
      ...initialCrashRound,
      connection: 'live' as const,
      phase: 'running' as const,
      gameId: 7,
      mine,
    };
    expect(canCashOut(running)).toBe(true);
    const cashed = apply(running, [
      { type: 'cashout', game_id: 7, bet: bet(3, { auto_cashout: 1.5, cashed_out_at: 1.5, payout: 15 }) },
      T,
    ]);
    expect(cashed.mine).toMatchObject({ cashedOutAt: 1.5, payout: 15, lost: false });
    expect(canCashOut(cashed)).toBe(false);
    // Someone else's cash-out is not ours.
    expect(
      apply(running, [{ type: 'cashout', game_id: 7, bet: bet(4, { cashed_out_at: 2, payout: 20 }) }, T])
        .mine,
    ).toBe(mine);

    const busted = apply(running, [
      { type: 'busted', game_id: 7, crash_point: 1.2, hash: 'e'.repeat(64), elapsed_ms: 3_039 },
      T,
    ]);
    expect(busted.mine).toMatchObject({ lost: true });
    expect(roundView(busted, T + 5_000)).toMatchObject({ busted: true, multiplier: 1.2, elapsedMs: 3_039 });
    expect(
      apply(cashed, [
        { type: 'busted', game_id: 7, crash_point: 1.8, hash: 'f'.repeat(64), elapsed_ms: 9_797 },
        T,
      ]).mine,
    ).toMatchObject({
      lost: false,
      cashedOutAt: 1.5,
    });
    expect(
      apply(busted, [{ type: 'betting', game_id: 8, ends_at: new Date(T).toISOString() }, T]).mine,
    ).toBeNull();
  });

  it('takes from a snapshot a cash-out of the player’s bet that happened while the page was away', () => {
    const mine = myBetFrom(7, bet(3));
    const state = apply({ ...initialCrashRound, gameId: 7, mine }, [
      {
        type: 'snapshot',
        phase: 'running',
        game_id: 7,
        betting_ends_at: null,
        elapsed_ms: 20_000,
        multiplier: 3.32,
        crash_point: null,
        hash: null,
        bets: [bet(3, { cashed_out_at: 2.5, payout: 25 })],
        now: new Date(T).toISOString(),
      },
      T,
    ]);
    expect(state.mine).toMatchObject({ cashedOutAt: 2.5, payout: 25 });
    expect(state.connection).toBe('live');
  });
});
