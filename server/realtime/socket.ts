import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RealtimeBus } from './bus';
import type { TopicRegistry } from './topics';

/** A socket whose unsent messages pass this is too slow: it is dropped rather than slow anything down. */
export const SOCKET_MAX_BUFFERED_BYTES = 512 * 1024;
/** A socket that does not answer a ping within this is dropped. */
export const SOCKET_HEARTBEAT_MS = 15_000;
/** Topics one socket may follow at once. */
export const SOCKET_MAX_TOPICS = 16;
/**
 * Events for a socket are written together at most this often: a write is a system call per socket, the
 * cost of fanning out to thousands (bench:crash), and a betting window's many bets would be one each.
 * An event after a quiet window goes out at once; several go as one JSON array, one as itself.
 */
export const SOCKET_FLUSH_MS = 40;

/**
 * A final, unmasked text frame (what a server sends, RFC 6455 §5.2) of `text`: header and data in one
 * buffer, built once for every socket that gets it.
 */
export function textFrame(text: string): Buffer {
  const data = Buffer.from(text);
  const length = data.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  data.copy(frame, headerLength);
  return frame;
}

const TOPIC = /^[a-z]+(?::[A-Za-z0-9_-]{1,32}){0,3}$/;

/** What a client may send: follow or stop following topics. Anything else is ignored. */
const clientMessage = z.object({
  op: z.enum(['subscribe', 'unsubscribe']),
  topics: z.array(z.string().regex(TOPIC)).max(SOCKET_MAX_TOPICS),
});

/** Topics named in a `?topics=a,b` query: the valid ones, at most SOCKET_MAX_TOPICS. */
export function parseTopics(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(','))].filter((topic) => TOPIC.test(topic)).slice(0, SOCKET_MAX_TOPICS);
}

/**
 * The sockets of one API process: each follows topics (from the address's `?topics=` and later
 * `{ op: 'subscribe' | 'unsubscribe', topics }` messages), gets each topic's snapshot when it starts
 * following it and then the topic's events from the bus, written every SOCKET_FLUSH_MS (one message, or a
 * JSON array of the messages in their order); pings every SOCKET_HEARTBEAT_MS drop the dead,
 * and a socket that cannot keep up is dropped (it reconnects and starts again from a snapshot).
 */
interface SocketState {
  alive: boolean;
  /**
   * What waits to be written, in order: an event as its index in the hub's current window (every socket
   * that follows its topic holds the same index), a snapshot or an error as its own text.
   */
  pending: (number | string)[];
}

/** A batch already framed in this flush: the pending list it was made of, and its frame. */
interface FramedBatch {
  pending: (number | string)[];
  frame: Buffer;
}

