import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/schema';

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
