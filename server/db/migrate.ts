import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { DbHandle } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant shared by every process that migrates this database. */
const MIGRATION_LOCK_KEY = 7_346_190_001;

/**
 * Applies pending migrations from `server/db/migrations`. A session advisory lock makes concurrent
 * starters (API server and admin CLI) take turns instead of racing on the same DDL.
 */
export async function migrateDatabase({ db, pool }: DbHandle): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
