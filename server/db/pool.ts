/**
 * The `pg` pool every process uses, made to fail fast and heal by itself when PostgreSQL stalls, restarts
 * or goes away, instead of hanging requests:
 *
 * - Timeouts (DatabaseTimeouts): opening a connection, waiting for a free one, and on the server
 *   `statement_timeout`, `lock_timeout` and `idle_in_transaction_session_timeout`; TCP keep-alive.
 * - A client-side limit on every query (the statement timeout plus a margin): a query the server does not
 *   answer in time ends its connection, so the server rolls its transaction back. (`pg`'s own
 *   `query_timeout` is not used: it leaves a timed-out query running on a connection that goes back to
 *   the pool, and the next user of that connection can end up inside the abandoned transaction.)
 * - A monitor: a query unanswered for STALL_SUSPECT_MS, a lost connection or a failed connect makes it
 *   check the server on a fresh connection. When that check fails the database is `down`: the
 *   connections of the queries in flight are ended (they fail at once instead of waiting for their
 *   timeouts), waiting and new requests for a connection fail at once with DatabaseUnavailableError, and
 *   the check repeats every PROBE_INTERVAL_MS until the server answers again (`up`).
 * - A connection that errors while checked out is given back (and dropped) by the pool itself, so a
 *   caller that never releases it (drizzle when BEGIN fails) cannot leak it, and its error event cannot
 *   crash the process. A connection released inside an open transaction is dropped, never reused;
 *   one whose query the server merely refused (an SQL error) is kept, though pg-pool's `pool.query`
 *   asks to drop it.
 */
import pg from 'pg';
import { ConfigError } from '../config';
import { DatabaseUnavailableError, QueryTimeoutError, databaseFailureKind } from '../lib/db-errors';

export interface DatabaseTimeouts {
  /** Opening a connection (TCP, TLS, authentication). */
  connectTimeoutMs: number;
  /** Waiting for a free connection when the pool is full. */
  acquireTimeoutMs: number;
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014). 0: no limit. */
  statementTimeoutMs: number;
  /** Server side: a statement waiting longer for a lock fails (55P03). 0: no limit. */
  lockTimeoutMs: number;
  /** Server side: a session idle inside a transaction this long is ended (25P03). 0: no limit. */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 3_000,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 15_000,
};

/** No server-side limits (migrations, the operator CLI): only the connection ones. */
export const UNLIMITED_STATEMENTS: Pick<
  DatabaseTimeouts,
  'statementTimeoutMs' | 'lockTimeoutMs' | 'idleInTransactionTimeoutMs'
> = { statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTransactionTimeoutMs: 0 };

/** The client-side limit of a query is the statement timeout plus this margin (the server acts first). */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;
/** A query unanswered this long makes the monitor check that the server still answers. */
export const STALL_SUSPECT_MS = 1_000;
/** While the database is down, how often the monitor tries to reach it. */
export const PROBE_INTERVAL_MS = 500;
/** While it is up, the monitor checks at most once per this period however many queries are slow. */
const PROBE_COOLDOWN_MS = 1_000;

export interface PoolLog {
  info(message: string): void;
  error(message: string): void;
}

export interface CreatePoolOptions {
  max: number;
  applicationName: string;
  timeouts?: Partial<DatabaseTimeouts>;
  /** Client-side limit of one query. Default: statement timeout + QUERY_TIMEOUT_MARGIN_MS; 0 when that is 0. */
  queryTimeoutMs?: number;
  stallSuspectMs?: number;
  probeIntervalMs?: number;
  /** Transitions of the monitor (down, up again). */
  log?: PoolLog;
}

export type DatabaseState = 'up' | 'down';

export interface DatabaseMonitor {
  readonly state: DatabaseState;
  /** When it went down (ms since the epoch), or null while up. */
  readonly downSince: number | null;
  /** Why the last check failed, or null. */
  readonly lastError: Error | null;
  /** Checks the server now (on a fresh connection) and returns the resulting state. */
  check(): Promise<DatabaseState>;
}

const monitors = new WeakMap<object, DatabaseMonitor>();

/** The monitor of a pool made by createPool (drizzle's `db.$client`), if it is one. */
export function monitorOf(pool: unknown): DatabaseMonitor | undefined {
  return typeof pool === 'object' && pool !== null ? monitors.get(pool) : undefined;
}

