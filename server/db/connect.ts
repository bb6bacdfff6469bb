import type { Config } from '../config';
import { createDb, type DbHandle } from './client';
import { startEmbeddedPostgres, type EmbeddedLog } from './embedded';
import { migrateDatabase } from './migrate';
import { databaseTimeoutsFromEnv, UNLIMITED_STATEMENTS, type DatabaseTimeouts } from './pool';

/** `application_name` of the API server's connections. */
export const API_APPLICATION_NAME = 'casino-api';

export interface OpenDatabase extends DbHandle {
  /** Where the data lives, for logs: the URL without its password. */
  description: string;
  /** Ends the pool, then stops the embedded PostgreSQL if this process owns it. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  log: EmbeddedLog;
  /**
   * `server`: the API server, which owns the embedded PostgreSQL it starts or finds orphaned.
   * `client`: a short-lived tool (the admin CLI) that reuses a running PostgreSQL and leaves it running.
   */
  role: 'server' | 'client';
  /** Called when the embedded PostgreSQL dies under us. */
  onDatabaseExit?: (reason: string) => void;
  /**
   * Default: from the DB_*_TIMEOUT_MS variables (server/db/pool.ts). The operator CLI (`client`) keeps
   * only the connection timeouts: its reports and prunes may run long.
   */
  timeouts?: DatabaseTimeouts;
}

/**
 * Connects the way every process of the product does: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL under DATA_DIR (started, or reused when already running). Applies pending migrations.
 */
export async function openDatabase(config: Config, options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const timeouts = options.timeouts ?? databaseTimeoutsFromEnv();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        log: options.log,
        adoptOrphaned: options.role === 'server',
        onUnexpectedExit: options.onDatabaseExit,
      });
  const url = embedded?.url ?? config.databaseUrl ?? '';
  const log = { info: (m: string) => options.log.info(m), error: (m: string) => options.log.error(m) };
  const handle =
    options.role === 'server'
      ? createDb(url, { max: 10, applicationName: API_APPLICATION_NAME, timeouts, log })
      : createDb(url, {
          max: 2,
          applicationName: 'casino-admin',
          timeouts: { ...timeouts, ...UNLIMITED_STATEMENTS },
          log,
        });
  const close = async () => {
    // A tool that started the embedded PostgreSQL leaves it running if an API server has attached to it
    // meanwhile; that server (or the next one to start) then owns it.
    const keep = embedded?.owned === true && options.role === 'client' && (await apiServerConnected(handle));
    await handle.pool.end().catch(() => undefined);
    if (keep) {
      options.log.info('Leaving the embedded PostgreSQL running: an API server is connected to it');
      embedded?.release();
    } else {
      await embedded?.stop();
    }
  };
  try {
    // DDL may run long on a big database, and a concurrent migrator's lock is waited for: no limits.
    const migrator = createDb(url, {
      max: 2,
      applicationName: 'casino-migrate',
      timeouts: { ...timeouts, ...UNLIMITED_STATEMENTS },
    });
    try {
      await migrateDatabase(migrator);
    } finally {
      await migrator.pool.end().catch(() => undefined);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { ...handle, description: redact(url), close };
}

async function apiServerConnected({ pool }: DbHandle): Promise<boolean> {
  const result = await pool
    .query<{
      n: number;
    }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
      [API_APPLICATION_NAME],
    )
    .catch(() => undefined);
  return (result?.rows[0]?.n ?? 0) > 0;
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
