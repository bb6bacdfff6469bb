import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The cheapest round trip to the database. */
export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
