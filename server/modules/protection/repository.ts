import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/schema';
import { playerLimits } from './schema';

export interface StatusRow {
  accountStatus: string;
  excludedUntil: Date | null;
}

const statusColumns = { accountStatus: users.accountStatus, excludedUntil: users.excludedUntil };

export async function statusOf(db: Executor, userId: number): Promise<StatusRow | undefined> {
  const [row] = await db.select(statusColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** The player's status, their row locked until the transaction ends. */
export async function lockStatus(db: Executor, userId: number): Promise<StatusRow | undefined> {
  const [row] = await db.select(statusColumns).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function setStatus(
  db: Executor,
  userId: number,
  changes: {
    accountStatus: string;
    excludedUntil: Date | null;
    statusReason?: string | null;
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export type LimitRow = typeof playerLimits.$inferSelect;

export function limitsOf(db: Executor, userId: number): Promise<LimitRow[]> {
  return db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
}

export async function lockLimit(db: Executor, userId: number, kind: string): Promise<LimitRow | undefined> {
  const [row] = await db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.userId, userId), eq(playerLimits.kind, kind)))
    .for('update');
  return row;
}

export async function saveLimit(db: Executor, row: LimitRow): Promise<void> {
  await db
    .insert(playerLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [playerLimits.userId, playerLimits.kind],
      set: {
        amountMinor: row.amountMinor,
        nextAmountMinor: row.nextAmountMinor,
        nextFrom: row.nextFrom,
        updatedAt: row.updatedAt,
      },
    });
}
