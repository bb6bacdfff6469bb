import { resolveServiceBaseUrl, type ApiService } from '@/lib/api/base-url';

/**
 * The browser's end of the API's realtime hub (`/socket`, server/realtime/socket.ts): one WebSocket per
 * service address, shared by every component that follows a topic on it. Following a topic sends
 * `{ op: 'subscribe' }`; the server answers with the topic's snapshot, then its events (several written
 * together come as one JSON array). When the socket
 * drops, it reconnects after 1 s, 2 s, 4 s… up to 10 s (each with up to 30 % jitter, so thousands of
 * clients do not all come back at once) and follows every topic again: each gets a fresh snapshot. With
 * no topic left, the socket is closed after a short grace period (a page change usually follows the
 * same topics again at once).
 */

export interface RealtimeEvent {
  topic: string;
  type: string;
  [field: string]: unknown;
}

export type RealtimeListener = (event: RealtimeEvent) => void;
export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 10_000;
const IDLE_CLOSE_MS = 5_000;

/** What the connection needs from its surroundings (tests pass fakes). */
export interface ConnectionDeps {
  createSocket: (url: string) => WebSocket;
  random: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserDeps = (): ConnectionDeps => ({
  createSocket: (url) => new WebSocket(url),
  random: Math.random,
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/** The wait before reconnect attempt `attempt` (0-based): doubling from 1 s to 10 s, plus up to 30 %. */
export function reconnectDelay(attempt: number, random: () => number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
  return Math.round(base * (1 + 0.3 * random()));
}

export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private state: ConnectionState = 'connecting';
  private attempt = 0;
  private retryTimer: unknown = null;
  private idleTimer: unknown = null;

  constructor(
    private readonly url: string,
    private readonly deps: ConnectionDeps = browserDeps(),
  ) {}

  /** Follows `topic` until the returned function is called. */
  subscribe(topic: string, listener: RealtimeListener): () => void {
    this.cancelIdleClose();
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    if (!this.socket) this.open();
    else if (first) this.send({ op: 'subscribe', topics: [topic] });
    return () => {
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(topic) !== set) return;
      this.listeners.delete(topic);
      this.send({ op: 'unsubscribe', topics: [topic] });
      if (this.listeners.size === 0) this.scheduleIdleClose();
    };
  }

  /** The connection's state now and at each change, until the returned function is called. */
  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }

  private open(): void {
    const socket = this.deps.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setState('open');
      const topics = [...this.listeners.keys()];
      if (topics.length > 0) this.send({ op: 'subscribe', topics });
    };
    socket.onmessage = (event: MessageEvent) => {
      let parsed: RealtimeEvent | RealtimeEvent[];
      try {
        parsed = JSON.parse(String(event.data)) as RealtimeEvent | RealtimeEvent[];
      } catch {
        return;
      }
      // Events written together come as one array, in their order.
      for (const one of Array.isArray(parsed) ? parsed : [parsed]) {
        if (!one || typeof one !== 'object') continue;
        for (const listener of [...(this.listeners.get(one.topic) ?? [])]) listener(one);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size === 0) return;
      this.setState('reconnecting');
      const delay = reconnectDelay(this.attempt, this.deps.random);
      this.attempt += 1;
      this.retryTimer = this.deps.setTimeout(() => {
        this.retryTimer = null;
        if (!this.socket && this.listeners.size > 0) this.open();
      }, delay);
    };
    // An error is followed by close, which reconnects.
    socket.onerror = () => {};
  }

  private send(message: { op: 'subscribe' | 'unsubscribe'; topics: string[] }): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  private scheduleIdleClose(): void {
    this.idleTimer = this.deps.setTimeout(() => {
      this.idleTimer = null;
      if (this.listeners.size > 0) return;
      if (this.retryTimer !== null) this.deps.clearTimeout(this.retryTimer);
      this.retryTimer = null;
      const socket = this.socket;
      this.socket = null;
      this.attempt = 0;
      this.state = 'connecting';
      socket?.close();
    }, IDLE_CLOSE_MS);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer === null) return;
    this.deps.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

const connections = new Map<string, RealtimeConnection>();

/** The socket address of a service: its base address with ws(s):// and `/socket`. */
export function socketUrl(service: ApiService): string {
  return `${resolveServiceBaseUrl(service).replace(/^http/, 'ws')}/socket`;
}

/** The page's one connection to a service's hub. */
export function realtimeConnection(service: ApiService): RealtimeConnection {
  const url = socketUrl(service);
  let connection = connections.get(url);
  if (!connection) connections.set(url, (connection = new RealtimeConnection(url)));
  return connection;
}
