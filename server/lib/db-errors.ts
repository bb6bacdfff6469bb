/** PostgreSQL's unique_violation, found on the error or (drizzle wraps driver errors) on its causes. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
}

/**
 * The database cannot be used right now: the pool's monitor found it unreachable or stalled, or no
 * connection could be had (refused, timed out, pool exhausted). Thrown by the pool (`server/db/pool.ts`).
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(
    message: string,
    readonly kind: DatabaseFailureKind = 'unreachable',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** A query got no answer in time; its connection was closed (the server rolls its transaction back). */
export class QueryTimeoutError extends Error {
  readonly code = 'QUERY_TIMEOUT';
  constructor(message: string) {
    super(message);
    this.name = 'QueryTimeoutError';
  }
}

/**
 * Why a database failure is temporary, or null when it is not one:
 * - `unreachable`: no connection, a connection lost, the server not answering, shutting down or starting;
 * - `busy`: the server answered but gave up: statement timeout or cancel (57014), lock timeout (55P03),
 *   too many connections (53300), an idle transaction ended (25P03), or no free connection in the pool.
 * Deadlocks and serialization failures (40P01, 40001) are not here: the transaction runner retries them.
 */
export type DatabaseFailureKind = 'unreachable' | 'busy';

const UNREACHABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

const BUSY_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout, or a cancel request
  '55P03', // lock_not_available: lock_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of `pg` and `pg-pool` errors that carry no code. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'timeout expired', // pg's connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
];
const BUSY_MESSAGES = ['timeout exceeded when trying to connect'];

/** Classifies an error (or, since drizzle wraps driver errors, one of its causes); see DatabaseFailureKind. */
export function databaseFailureKind(error: unknown): DatabaseFailureKind | null {
  let found: DatabaseFailureKind | null = null;
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    const kind = ownKind(current);
    // A lost connection explains more than the timeout or cancel that may wrap it.
    if (kind === 'unreachable') return kind;
    found ??= kind;
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

function ownKind(error: unknown): DatabaseFailureKind | null {
  if (error instanceof DatabaseUnavailableError) return error.kind;
  if (error instanceof QueryTimeoutError) return 'unreachable';
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return 'unreachable';
    if (BUSY_SQLSTATES.has(code)) return 'busy';
  }
  if (typeof message === 'string') {
    if (UNREACHABLE_MESSAGES.some((m) => message.startsWith(m))) return 'unreachable';
    if (BUSY_MESSAGES.some((m) => message.startsWith(m))) return 'busy';
  }
  return null;
}