/** Whether two pending lists hold the same entries in the same order. */
function samePending(a: readonly (number | string)[], b: readonly (number | string)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** A hash of a list of event indices (FNV-1a over the numbers), or null when it holds a text. */
function pendingHash(pending: readonly (number | string)[]): number | null {
  let hash = 0x811c9dc5;
  for (const entry of pending) {
    if (typeof entry !== 'number') return null;
    hash = Math.imul(hash ^ entry, 0x01000193) >>> 0;
  }
  return hash;
}

export class SocketHub {
  private readonly sockets = new Map<WebSocket, SocketState>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Sockets with events waiting, and the timer that writes them. */
  private readonly dirty = new Map<WebSocket, SocketState>();
  private flushTimer: { cancel: () => void } | null = null;
  private lastFlush = 0;
  /**
   * The events of the current flush window, each serialised once, and the index of each (keyed by the
   * bus's serialised string, the same object for every socket): sockets hold indices, so the sockets
   * waiting for the same events are found by comparing short lists of numbers, not their joined texts.
   */
  private windowEvents: string[] = [];
  private readonly windowIndex = new Map<string, number>();

  constructor(
    private readonly bus: RealtimeBus,
    private readonly topics: TopicRegistry,
    private readonly log: { warn: (object: object, message: string) => void },
    heartbeatMs = SOCKET_HEARTBEAT_MS,
    private readonly flushMs = SOCKET_FLUSH_MS,
  ) {
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Serves one socket until it closes. */
  accept(socket: WebSocket, initialTopics: string[]): void {
    const state: SocketState = { alive: true, pending: [] };
    this.sockets.set(socket, state);
    const following = new Map<string, () => void>();

    /** Now (a snapshot, an error), after whatever this socket has waiting. */
    const sendNow = (serialized: string) => {
      state.pending.push(serialized);
      this.write(socket, state);
    };
    /** With the next flush (an event). */
    const send = (serialized: string) => {
      state.pending.push(this.eventIndex(serialized));
      this.dirty.set(socket, state);
      this.scheduleFlush();
    };

    const follow = async (topic: string) => {
      if (following.has(topic) || following.size >= SOCKET_MAX_TOPICS) return;
      // Events published while the snapshot is read wait behind it, so none is lost or comes first.
      const waiting: string[] = [];
      let ready = false;
      following.set(
        topic,
        this.bus.subscribe(topic, (_message, serialized) =>
          ready ? send(serialized) : waiting.push(serialized),
        ),
      );
      try {
        const snapshot = await this.topics.snapshot(topic);
        if (!snapshot) {
          unfollow(topic);
          sendNow(JSON.stringify({ topic, type: 'error', message: 'Unknown topic.' }));
          return;
        }
        sendNow(JSON.stringify(snapshot));
      } catch (error) {
        this.log.warn({ err: error, topic }, 'realtime: a snapshot failed');
        unfollow(topic);
        sendNow(JSON.stringify({ topic, type: 'error', message: 'Try again later.' }));
        return;
      }
      ready = true;
      for (const serialized of waiting) send(serialized);
    };

    const unfollow = (topic: string) => {
      following.get(topic)?.();
      following.delete(topic);
    };

    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('message', (data) => {
      let parsed: z.infer<typeof clientMessage>;
      try {
        parsed = clientMessage.parse(JSON.parse(String(data)));
      } catch {
        return;
      }
      for (const topic of parsed.topics) {
        if (parsed.op === 'subscribe') void follow(topic);
        else unfollow(topic);
      }
    });
    socket.on('close', () => {
      for (const topic of [...following.keys()]) unfollow(topic);
      this.sockets.delete(socket);
      this.dirty.delete(socket);
    });
    for (const topic of initialTopics) void follow(topic);
  }

  /**
   * The first events after a quiet SOCKET_FLUSH_MS go out at once (once every socket has them: the tick
   * of a round is not delayed); those that follow within the window wait for its end, together.
   */
  private scheduleFlush(): void {
    if (this.flushTimer) return;
    const wait = this.lastFlush + this.flushMs - Date.now();
    if (wait <= 0) {
      const immediate = setImmediate(() => this.flush());
      this.flushTimer = { cancel: () => clearImmediate(immediate) };
    } else {
      const timeout = setTimeout(() => this.flush(), wait);
      this.flushTimer = { cancel: () => clearTimeout(timeout) };
    }
  }

  /** The event's index in the current window (given once per event, whatever the number of sockets). */
  private eventIndex(serialized: string): number {
    let index = this.windowIndex.get(serialized);
    if (index === undefined) {
      index = this.windowEvents.push(serialized) - 1;
      this.windowIndex.set(serialized, index);
    }
    return index;
  }

  /**
   * Writes every socket's waiting events; sockets that wait for the same events share one frame, built
   * once (found by a hash of their indices, checked entry by entry). Then a new window starts.
   */
  private flush(): void {
    this.flushTimer = null;
    this.lastFlush = Date.now();
    const framed = new Map<number, FramedBatch>();
    for (const [socket, state] of this.dirty) this.write(socket, state, framed);
    this.dirty.clear();
    this.windowEvents = [];
    this.windowIndex.clear();
  }

  /** The text of a pending list: one message as itself, several as a JSON array in their order. */
  private textOf(pending: readonly (number | string)[]): string {
    const texts = pending.map((entry) => (typeof entry === 'number' ? this.windowEvents[entry]! : entry));
    return texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`;
  }

  private write(socket: WebSocket, state: SocketState, framed?: Map<number, FramedBatch>): void {
    const { pending } = state;
    if (pending.length === 0) return;
    state.pending = [];
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    const hash = framed ? pendingHash(pending) : null;
    const shared = hash === null ? undefined : framed!.get(hash);
    let frame: Buffer;
    if (shared && samePending(shared.pending, pending)) frame = shared.frame;
    else {
      frame = textFrame(this.textOf(pending));
      if (hash !== null && !shared) framed!.set(hash, { pending, frame });
    }
    // The frame whole, in one write (ws would write its header and the data apart, per socket); safe beside
    // ws's own writes, which are synchronous without compression (none is negotiated here).
    const raw = (socket as WebSocket & { _socket?: { write: (data: Buffer) => boolean } })._socket;
    if (raw) raw.write(frame);
    else socket.send(this.textOf(pending));
  }

  close(): void {
    this.flushTimer?.cancel();
    clearInterval(this.heartbeat);
    for (const socket of this.sockets.keys()) socket.terminate();
  }

  private ping(): void {
    for (const [socket, state] of this.sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }
}
