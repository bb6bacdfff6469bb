import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { client, PASSWORD, signUpByEmail } from '../test/accounts';
import { createTestApp } from '../test/helpers';
import { hitRateLimit } from './rate-limit';

const { app, db, config } = await createTestApp();
// A second API instance on the same database.
const second = buildApp({ db, config, logger: false });
await second.ready();
afterAll(() => second.close());

const rule = { name: 'test', max: 3, windowMs: 60_000 };

describe('hitRateLimit', () => {
  it('allows max hits per window, then reports the seconds left, and starts over when the window ends', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await hitRateLimit(db, rule, 'alice', at(i * 10_000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ hits: 4, retryAfterSeconds: 30 });
    expect(await hitRateLimit(db, rule, 'bob', at(30_000))).toMatchObject({ allowed: true, hits: 1 });
    expect(await hitRateLimit(db, rule, 'alice', at(60_000))).toMatchObject({ allowed: true, hits: 1 });
  });

  it('counts parallel hits exactly', async () => {
    const now = new Date('2030-02-01T00:00:00Z');
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(db, rule, 'carol', now)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe('limits across API instances sharing the database', () => {
  it('counts the attempts of both: the 6th wrong password for one address gets 429 on either', async () => {
    const { email } = await signUpByEmail(app);
    const ip = '203.0.113.50';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const target = attempt % 2 === 0 ? app : second;
      const response = await client(target, ip).post('/api/v2/auth/login/email/password', {
        email,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(422);
    }
    const sixth = await client(second, ip).post('/api/v2/auth/login/email/password', {
      email,
      password: PASSWORD,
    });
    expect(sixth.statusCode).toBe(429);
  });
});

describe('RATE_LIMIT_ENABLED=false', async () => {
  const { app: unlimited } = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
  it('turns the limits off', async () => {
    const { email } = await signUpByEmail(unlimited);
    const ip = '203.0.113.51';
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await client(unlimited, ip).post('/api/v2/auth/login/email/password', {
        email,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(422);
    }
  });
});
