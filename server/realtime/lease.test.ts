/** The leader lease against a real Redis (redis-server started for this file), with a short TTL. */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../test/redis-server';
import { RedisLease } from './lease';

const redis = await startRedisServer();
const connections: Redis[] = [];
const leases: RedisLease[] = [];
afterAll(async () => {
  await Promise.all(leases.map((lease) => lease.close()));
  connections.forEach((connection) => connection.disconnect());
});

const TTL_MS = 600;
let keys = 0;

function connection(): Redis {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  connections.push(connection);
  return connection;
}

/** A contender with its own connection, and what happened to it, with times. */
function contender(key: string, redisConnection = connection()) {
  const lease = new RedisLease(redisConnection, {
    key,
    ttlMs: TTL_MS,
    renewMs: 200,
    retryMs: 50,
    marginMs: 120,
  });
  leases.push(lease);
  const events: { what: 'acquired' | 'lost'; at: number; reason?: string }[] = [];
  lease.start({
    acquired: () => events.push({ what: 'acquired', at: Date.now() }),
    lost: (reason) => events.push({ what: 'lost', at: Date.now(), reason }),
  });
  return { lease, events, redis: redisConnection };
}

const admin = connection();
const newKey = () => `test:lease:${(keys += 1)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the leader lease', () => {
  it('is held by one contender at a time and renewed by it, its token in the key', async () => {
    const key = newKey();
    const a = contender(key);
    await expect.poll(() => a.lease.held).toBe(true);
    const b = contender(key);
    // Several TTLs later A still holds it (renewed), B never got it.
    await sleep(TTL_MS * 3);
    expect(a.lease.held).toBe(true);
    expect(b.lease.held).toBe(false);
    expect(b.events).toEqual([]);
    expect(await admin.get(key)).toBe(a.lease.token);
    expect(a.lease.token).toContain(`:${process.pid}:`);
    expect(await admin.pttl(key)).toBeGreaterThan(0);
  });

  it('a holder that cannot renew stops before its key expires; the next takes it after', async () => {
    const key = newKey();
    const a = contender(key);
    await expect.poll(() => a.lease.held).toBe(true);
    const b = contender(key);
    // A's connection dies (as with a network cut): its renewals fail.
    a.redis.disconnect();
    const cutAt = Date.now();
    await expect.poll(() => b.lease.held, { timeout: TTL_MS * 4 }).toBe(true);
    const lost = a.events.find((event) => event.what === 'lost')!;
    const acquired = b.events.find((event) => event.what === 'acquired')!;
    expect(lost.reason).toBe('not renewed in time');
    expect(a.lease.held).toBe(false);
    // A stopped before B started, and B took over within about one TTL of the cut.
    expect(lost.at).toBeLessThan(acquired.at);
    expect(acquired.at - cutAt).toBeLessThan(TTL_MS + 300);
    expect(await admin.get(key)).toBe(b.lease.token);
  });

  it('a holder whose key another process got (it had expired) stops at its next renewal', async () => {
    const key = newKey();
    const a = contender(key);
    await expect.poll(() => a.lease.held).toBe(true);
    await admin.set(key, 'someone-else', 'PX', 10_000);
    await expect.poll(() => a.lease.held, { timeout: 1_000 }).toBe(false);
    expect(a.events.at(-1)).toMatchObject({
      what: 'lost',
      reason: 'another process holds it now (it had expired)',
    });
    // It is not deleted by the one who lost it.
    expect(await admin.get(key)).toBe('someone-else');
    await admin.del(key);
    await expect.poll(() => a.lease.held, { timeout: 1_000 }).toBe(true);
  });

  it('is given back on close, so the next contender takes it at its next try rather than after the TTL', async () => {
    const key = newKey();
    const a = contender(key);
    await expect.poll(() => a.lease.held).toBe(true);
    const b = contender(key);
    await sleep(100);
    const closedAt = Date.now();
    await a.lease.close();
    expect(a.lease.held).toBe(false);
    await expect.poll(() => b.lease.held, { timeout: TTL_MS }).toBe(true);
    expect(b.events[0].at - closedAt).toBeLessThan(TTL_MS / 2);
    // Closing a lease it does not hold leaves the holder's key alone.
    const c = contender(key);
    await c.lease.close();
    expect(await admin.get(key)).toBe(b.lease.token);
  });
});
