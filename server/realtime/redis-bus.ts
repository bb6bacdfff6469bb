/**
 * The realtime bus through Redis pub/sub (`REDIS_URL`, DESIGN.md "Realtime"): N API processes behind a load
 * balancer deliver the same events in the same order.
 *
 * One channel, `casino:realtime`, carries every topic: the message is the event's JSON text with its
 * topic inside, serialised once by the publisher and handed as is to every socket of every process. A
 * publisher does not deliver to its own listeners directly: it gets its events back from its subscription
 * like every other process, so all of them see one order (the order Redis received them in). One channel
 * rather than one per topic because a socket that starts following a topic must get every event published
 * after its snapshot (socket.ts): a per-topic SUBSCRIBE would be a round trip during which events are lost,
 * while the one channel is subscribed once, before anything is published. The price, every process
 * receiving every topic, is none behind a load balancer, where each process has listeners of each topic.
 *
 * Two connections (a subscribed Redis connection takes no other command): `client` publishes and serves
 * other commands (the crash leader lease, realtime/lease.ts); the other only listens. ioredis reconnects
 * both and subscribes again by itself; errors are logged, never thrown at the publisher. Events published
 * while Redis is away wait in ioredis's queue and go out when it is back (or fail, logged, after its
 * retries); a follower that missed events catches up from PostgreSQL (crash/engine.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { LocalListeners, type BusListener, type RealtimeBus, type RealtimeMessage } from './bus';

export const REALTIME_CHANNEL = 'casino:realtime';

/** How long close() waits for Redis to take a QUIT before it drops the connection. */
const QUIT_TIMEOUT_MS = 1_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export class RedisBus implements RealtimeBus {
  /** The connection for commands: publishing, and the leases (it never subscribes). */
  readonly client: Redis;
  private readonly subscriber: Redis;
  private readonly local: LocalListeners;
  private readonly subscribed: Promise<void>;
  private closed = false;

  constructor(
    url: string,
    private readonly log: Log,
    private readonly channel: string = REALTIME_CHANNEL,
  ) {
    this.local = new LocalListeners((error) => log.warn({ err: error }, 'realtime: a listener failed'));
    this.client = new Redis(url, { connectionName: 'casino-realtime' });
    this.subscriber = new Redis(url, { connectionName: 'casino-realtime-subscriber' });
    watch(this.client, 'commands', log);
    watch(this.subscriber, 'subscriber', log);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => {
        // Only when the subscriber is closed before it could subscribe (ioredis retries otherwise).
        if (!this.closed) log.warn({ err: error }, 'realtime: could not subscribe to Redis');
      },
    );
  }

  publish(message: RealtimeMessage): void {
    if (this.closed) return;
    this.client.publish(this.channel, JSON.stringify(message)).catch((error: unknown) => {
      this.log.warn(
        { err: error, topic: message.topic, type: message.type },
        'realtime: an event was not published',
      );
    });
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.local.add(topic, listener);
  }

  listenerCount(topic?: string): number {
    return this.local.count(topic);
  }

  /** Resolves once the subscription is in place (ioredis retries while Redis does not answer). */
  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([quit(this.subscriber), quit(this.client)]);
  }

  private receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.log.warn({ length: text.length }, 'realtime: a message from Redis is not JSON; ignored');
      return;
    }
    if (
      typeof message !== 'object' ||
      message === null ||
      typeof (message as RealtimeMessage).topic !== 'string' ||
      typeof (message as RealtimeMessage).type !== 'string'
    ) {
      this.log.warn({}, 'realtime: a message from Redis has no topic or type; ignored');
      return;
    }
    this.local.deliver(message as RealtimeMessage, text);
  }
}

/** Logs a connection's failures once each (ioredis retries every few seconds) and its recovery. */
function watch(redis: Redis, role: string, log: Log): void {
  let lastError: string | null = null;
  redis.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    log.warn({ err: error, role }, 'realtime: Redis connection failed; retrying');
  });
  redis.on('ready', () => {
    if (lastError !== null) log.info({ role }, 'realtime: Redis connection back');
    lastError = null;
  });
}

/** QUIT when connected (pending replies come first), else drop the connection at once. */
async function quit(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      redis.quit().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  redis.disconnect();
}