export function createPool(
  url: string,
  options: CreatePoolOptions,
): { pool: pg.Pool; monitor: DatabaseMonitor } {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  const queryTimeoutMs =
    options.queryTimeoutMs ??
    (timeouts.statementTimeoutMs > 0 ? timeouts.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : 0);
  const connectTimeoutMs = timeouts.connectTimeoutMs;

  // pg-pool hands its own options (where connectionTimeoutMillis is the wait for a free connection) to
  // each client; a client's connect gets the shorter connect timeout.
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    Client: TimedClient,
    connectionTimeoutMillis: timeouts.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
    ...(timeouts.lockTimeoutMs > 0 ? { lock_timeout: timeouts.lockTimeoutMs } : {}),
    ...(timeouts.idleInTransactionTimeoutMs > 0
      ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs }
      : {}),
  });

  const monitor = new Monitor({
    probe: () => probeDatabase(url, `${options.applicationName}-probe`, connectTimeoutMs),
    probeIntervalMs: options.probeIntervalMs ?? PROBE_INTERVAL_MS,
    log: options.log,
  });
  const stallSuspectMs = options.stallSuspectMs ?? STALL_SUSPECT_MS;

  const states = new WeakMap<pg.PoolClient, ClientState>();

  const breakClient = (client: pg.PoolClient, error: Error) => {
    const state = states.get(client);
    if (!state || state.broken) return;
    state.broken = error;
    for (const query of [...state.queries]) query.fail(error);
    destroyConnection(client);
    if (state.checkedOut) state.release?.(error);
  };
  monitor.onDown = () => {
    const error = monitor.unavailableError();
    // The queries in flight will not be answered: fail them now (their connections are closed, so the
    // server rolls their transactions back when it wakes up).
    for (const query of [...monitor.queries]) breakClient(query.client, error);
    for (const waiter of [...waiters]) waiter.fail(error);
  };

  pool.on('connect', (client) => {
    const state: ClientState = { checkedOut: false, broken: null, queries: new Set() };
    states.set(client, state);
    client.on('error', (error: Error) => {
      breakClient(client, error);
      monitor.suspect();
    });
    guardQueries(client, state, {
      queryTimeoutMs,
      stallSuspectMs,
      monitor,
      onTimeout: (error) => {
        breakClient(client, error);
        monitor.suspect();
      },
    });
  });
  // An idle connection that dies (server restart, terminated backend) is dropped by the pool; the pool
  // then emits this event, which must not go unhandled.
  pool.on('error', () => monitor.suspect());

  interface Waiter {
    fail(error: Error): void;
  }
  const waiters = new Set<Waiter>();
  const poolConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const acquire = (): Promise<pg.PoolClient> => {
    if (monitor.state === 'down') return Promise.reject(monitor.unavailableError());
    return new Promise<pg.PoolClient>((resolve, reject) => {
      let settled = false;
      const waiter: Waiter = {
        fail(error) {
          if (settled) return;
          settled = true;
          waiters.delete(waiter);
          reject(error);
        },
      };
      waiters.add(waiter);
      poolConnect().then(
        (client) => {
          waiters.delete(waiter);
          if (settled) {
            client.release();
            return;
          }
          settled = true;
          const state = states.get(client);
          if (state) {
            state.checkedOut = true;
            const poolRelease = client.release.bind(client);
            state.release = (error?: Error | boolean) => {
              if (!state.checkedOut) return;
              state.checkedOut = false;
              // Never hand the next caller a connection inside someone else's transaction.
              const status = (
                client as { getTransactionStatus?: () => string | null }
              ).getTransactionStatus?.();
              const unusable =
                state.broken ??
                (status === 'T' || status === 'E'
                  ? new Error('released inside an open transaction')
                  : undefined);
              // pg-pool's own `pool.query` hands back the error of every failed query, which would
              // drop the connection: an error the server answered (a constraint, a refused bet, a
              // cancelled statement) leaves the connection as usable as before, and dropping it costs
              // a new backend (a fork and a log-in) per refusal; under load that churn alone can bring
              // the database to its knees. Only a connection that is broken, left inside a
              // transaction or ended by the server (FATAL) is dropped.
              poolRelease(unusable ?? (answeredOnly(error) ? undefined : error));
            };
            client.release = state.release;
          }
          resolve(client);
        },
        (error: Error) => {
          const kind = databaseFailureKind(error) ?? 'unreachable';
          if (kind === 'unreachable') monitor.suspect();
          waiter.fail(
            new DatabaseUnavailableError(`No database connection: ${error.message}`, kind, { cause: error }),
          );
        },
      );
    });
  };
  Object.assign(pool, {
    connect(callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) {
      const acquired = acquire();
      if (!callback) return acquired;
      acquired.then(
        (client) => callback(undefined, client, () => client.release()),
        (error: Error) => callback(error),
      );
      return undefined;
    },
  });
  const poolEnd = pool.end.bind(pool);
  Object.assign(pool, {
    end() {
      monitor.close();
      return poolEnd();
    },
  });

  monitors.set(pool, monitor);
  return { pool, monitor };
}

