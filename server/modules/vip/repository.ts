import type { Executor } from '../../db/client';
import { vipRequests } from './schema';

/** Records the request once; false when the user had already made one of this type. */
export async function insertRequest(
  db: Executor,
  input: { userId: number; requestType: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(vipRequests)
    .values({ userId: input.userId, requestType: input.requestType, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ userId: vipRequests.userId });
  return rows.length > 0;
}
