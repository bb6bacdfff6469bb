import type { Database } from '../../db/client';
import { monitorOf } from '../../db/pool';
import * as repository from './repository';

const DB_CHECK_TIMEOUT_MS = 2_000;

export type DatabaseCheck = { ok: true } | { ok: false; error: unknown };

/**
 * Whether the database answers: down at once while the pool's monitor knows it unreachable
 * (server/db/pool.ts), otherwise when `SELECT 1` fails or takes longer than 2 s.
 */
export async function checkDatabase(db: Database): Promise<DatabaseCheck> {
  const monitor = monitorOf((db as { $client?: unknown }).$client);
  if (monitor?.state === 'down') return { ok: false, error: monitor.lastError };
  try {
    await withTimeout(repository.ping(db), DB_CHECK_TIMEOUT_MS);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