/** An error the server answered while the session goes on (not FATAL/PANIC, which end it). */
function answeredOnly(error: Error | boolean | undefined): boolean {
  return error instanceof pg.DatabaseError && error.severity !== 'FATAL' && error.severity !== 'PANIC';
}

interface ClientState {
  checkedOut: boolean;
  /** The pool's release of the current checkout, wrapped (idempotent, drops unusable connections). */
  release?: (error?: Error | boolean) => void;
  /** Why this connection must not be used any more. */
  broken: Error | null;
  queries: Set<PendingQuery>;
}

interface PendingQuery {
  client: pg.PoolClient;
  fail(error: Error): void;
}

type Callback = (error: Error | undefined, result?: unknown) => void;

/**
 * Wraps `client.query` (the promise and the callback forms; drizzle uses the first, pg-pool's
 * `pool.query` the second): a query unanswered for `stallSuspectMs` makes the monitor check the server;
 * one unanswered for `queryTimeoutMs` fails with QueryTimeoutError and ends the connection. A query on a
 * broken connection, or while the database is down, fails at once.
 */
function guardQueries(
  client: pg.PoolClient,
  state: ClientState,
  options: {
    queryTimeoutMs: number;
    stallSuspectMs: number;
    monitor: Monitor;
    onTimeout: (error: Error) => void;
  },
): void {
  const { monitor } = options;
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const first = args[0] as { submit?: unknown } | undefined;
    // Submittables (pg-cursor, pg-query-stream) manage their own life; none of the app's code uses them.
    if (first && typeof first === 'object' && typeof first.submit === 'function') return original(...args);
    const callbackIndex = args.findIndex((arg) => typeof arg === 'function');
    const callback = callbackIndex >= 0 ? (args[callbackIndex] as Callback) : undefined;
    const callArgs = callbackIndex >= 0 ? args.slice(0, callbackIndex) : args;

    let result: Promise<unknown>;
    if (state.broken || monitor.state === 'down') {
      const error = state.broken ?? monitor.unavailableError();
      // Not sent: if a transaction is open on this connection it must not be reused.
      if (!state.broken) options.onTimeout(error);
      result = Promise.reject(error);
    } else {
      result = new Promise<unknown>((resolve, reject) => {
        let done = false;
        let timer: NodeJS.Timeout | undefined;
        const query: PendingQuery = { client, fail: (error) => finish(error) };
        const finish = (error: Error | undefined, value?: unknown) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          state.queries.delete(query);
          monitor.queries.delete(query);
          if (error) reject(error);
          else resolve(value);
        };
        state.queries.add(query);
        monitor.queries.add(query);
        const { queryTimeoutMs, stallSuspectMs } = options;
        const timeOut = () =>
          options.onTimeout(
            new QueryTimeoutError(`The database did not answer a query within ${queryTimeoutMs} ms`),
          );
        if (stallSuspectMs > 0 && (queryTimeoutMs === 0 || stallSuspectMs < queryTimeoutMs)) {
          timer = setTimeout(() => {
            monitor.suspect();
            if (queryTimeoutMs > 0) timer = unref(setTimeout(timeOut, queryTimeoutMs - stallSuspectMs));
          }, stallSuspectMs);
        } else if (queryTimeoutMs > 0) {
          timer = setTimeout(timeOut, queryTimeoutMs);
        }
        unref(timer);
        try {
          (original(...callArgs) as Promise<unknown>).then(
            (value) => finish(undefined, value),
            (error: Error) => finish(error),
          );
        } catch (error) {
          finish(error as Error);
        }
      });
    }
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  Object.assign(client, { query: guarded });
}

