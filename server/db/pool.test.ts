import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { ConfigError } from '../config';
import { DatabaseUnavailableError, QueryTimeoutError, databaseFailureKind } from '../lib/db-errors';
import { api, fund, key, newPlayer } from '../modules/games/testing';
import { testConfig } from '../test/helpers';
import { startOwnPostgres } from '../test/own-postgres';
import { createDb, type CreateDbOptions, type DbHandle } from './client';
import { DEFAULT_DATABASE_TIMEOUTS, databaseTimeoutsFromEnv } from './pool';

// This file freezes and kills its own PostgreSQL; the shared test cluster is never touched.
const server = await startOwnPostgres('pool');

const apps: { app: App; handle: DbHandle }[] = [];
afterAll(async () => {
  for (const { app, handle } of apps) {
    await app.close();
    await handle.pool.end();
  }
});

async function startApp(options: CreateDbOptions & { url?: string } = {}) {
  const handle = createDb(options.url ?? server.url, options);
  const app = buildApp({ db: handle.db, config: testConfig(), logger: false });
  // Test-only routes: a slow statement, a row lock, a transaction that sleeps.
  app.get('/test/sleep', async (request) => {
    const { ms } = request.query as { ms: string };
    await handle.db.execute(sql`SELECT pg_sleep(${Number(ms) / 1000})`);
    return { slept: true };
  });
  app.get('/test/lock', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT * FROM pool_test_locks WHERE id = 1 FOR UPDATE`);
    });
    return { locked: true };
  });
  await app.ready();
  apps.push({ app, handle });
  return { app, ...handle };
}

const elapsed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
};

/** Polls `fn` until it answers `status`; returns how long that took. */
async function timeUntil(status: number, fn: () => Promise<{ statusCode: number }>, timeoutMs = 10_000) {
  const started = performance.now();
  for (;;) {
    const response = await fn();
    if (response.statusCode === status) return performance.now() - started;
    expect([503, status]).toContain(response.statusCode);
    if (performance.now() - started > timeoutMs) throw new Error(`no ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('databaseFailureKind', () => {
  it('classifies lost connections, timeouts and overload, and nothing else', () => {
    const pgError = (code: string) => Object.assign(new Error('x'), { code });
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    for (const error of [
      new DatabaseUnavailableError('down'),
      new QueryTimeoutError('slow'),
      pgError('57P01'),
      pgError('57P03'),
      pgError('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout expired'),
      wrapped(new Error('Connection terminated unexpectedly')),
      // A statement cancelled because its connection went away: the cause explains more.
      wrapped(Object.assign(pgError('57014'), { cause: pgError('ECONNRESET') })),
    ]) {
      expect(databaseFailureKind(error), String(error)).toBe('unreachable');
    }
    for (const error of [
      pgError('57014'),
      pgError('55P03'),
      pgError('53300'),
      pgError('25P03'),
      new Error('timeout exceeded when trying to connect'),
      wrapped(pgError('55P03')),
      new DatabaseUnavailableError('pool full', 'busy'),
    ]) {
      expect(databaseFailureKind(error), String(error)).toBe('busy');
    }
    for (const error of [
      pgError('23505'),
      pgError('40P01'),
      pgError('40001'),
      new Error('boom'),
      null,
      'x',
    ]) {
      expect(databaseFailureKind(error), String(error)).toBeNull();
    }
  });
});

describe('databaseTimeoutsFromEnv', () => {
  it('reads the DB_*_TIMEOUT_MS variables over the defaults and names every bad one', () => {
    expect(databaseTimeoutsFromEnv({})).toEqual(DEFAULT_DATABASE_TIMEOUTS);
    expect(
      databaseTimeoutsFromEnv({
        DB_STATEMENT_TIMEOUT_MS: '0',
        DB_LOCK_TIMEOUT_MS: ' 250 ',
        DB_CONNECT_TIMEOUT_MS: '',
      }),
    ).toEqual({ ...DEFAULT_DATABASE_TIMEOUTS, statementTimeoutMs: 0, lockTimeoutMs: 250 });
    let error: unknown;
    try {
      databaseTimeoutsFromEnv({ DB_CONNECT_TIMEOUT_MS: '0', DB_LOCK_TIMEOUT_MS: '1.5 s' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'DB_CONNECT_TIMEOUT_MS: expected a whole number of milliseconds of at least 100',
      'DB_LOCK_TIMEOUT_MS: expected a whole number of milliseconds (0: no limit)',
    ]);
  });

  it('sets the server-side limits on every connection', async () => {
    const { pool } = await startApp({ timeouts: { statementTimeoutMs: 4321, lockTimeoutMs: 1234 } });
    const { rows } = await pool.query(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock,
              current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(rows).toEqual([{ statement: '4321ms', lock: '1234ms', idle: '15s' }]);
  });
});

describe('a database that gives up on a statement', () => {
  it('answers 503 with Retry-After when a statement times out, and stays healthy', async () => {
    const { app } = await startApp({ timeouts: { statementTimeoutMs: 300 } });
    const { value: response, ms } = await elapsed(() => app.inject({ url: '/test/sleep?ms=5000' }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Service Unavailable' });
    expect(response.headers['retry-after']).toBe('1');
    expect(ms).toBeLessThan(2_000);
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', db: 'ok' });
    expect((await app.inject({ url: '/test/sleep?ms=10' })).statusCode).toBe(200);
  });

  it('answers 503 when a lock is not granted within the lock timeout', async () => {
    const { app, pool } = await startApp({ timeouts: { lockTimeoutMs: 300 } });
    await pool.query('CREATE TABLE IF NOT EXISTS pool_test_locks (id int PRIMARY KEY)');
    await pool.query('INSERT INTO pool_test_locks VALUES (1) ON CONFLICT DO NOTHING');
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM pool_test_locks WHERE id = 1 FOR UPDATE');
      const { value: response, ms } = await elapsed(() => app.inject({ url: '/test/lock' }));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(ms).toBeLessThan(2_000);
      await holder.query('COMMIT');
      expect((await app.inject({ url: '/test/lock' })).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  });
});

describe('a database that stalls (SIGSTOP) and comes back (SIGCONT)', () => {
  it('answers 503 fast while it is stopped and recovers by itself, with the default timeouts', async () => {
    const { app, db, pool, monitor } = await startApp({ max: 3 });
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const bet = () =>
      p.post('/dice/bet', { amount: 1, target: 50, direction: 'under', idempotency_key: key() });
    expect((await bet()).statusCode).toBe(200);

    server.freeze();
    let frozenFor = 0;
    try {
      const started = performance.now();
      // More transactions than the pool has connections, a read, and the health check, all in flight.
      const first = await Promise.all([
        ...Array.from({ length: 5 }, () => elapsed(bet)),
        elapsed(() => p.get('/profile/user')),
        elapsed(() => app.inject({ url: '/health' })),
      ]);
      for (const { value } of first) expect(value.statusCode, value.body).toBe(503);
      for (const { value } of first.slice(0, -1))
        expect(value.json()).toEqual({ message: 'Service Unavailable' });
      const slowest = Math.max(...first.map((r) => r.ms));
      // Noticed within STALL_SUSPECT_MS + the probe's connect timeout (1 s + 3 s by default).
      expect(slowest).toBeLessThan(6_000);
      expect(monitor.state).toBe('down');
      expect(first.at(-1)?.value.json()).toEqual({ status: 'error', db: 'down' });
      expect(first[0].value.headers['retry-after']).toBe('5');
      // Once known down, the answer is immediate.
      const later = await Promise.all(Array.from({ length: 5 }, () => elapsed(bet)));
      for (const { value } of later) expect(value.statusCode).toBe(503);
      const fastest = Math.max(...later.map((r) => r.ms));
      expect(fastest).toBeLessThan(1_000);
      console.info(
        `[pool] stalled: first 503s within ${Math.round(slowest)} ms, then within ${Math.round(fastest)} ms`,
      );
      frozenFor = performance.now() - started;
    } finally {
      server.thaw();
    }

    const recovery = await timeUntil(200, bet);
    console.info(
      `[pool] ${Math.round(frozenFor)} ms frozen; bets succeed again ${Math.round(recovery)} ms after SIGCONT`,
    );
    expect(recovery).toBeLessThan(3_000);
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', db: 'ok' });
    // No connection leaked by the transactions that failed while it was stopped (drizzle does not
    // release a connection whose BEGIN fails): the three-connection pool serves three at once again.
    const again = await Promise.all(Array.from({ length: 6 }, bet));
    expect(again.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });
});

describe('a killed connection', () => {
  it('fails the request it served with 503, does not crash the process, and the next requests succeed', async () => {
    const { app, db, pool } = await startApp({ applicationName: 'pool-test-kill', max: 3 });
    const player = await newPlayer(app, db, 0);
    await fund(db, player.id, 'RUB', 100);
    const p = api(app, player.token);
    const inFlight = app.inject({ url: '/test/sleep?ms=3000' });
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      // Wait for the sleeping query, then terminate every connection of this app (busy and idle).
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%pg_sleep%' AND application_name = 'pool-test-kill'`,
              )
            ).rowCount,
        )
        .toBe(1);
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pool-test-kill'`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    const response = await inFlight;
    expect(response.statusCode).toBe(503);
    const recovery = await timeUntil(200, () =>
      p.post('/dice/bet', { amount: 1, target: 50, direction: 'under', idempotency_key: key() }),
    );
    expect(recovery).toBeLessThan(2_000);
    expect((await p.get('/profile/user')).statusCode).toBe(200);
    expect(pool.totalCount).toBeLessThanOrEqual(3);
  });

  it('never hands out a connection left inside an open transaction', async () => {
    const { pool } = await startApp({ max: 1 });
    const client = await pool.connect();
    await client.query('BEGIN');
    const before = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    client.release();
    const next = await pool.connect();
    try {
      const { rows } = await next.query(
        'SELECT pg_backend_pid() AS pid, now() = statement_timestamp() AS fresh',
      );
      expect(rows[0].pid).not.toBe(before);
      expect(rows[0].fresh).toBe(true); // not inside a transaction started earlier
    } finally {
      next.release();
    }
  });
});

describe('a query the server refuses', () => {
  it('keeps its connection (pool.query asks to drop it), but drops one the server ended', async () => {
    const { pool } = await startApp({ max: 1 });
    const pid = async () => (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    const first = await pid();
    // An error the server answered, as a refused bet is (a RAISE with its own SQLSTATE), then a
    // constraint: the session goes on, so the same backend answers next.
    await expect(
      pool.query(`DO $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = 'CB300'; END $$`),
    ).rejects.toMatchObject({ code: 'CB300' });
    await expect(pool.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
    expect(await pid()).toBe(first);
    expect(pool.totalCount).toBe(1);
    // A backend ended by the server is not handed out again.
    await expect(pool.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toBeTruthy();
    expect(await pid()).not.toBe(first);
  });
});

describe('a database that does not listen', () => {
  it('answers 503 at once and reports itself down on /health', async () => {
    const port = await closedPort();
    const { app, monitor } = await startApp({ url: `postgres://nobody:x@127.0.0.1:${port}/none` });
    const { value: response, ms } = await elapsed(() => app.inject({ url: '/test/sleep?ms=1' }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Service Unavailable' });
    expect(ms).toBeLessThan(1_000);
    await expect.poll(() => monitor.state).toBe('down');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(503);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
