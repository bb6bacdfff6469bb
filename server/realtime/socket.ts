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
 * following it and then the topic's events from the bus; pings every SOCKET_HEARTBEAT_MS drop the dead,
 * and a socket that cannot keep up is dropped (it reconnects and starts again from a snapshot).
 */
export class SocketHub {
  private readonly sockets = new Map<WebSocket, { alive: boolean }>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly bus: RealtimeBus,
    private readonly topics: TopicRegistry,
    private readonly log: { warn: (object: object, message: string) => void },
    heartbeatMs = SOCKET_HEARTBEAT_MS,
  ) {
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Serves one socket until it closes. */
  accept(socket: WebSocket, initialTopics: string[]): void {
    const state = { alive: true };
    this.sockets.set(socket, state);
    const following = new Map<string, () => void>();

    const send = (serialized: string) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(serialized);
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
          send(JSON.stringify({ topic, type: 'error', message: 'Unknown topic.' }));
          return;
        }
        send(JSON.stringify(snapshot));
      } catch (error) {
        this.log.warn({ err: error, topic }, 'realtime: a snapshot failed');
        unfollow(topic);
        send(JSON.stringify({ topic, type: 'error', message: 'Try again later.' }));
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
    });
    for (const topic of initialTopics) void follow(topic);
  }

  close(): void {
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
