/** The realtime bus through a real Redis (redis-server started for this file). */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../test/redis-server';
import type { RealtimeMessage } from './bus';
import { REALTIME_CHANNEL, RedisBus } from './redis-bus';

const redis = await startRedisServer();
const warnings: unknown[] = [];
const log = { info: () => undefined, warn: (object: unknown) => void warnings.push(object) };
const buses: RedisBus[] = [];
const admin = new Redis(redis.url);
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  admin.disconnect();
});

async function openBus(): Promise<RedisBus> {
  const bus = new RedisBus(redis.url, log);
  buses.push(bus);
  await bus.ready();
  return bus;
}

function record(bus: RedisBus, topic: string) {
  const got: { message: RealtimeMessage; serialized: string }[] = [];
  bus.subscribe(topic, (message, serialized) => got.push({ message, serialized }));
  return got;
}

describe('the Redis bus', () => {
  it('delivers every event to every process in one order, the publisher included, serialised once', async () => {
    const [a, b] = [await openBus(), await openBus()];
    const seenByA = record(a, 'crash');
    const seenByB = record(b, 'crash');
    const feedOfB = record(b, 'feed');
    for (let i = 0; i < 50; i += 1) {
      (i % 2 === 0 ? a : b).publish({ topic: 'crash', type: 'tick', n: i });
      if (i % 10 === 0) a.publish({ topic: 'feed', type: 'bet', n: i });
    }
    await expect.poll(() => seenByA.length + seenByB.length, { timeout: 5_000 }).toBe(100);
    const order = (got: typeof seenByA) => got.map((event) => event.message.n);
    expect(order(seenByA)).toEqual(order(seenByB));
    expect(new Set(order(seenByA)).size).toBe(50);
    // Each process hands its listeners the text as it came, which is the event's JSON.
    expect(seenByB[0].serialized).toBe(JSON.stringify(seenByB[0].message));
    expect(feedOfB.map((event) => event.message.n)).toEqual([0, 10, 20, 30, 40]);
    expect(b.listenerCount('crash')).toBe(1);
    expect(b.listenerCount()).toBe(2);
  });

  it('ignores what is not an event and subscribes again after its connection is cut', async () => {
    const bus = await openBus();
    const got = record(bus, 'crash');
    await admin.publish(REALTIME_CHANNEL, 'not json');
    await admin.publish(REALTIME_CHANNEL, JSON.stringify({ type: 'tick' }));
    // Cut every subscriber's connection: ioredis reconnects and subscribes again by itself.
    await admin.client('KILL', 'TYPE', 'pubsub');
    await expect
      .poll(
        async () => {
          bus.publish({ topic: 'crash', type: 'tick', again: true });
          return got.some((event) => event.message.again === true);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    expect(got.every((event) => event.message.topic === 'crash')).toBe(true);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('closes both of its connections, and publishing after close is a no-op', async () => {
    const bus = new RedisBus(redis.url, log);
    await bus.ready();
    const named = async () =>
      String(await admin.client('LIST'))
        .split('\n')
        .filter((line) => / name=casino-realtime/.test(line)).length;
    const before = await named();
    await bus.close();
    await expect.poll(named, { timeout: 5_000 }).toBe(before - 2);
    expect(() => bus.publish({ topic: 'crash', type: 'tick' })).not.toThrow();
  });
});
