import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashBetView } from '@/lib/contracts/crash';
import { RealtimeConnection, socketUrl } from '@/lib/realtime/connection';
import { useCrashRoundStore } from './crash-round-store';
import { useCrashSocket } from './use-crash-socket';

/** A WebSocket the test plays the server of: it records what the page sends and delivers what it is told. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
  }
  open() {
    this.readyState = 1;
    act(() => this.onopen?.());
  }
  /** The server sends a message (JSON unless a string is given). */
  deliver(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  /** The connection drops. */
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.());
  }
}

/** A connection with a fake socket and a clock the test moves by hand; no jitter. */
function hub() {
  const sockets: FakeSocket[] = [];
  const timers: { at: number; run: () => void; id: number }[] = [];
  let now = 0;
  let nextId = 1;
  const connection = new RealtimeConnection('ws://api.test/socket', {
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  /** Moves the clock on by `ms`, running the timers that come due. */
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      timers.splice(timers.indexOf(due), 1);
      act(() => due.run());
    }
  };
  return { connection, sockets, advance, latest: () => sockets[sockets.length - 1] };
}

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

const snapshot = (patch: Record<string, unknown> = {}) => ({
  topic: 'crash',
  type: 'snapshot',
  phase: 'betting',
  game_id: 7,
  betting_ends_at: new Date(Date.now() + 5_000).toISOString(),
  elapsed_ms: null,
  multiplier: null,
  crash_point: null,
  hash: null,
  bets: [bet(1)],
  now: new Date().toISOString(),
  ...patch,
});
const event = (message: Record<string, unknown>) => ({ topic: 'crash', ...message });

/** Lets React apply what was delivered. */
async function settle() {
  await act(async () => {
    await vi.dynamicImportSettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const round = () => useCrashRoundStore.getState();

beforeEach(() => useCrashRoundStore.getState().reset());

describe('the crash socket', () => {
  it('follows the `crash` topic on the crash service’s hub', () => {
    const { connection, latest } = hub();
    renderHook(() => useCrashSocket({ connection }));
    expect(latest().url).toBe('ws://api.test/socket');
    expect(round().connection).toBe('connecting');
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', topics: ['crash'] }]);
    // Open is not live yet: the topic's snapshot is.
    expect(round().connection).toBe('connecting');
    expect(socketUrl('crash')).toMatch(/^wss?:\/\/.+\/socket$/);
  });

  it('takes the snapshot (extra keys ignored), then bets, cash-outs, the start, ticks and the bust, in order', async () => {
    const { connection, latest } = hub();
    renderHook(() => useCrashSocket({ connection }));
    const socket = latest();
    socket.open();
    socket.deliver({ ...snapshot(), region: 'RU' });
    await settle();
    expect(round()).toMatchObject({ connection: 'live', phase: 'betting', gameId: 7, bets: [bet(1)] });
    expect(round().bettingEndsAt! - Date.now()).toBeGreaterThan(4_500);
    expect(round().bettingEndsAt! - Date.now()).toBeLessThanOrEqual(5_000);

    socket.deliver(event({ type: 'bet', game_id: 7, bet: bet(2, { auto_cashout: 2 }) }));
    // Another topic's, not JSON, not a known message: all dropped.
    socket.deliver({ topic: 'rooms:red:RUB', type: 'bet', game_id: 7, bet: bet(99) });
    socket.deliver('{not json');
    socket.deliver(event({ type: 'pot', game_id: 7 }));
    socket.deliver(
      event({ type: 'started', game_id: 7, started_at: new Date(Date.now() - 40).toISOString() }),
    );
    socket.deliver(event({ type: 'tick', game_id: 7, elapsed_ms: 1_600, multiplier: 1.1 }));
    socket.deliver(event({ type: 'cashout', game_id: 7, bet: bet(1, { cashed_out_at: 1.1, payout: 11 }) }));
    socket.deliver(event({ type: 'tick', game_id: 7, elapsed_ms: 1_700, multiplier: 1.1 }));
    await settle();
    expect(round().bets).toEqual([bet(1, { cashed_out_at: 1.1, payout: 11 }), bet(2, { auto_cashout: 2 })]);
    expect(round()).toMatchObject({ phase: 'running', multiplier: 1.1, anchor: { elapsedMs: 1_700 } });

    socket.deliver(
      event({ type: 'busted', game_id: 7, crash_point: 1.5, hash: 'a'.repeat(64), elapsed_ms: 6_758 }),
    );
    await settle();
    expect(round()).toMatchObject({ phase: 'busted', crashPoint: 1.5, bustElapsedMs: 6_758 });
    expect(round().busts).toEqual([{ id: 7, crash_point: 1.5, hash: 'a'.repeat(64) }]);

    // The next game starts with an empty list; the strip keeps the bust.
    socket.deliver(
      event({ type: 'betting', game_id: 8, ends_at: new Date(Date.now() + 5_000).toISOString() }),
    );
    await settle();
    expect(round()).toMatchObject({ phase: 'betting', gameId: 8, bets: [], crashPoint: null });
    expect(round().busts).toHaveLength(1);
  });

  it('says it is reconnecting when the connection drops, comes back after 1 s, 2 s… and starts again from a fresh snapshot', async () => {
    const { connection, sockets, latest, advance } = hub();
    renderHook(() => useCrashSocket({ connection }));
    latest().open();
    latest().deliver(snapshot({ bets: [bet(1), bet(2)] }));
    await settle();
    expect(round().connection).toBe('live');

    latest().drop();
    expect(round().connection).toBe('reconnecting');
    advance(999);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);

    // That one fails before opening: the next wait is longer.
    latest().drop();
    advance(1_999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    expect(round().connection).toBe('reconnecting');

    // Back: the topic is followed again and its fresh snapshot replaces what was there.
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', topics: ['crash'] }]);
    latest().deliver(
      snapshot({
        phase: 'running',
        game_id: 9,
        betting_ends_at: null,
        elapsed_ms: 3_000,
        multiplier: 1.19,
        bets: [bet(5)],
      }),
    );
    await settle();
    expect(round()).toMatchObject({
      connection: 'live',
      phase: 'running',
      gameId: 9,
      bets: [bet(5)],
      anchor: { elapsedMs: 3_000 },
    });

    // An open connection counts the attempts again from the first.
    latest().drop();
    advance(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('stops following the topic on unmount, and the connection closes when nothing else follows it', async () => {
    const { connection, latest, advance, sockets } = hub();
    const { unmount } = renderHook(() => useCrashSocket({ connection }));
    const socket = latest();
    socket.open();
    socket.deliver(snapshot());
    await settle();
    unmount();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['crash'] });
    // Messages still in flight are not applied after unmount.
    useCrashRoundStore.getState().reset();
    socket.deliver(snapshot({ game_id: 99 }));
    await settle();
    expect(round().gameId).toBeNull();
    advance(10_000);
    expect(socket.closedByClient).toBe(true);
    expect(sockets).toHaveLength(1);
  });
});
