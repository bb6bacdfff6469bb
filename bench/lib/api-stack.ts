/**
 * What the HTTP benchmarks stand on: the API server on a fresh embedded PostgreSQL (temp dir, free
 * port, migrated and seeded, like the server tests), listening on loopback. `close` stops and removes
 * everything.
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
  close: () => Promise<void>;
}

export async function startBenchApi({ poolMax }: { poolMax: number }): Promise<BenchApi> {
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
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
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
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    return { base, db: handle.db, databaseUrl: embedded.url.replace(/:[^:@/]+@/, ':***@'), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The p-th percentile (0–100) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
