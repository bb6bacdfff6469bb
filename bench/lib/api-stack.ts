/**
 * What the HTTP benchmarks stand on: the API server on a fresh embedded PostgreSQL (temp dir, free
 * port, migrated and seeded, like the server tests), listening on loopback, in this process. `close`
 * stops and removes everything.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type Database } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed';

export interface BenchApi {
  base: string;
  db: Database;
  /** The database address with its password masked, for the report. */
  databaseUrl: string;
  /** The database address itself, for a benchmark's own connections. */
  connectionUrl: string;
  close: () => Promise<void>;
}

export interface BenchApiOptions {
  poolMax: number;
  /** Loopback port of the API; 0 (default) picks a free one. */
  port?: number;
  /** Configuration variables over the bench's own (NODE_ENV test, silent log, X-Forwarded-For from loopback). */
  env?: Record<string, string>;
}

export async function startBenchApi({ poolMax, port = 0, env = {} }: BenchApiOptions): Promise<BenchApi> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'casino-bench-pg-'));
  await fs.chmod(root, 0o755);
  const quiet = () => undefined;
  const embedded = await startEmbeddedPostgres({
    dataDir: root,
    port: 0,
    database: 'casino_bench',
    ephemeral: true,
    log: { debug: quiet, info: quiet, warn: console.warn, error: console.error },
  });
  const handle = createDb(embedded.url, { max: poolMax });
  // The players' X-Forwarded-For (each its own address) is believed from loopback, as behind a local proxy.
  // DATA_DIR is the throw-away directory: nothing (a development JWT secret) lands in the repository's .data.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: root,
    ...env,
  });
  const app = buildApp({ db: handle.db, config, logger: false });
  const close = async () => {
    await app.close();
    await handle.pool.end();
    await embedded.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    const base = await app.listen({ host: '127.0.0.1', port });
    return {
      base,
      db: handle.db,
      databaseUrl: embedded.url.replace(/:[^:@/]+@/, ':***@'),
      connectionUrl: embedded.url,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The p-th percentile (0–100) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
