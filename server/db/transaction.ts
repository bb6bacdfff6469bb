/**
 * The transaction runner of every money transaction (bets, rounds, case openings, payment webhooks,
 * bonus activation, cancellation and release, operator balance commands).
 *
 * PostgreSQL may abort a transaction that did nothing wrong: the deadlock detector picks a victim
 * (SQLSTATE 40P01) and a REPEATABLE READ or SERIALIZABLE transaction can lose a serialization check
 * (40001). Such a transaction is safe to run again from the start: it rolled back entirely, and every
 * money movement in it carries an idempotency key, so the second run cannot move money twice. The runner
 * does exactly that, a bounded number of times with a short jittered pause, and rethrows anything else
 * (and the last retryable error once the attempts are used up).
 *
 * Inside another transaction (a `tx` passed down), the runner opens a savepoint and does not retry: a
 * deadlock aborts the whole outer transaction, so only the outermost runner can run it again.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** SQLSTATEs of a transaction PostgreSQL aborted that may succeed when run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** How many times a money transaction runs at most (the first run included). */
export const MONEY_TRANSACTION_ATTEMPTS = 4;
/** The pause before retry n (1, 2, …) is a random time in [0, min(BASE × 2^(n−1), MAX)] ms. */
export const RETRY_BASE_DELAY_MS = 10;
export const RETRY_MAX_DELAY_MS = 200;

export interface TransactionOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** For tests: the pause and the random source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called before each retry with the error that aborted the attempt. */
  onRetry?: (info: { attempt: number; code: string; delayMs: number }) => void;
}

/** The SQLSTATE of a retryable abort on the error or (drizzle wraps driver errors) its causes; else null. */
export function retryableSqlState(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Transactions run again in this process since it started (all runners): a number to watch. */
export const transactionRetries = { count: 0 };

const isTransaction = (db: Executor): boolean => db instanceof PgTransaction;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `body` in a transaction of `db`, running it again when PostgreSQL aborted it with a deadlock or a
 * serialization failure (see the module comment). `body` must be safe to repeat: its reads are redone
 * and its writes were rolled back, so only effects outside the database would happen twice.
 */
export async function runTransaction<T>(
  db: Executor,
  body: (tx: Executor) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (isTransaction(db)) return db.transaction(body);
  const attempts = Math.max(1, options.attempts ?? MONEY_TRANSACTION_ATTEMPTS);
  const base = options.baseDelayMs ?? RETRY_BASE_DELAY_MS;
  const max = options.maxDelayMs ?? RETRY_MAX_DELAY_MS;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(body);
    } catch (error) {
      const code = retryableSqlState(error);
      if (code === null || attempt >= attempts) throw error;
      const delayMs = Math.round(random() * Math.min(base * 2 ** (attempt - 1), max));
      transactionRetries.count += 1;
      options.onRetry?.({ attempt, code, delayMs });
      await sleep(delayMs);
    }
  }
}
