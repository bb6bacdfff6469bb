import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createPool, type CreatePoolOptions, type DatabaseMonitor } from './pool';
import * as schema from './schema';

export type Schema = typeof schema;

/** The application's database handle (drizzle over a pg Pool). */
export type Database = NodePgDatabase<Schema>;

/** A database handle or a transaction: what services and repositories take. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DbHandle {
  db: Database;
  pool: pg.Pool;
  /** Whether the database answers; see server/db/pool.ts. */
  monitor: DatabaseMonitor;
}

export interface CreateDbOptions extends Partial<Omit<CreatePoolOptions, 'max' | 'applicationName'>> {
  max?: number;
  applicationName?: string;
}

/**
 * A drizzle handle over a pool with the production timeouts (DEFAULT_DATABASE_TIMEOUTS unless
 * `timeouts` says otherwise), fast failure while the database is unreachable and self-healing; see
 * server/db/pool.ts.
 */
export function createDb(url: string, options: CreateDbOptions = {}): DbHandle {
  const { pool, monitor } = createPool(url, {
    ...options,
    max: options.max ?? 10,
    applicationName: options.applicationName ?? 'casino',
  });
  const db = drizzle({ client: pool, schema });
  return { db, pool, monitor };
}

/** The connection pool under a database (for the few statements that name and prepare their SQL). */
export function poolOf(db: Database): pg.Pool {
  return (db as Database & { $client: pg.Pool }).$client;
}
