/**
 * The realtime layer's events (DESIGN.md "Realtime"): modules publish what changed on a topic (`crash`,
 * `feed`, `rooms:red:RUB`, …) and every socket subscribed to it, in every API process, gets it. Money and
 * outcomes are in PostgreSQL before an event is published; events only carry news of them.
 *
 * In one process the bus is memory (`MemoryBus`); with `REDIS_URL` it goes through Redis pub/sub, so N
 * processes behind a load balancer deliver the same events in the same order (redis-bus.ts).
 */

/** An event: its topic, its type, and the type's fields. Sent to sockets as this JSON object. */
export interface RealtimeMessage {
  topic: string;
  type: string;
  [field: string]: unknown;
}

/** Gets each event once, with its JSON text (serialised once for every socket). */
export type BusListener = (message: RealtimeMessage, serialized: string) => void;

export interface RealtimeBus {
  /** Delivers the event to this process's listeners of its topic and, with Redis, every other process's. */
  publish(message: RealtimeMessage): void;
  subscribe(topic: string, listener: BusListener): () => void;
  /** Listeners in this process (all topics, or one). */
  listenerCount(topic?: string): number;
  /**
   * Resolves once this process receives what is published (Redis: its subscription is in place), so a
   * module that must see its own events waits for it before it publishes. Absent: at once.
   */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

/** Delivery to this process's listeners; the base of every bus. */
export class LocalListeners {
  private readonly byTopic = new Map<string, Set<BusListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  add(topic: string, listener: BusListener): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTopic.get(topic) === set) this.byTopic.delete(topic);
    };
  }

  deliver(message: RealtimeMessage, serialized: string): void {
    const set = this.byTopic.get(message.topic);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message, serialized);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  count(topic?: string): number {
    if (topic !== undefined) return this.byTopic.get(topic)?.size ?? 0;
    let total = 0;
    for (const set of this.byTopic.values()) total += set.size;
    return total;
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }
}

/** One process: events go straight to its listeners. */
export class MemoryBus implements RealtimeBus {
  private readonly local: LocalListeners;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.local = new LocalListeners(onListenerError);
  }

  publish(message: RealtimeMessage): void {
    this.local.deliver(message, JSON.stringify(message));
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.local.add(topic, listener);
  }

  listenerCount(topic?: string): number {
    return this.local.count(topic);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}
}
