/**
 * The audit log (issue 15): `recordAudit` writes one entry in the caller's transaction, so an action and
 * its entry are kept or lost together. Operator actions name the operator (`operatorActor`), a player's
 * own changes name the player (`playerActor`), jobs are `system`.
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, type AuditRow } from './schema';

export type { AuditRow };

export type Actor = `operator:${string}` | `player:${number}` | 'system';

export const operatorActor = (name: string): Actor => `operator:${name}`;
export const playerActor = (userId: number): Actor => `player:${userId}`;

export interface AuditEntry {
  actor: Actor;
  /** `<area>.<verb>`, lower case: `payout.approve`, `account.suspend`, `limits.set`, ... */
  action: string;
  subjectType: string;
  subjectId: string | number;
  userId?: number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  at: Date;
}

/** JSON for a jsonb column: bigint as a decimal string, Date as ISO, undefined dropped. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;
}

/** JSON text with object keys sorted: equal for equal states whatever order their keys were built in. */
function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, e]) => [k, sort(e)]),
          )
        : v;
  return JSON.stringify(sort(toJson(value)));
}

/** Whether two states are the same as the log would store them: a change to them is no change. */
export function sameState(before: unknown, after: unknown): boolean {
  return canonicalJson(before) === canonicalJson(after);
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    userId: entry.userId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
    reason: entry.reason ?? null,
  });
}

/** Entries, newest first, of one player or one subject; `beforeId` pages back. */
export function listAudit(
  db: Executor,
  filter: { userId?: number; subjectType?: string; subjectId?: string; beforeId?: number; limit: number },
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.userId !== undefined) where.push(eq(auditLog.userId, filter.userId));
  if (filter.subjectType !== undefined) where.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) where.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
