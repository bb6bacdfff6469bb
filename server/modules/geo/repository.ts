import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blockedCountries, type BlockedCountry } from './schema';

export async function isCountryBlocked(db: Executor, countryCode: string): Promise<boolean> {
  const rows = await db
    .select({ countryCode: blockedCountries.countryCode })
    .from(blockedCountries)
    .where(eq(blockedCountries.countryCode, countryCode))
    .limit(1);
  return rows.length > 0;
}

/** The country's block, its row locked until the transaction ends (undefined: not blocked). */
export async function lockBlockedCountry(
  db: Executor,
  countryCode: string,
): Promise<BlockedCountry | undefined> {
  const [row] = await db
    .select()
    .from(blockedCountries)
    .where(eq(blockedCountries.countryCode, countryCode))
    .for('update');
  return row;
}

export function listBlockedCountries(db: Executor): Promise<BlockedCountry[]> {
  return db.select().from(blockedCountries).orderBy(asc(blockedCountries.countryCode));
}

/**
 * Blocks a country. When it is already blocked, only a given `reason` replaces the stored one
 * (`undefined` keeps it). Returns the row and whether the block is new.
 */
export async function upsertBlockedCountry(
  db: Executor,
  countryCode: string,
  reason: string | undefined,
): Promise<{ row: BlockedCountry; created: boolean }> {
  const [inserted] = await db
    .insert(blockedCountries)
    .values({ countryCode, reason: reason ?? null })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [row] =
    reason === undefined
      ? await db.select().from(blockedCountries).where(eq(blockedCountries.countryCode, countryCode))
      : await db
          .update(blockedCountries)
          .set({ reason })
          .where(eq(blockedCountries.countryCode, countryCode))
          .returning();
  if (!row) throw new Error(`Blocked country ${countryCode} vanished while being updated`);
  return { row, created: false };
}

export async function deleteBlockedCountry(db: Executor, countryCode: string): Promise<boolean> {
  const deleted = await db
    .delete(blockedCountries)
    .where(eq(blockedCountries.countryCode, countryCode))
    .returning({ countryCode: blockedCountries.countryCode });
  return deleted.length > 0;
}
