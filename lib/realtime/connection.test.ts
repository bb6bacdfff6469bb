import { describe, expect, it } from 'vitest';
import { RealtimeConnection, reconnectDelay, type ConnectionDeps, type RealtimeEvent } from './connection';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(event: RealtimeEvent | RealtimeEvent[]) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drops() {
    this.readyState = 3;
    this.onclose?.();
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ callback: () => void; ms: number; cancelled: boolean }> = [];
  const deps: ConnectionDeps = {
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5,
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
  };
  const runTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.callback();
  };
  return { connection: new RealtimeConnection('ws://api/socket', deps), sockets, timers, runTimers };
}

describe('the realtime connection', () => {
  it('shares one socket between topics, subscribing each once and routing events by topic', () => {
    const { connection, sockets } = harness();
    const crash: RealtimeEvent[] = [];
    const feed: RealtimeEvent[] = [];
    connection.subscribe('crash', (event) => crash.push(event));
    connection.subscribe('feed', (event) => feed.push(event));
    connection.subscribe('feed', () => {});
    expect(sockets).toHaveLength(1);
    sockets[0]!.serverOpens();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', topics: ['crash', 'feed'] }]);
    sockets[0]!.serverSends({ topic: 'feed', type: 'snapshot' });
    sockets[0]!.serverSends({ topic: 'crash', type: 'tick' });
    // Events written together: one array, dispatched in order.
    sockets[0]!.serverSends([
      { topic: 'crash', type: 'bet' },
      { topic: 'feed', type: 'bets' },
      { topic: 'crash', type: 'cashout' },
    ]);
    expect(feed.map((e) => e.type)).toEqual(['snapshot', 'bets']);
    expect(crash.map((e) => e.type)).toEqual(['tick', 'bet', 'cashout']);
  });

  it('reconnects with a growing, jittered delay and follows every topic again (a fresh snapshot each)', () => {
    const { connection, sockets, timers, runTimers } = harness();
    const states: string[] = [];
    connection.onState((state) => states.push(state));
    connection.subscribe('crash', () => {});
    sockets[0]!.serverOpens();
    sockets[0]!.drops();
    expect(timers.at(-1)!.ms).toBe(1_150);
    runTimers();
    expect(sockets).toHaveLength(2);
    sockets[1]!.drops();
    expect(timers.at(-1)!.ms).toBe(2_300);
    runTimers();
    sockets[2]!.serverOpens();
    expect(sockets[2]!.sent).toEqual([{ op: 'subscribe', topics: ['crash'] }]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(reconnectDelay(10, () => 1)).toBe(13_000);
  });

  it('unsubscribes a topic its last listener leaves, and closes the socket when none is left', () => {
    const { connection, sockets, runTimers } = harness();
    const leaveCrash = connection.subscribe('crash', () => {});
    const leaveFeed = connection.subscribe('feed', () => {});
    sockets[0]!.serverOpens();
    leaveCrash();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['crash'] });
    leaveFeed();
    runTimers();
    expect(sockets[0]!.closed).toBe(true);
    // A close after leaving does not reconnect.
    sockets[0]!.drops();
    expect(sockets).toHaveLength(1);
  });

  it('keeps the socket when a page follows the same topic again within the grace period', () => {
    const { connection, sockets, runTimers } = harness();
    const leave = connection.subscribe('feed', () => {});
    sockets[0]!.serverOpens();
    leave();
    connection.subscribe('feed', () => {});
    runTimers();
    expect(sockets[0]!.closed).toBe(false);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'subscribe', topics: ['feed'] });
  });
});