class Monitor implements DatabaseMonitor {
  state: DatabaseState = 'up';
  downSince: number | null = null;
  lastError: Error | null = null;
  /** Every query in flight on the pool's connections. */
  readonly queries = new Set<PendingQuery>();
  onDown: () => void = () => undefined;
  private probing: Promise<DatabaseState> | undefined;
  private lastProbeAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: {
      probe: () => Promise<void>;
      probeIntervalMs: number;
      log?: PoolLog;
    },
  ) {}

  unavailableError(): DatabaseUnavailableError {
    const since = this.downSince === null ? 0 : Math.round((Date.now() - this.downSince) / 100) / 10;
    return new DatabaseUnavailableError(
      `The database is unreachable (for ${since} s): ${this.lastError?.message ?? 'no answer'}`,
      'unreachable',
      { cause: this.lastError ?? undefined },
    );
  }

  /** Something looked wrong: check the server (at most once per PROBE_COOLDOWN_MS while up). */
  suspect(): void {
    if (this.closed || this.probing || this.state === 'down') return;
    if (Date.now() - this.lastProbeAt < PROBE_COOLDOWN_MS) return;
    void this.check();
  }

  check(): Promise<DatabaseState> {
    this.probing ??= this.runProbe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
  }

  private async runProbe(): Promise<DatabaseState> {
    this.lastProbeAt = Date.now();
    try {
      await this.options.probe();
      if (this.state === 'down' && !this.closed) {
        const seconds = ((Date.now() - (this.downSince ?? Date.now())) / 1000).toFixed(1);
        this.options.log?.info(`The database answers again (it was unreachable for ${seconds} s)`);
      }
      this.state = 'up';
      this.downSince = null;
      this.lastError = null;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      // A server that refuses a connection for being full (53300) or a password still answers.
      if (databaseFailureKind(failure) === 'unreachable' && !this.closed) {
        this.lastError = failure;
        if (this.state === 'up') {
          this.state = 'down';
          this.downSince = Date.now();
          this.options.log?.error(`The database is unreachable: ${failure.message}`);
          this.onDown();
        }
      }
    }
    if (this.state === 'down' && !this.closed) {
      clearTimeout(this.retryTimer);
      this.retryTimer = unref(setTimeout(() => void this.check(), this.options.probeIntervalMs));
    }
    return this.state;
  }
}

/** Connects on a fresh connection and runs `SELECT 1` within `timeoutMs`; rejects otherwise. */
async function probeDatabase(url: string, applicationName: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: timeoutMs,
  });
  client.on('error', () => undefined);
  const timer = unref(
    setTimeout(() => {
      destroyConnection(client, new QueryTimeoutError(`The database did not answer within ${timeoutMs} ms`));
    }, timeoutMs),
  );
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => undefined);
  }
}

function destroyConnection(client: pg.ClientBase, error?: Error): void {
  (client as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream?.destroy(
    error,
  );
}

function unref<T extends NodeJS.Timeout | undefined>(timer: T): T {
  timer?.unref();
  return timer;
}

/** The environment variables of DatabaseTimeouts; unset or empty ones take DEFAULT_DATABASE_TIMEOUTS. */
export const DATABASE_TIMEOUT_VARIABLES: Record<keyof DatabaseTimeouts, string> = {
  connectTimeoutMs: 'DB_CONNECT_TIMEOUT_MS',
  acquireTimeoutMs: 'DB_ACQUIRE_TIMEOUT_MS',
  statementTimeoutMs: 'DB_STATEMENT_TIMEOUT_MS',
  lockTimeoutMs: 'DB_LOCK_TIMEOUT_MS',
  idleInTransactionTimeoutMs: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
};

/**
 * DatabaseTimeouts from DB_CONNECT_TIMEOUT_MS, DB_ACQUIRE_TIMEOUT_MS (both at least 100),
 * DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS and DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (0: no limit), in
 * milliseconds. Throws ConfigError naming every bad variable.
 */
export function databaseTimeoutsFromEnv(
  env: Record<string, string | undefined> = process.env,
): DatabaseTimeouts {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS };
  const problems: string[] = [];
  for (const [key, name] of Object.entries(DATABASE_TIMEOUT_VARIABLES) as [
    keyof DatabaseTimeouts,
    string,
  ][]) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const min = key === 'connectTimeoutMs' || key === 'acquireTimeoutMs' ? 100 : 0;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > 2_147_483_647) {
      problems.push(
        `${name}: expected a whole number of milliseconds${min ? ` of at least ${min}` : ' (0: no limit)'}`,
      );
      continue;
    }
    timeouts[key] = Number(raw);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return timeouts;
}
