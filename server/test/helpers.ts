import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { createDb, type DbHandle } from '../db/client';

/**
 * A database of its own for the calling test file: a clone of the migrated template, dropped after
 * the file's tests. Call at module level or in beforeAll.
 */
export async function createTestDatabase(): Promise<DbHandle & { url: string }> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const template = inject('testDatabaseTemplate');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDb(url.toString(), { max: 5 });
  afterAll(async () => {
    await handle.pool.end();
    await withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
    );
  });
  return { ...handle, url: url.toString() };
}

/**
 * Config as the server would load it from an empty environment in test mode, with overrides. Tests run as
 * if behind one proxy on loopback (`app.inject` connects from 127.0.0.1), so a test client's
 * X-Forwarded-For is its address (server/test/accounts.ts); pass `TRUST_PROXY: undefined` for the
 * default of trusting nobody.
 */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', ...env });
}

/**
 * A built app (not listening; use `app.inject`) on a fresh test database. `prepare` may register
 * test-only routes before the app is ready. The crash engine (and its routes) only with `crash` or
 * `env.CRASH_ENGINE`.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string | undefined>;
    prepare?: (app: App) => void;
  } & Pick<BuildAppOptions, 'clock' | 'senders' | 'captcha' | 'crash' | 'rooms'> = {},
): Promise<{ app: App; db: DbHandle['db']; pool: pg.Pool; config: Config }> {
  const { db, pool } = await createTestDatabase();
  const config = testConfig(options.env);
  const app = buildApp({
    db,
    config,
    logger: false,
    clock: options.clock,
    senders: options.senders,
    captcha: options.captcha,
    // No crash rounds unless the test asks (CRASH_ENGINE or `crash`): a seeded database has a playable
    // chain, and rounds played beside a test only load the machine.
    crash: options.crash ?? (options.env?.CRASH_ENGINE === undefined ? false : undefined),
    rooms: options.rooms,
  });
  options.prepare?.(app);
  await app.ready();
  afterAll(() => app.close());
  return { app, db, pool, config };
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
