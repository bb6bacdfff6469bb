import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceSightings } from './schema';

export async function insertSighting(db: Executor, row: typeof deviceSightings.$inferInsert): Promise<void> {
  await db.insert(deviceSightings).values(row);
}

export interface SharedDeviceRow {
  fingerprint: string;
  user_ids: number[];
  sightings: number;
  first_seen: Date;
  last_seen: Date;
}

/**
 * Fingerprints seen with at least `minAccounts` accounts since `since` (null: all time), most accounts
 * first, then the most recent.
 */
export async function sharedDevices(
  db: Executor,
  since: Date | null,
  minAccounts: number,
): Promise<SharedDeviceRow[]> {
  const result = await db.execute<{
    fingerprint: string;
    user_ids: number[];
    sightings: string;
    first_seen: string;
    last_seen: string;
  }>(sql`
    SELECT fingerprint,
           array_agg(DISTINCT user_id ORDER BY user_id) AS user_ids,
           count(*) AS sightings,
           min(created_at) AS first_seen,
           max(created_at) AS last_seen
      FROM device_sightings
     WHERE fingerprint IS NOT NULL
       AND (${since}::timestamptz IS NULL OR created_at >= ${since}::timestamptz)
     GROUP BY fingerprint
    HAVING count(DISTINCT user_id) >= ${minAccounts}
     ORDER BY count(DISTINCT user_id) DESC, max(created_at) DESC, fingerprint`);
  return result.rows.map((row) => ({
    fingerprint: row.fingerprint,
    user_ids: row.user_ids.map(Number),
    sightings: Number(row.sightings),
    first_seen: new Date(row.first_seen),
    last_seen: new Date(row.last_seen),
  }));
}

export interface UnreadableUploadRow {
  user_id: number;
  uploads: number;
  last_seen: Date;
}

/** Accounts whose uploads did not open since `since` (null: all time), most first. */
export async function unreadableUploads(db: Executor, since: Date | null): Promise<UnreadableUploadRow[]> {
  const result = await db.execute<{ user_id: number; uploads: string; last_seen: string }>(sql`
    SELECT user_id, count(*) AS uploads, max(created_at) AS last_seen
      FROM device_sightings
     WHERE unreadable
       AND (${since}::timestamptz IS NULL OR created_at >= ${since}::timestamptz)
     GROUP BY user_id
     ORDER BY count(*) DESC, user_id`);
  return result.rows.map((row) => ({
    user_id: Number(row.user_id),
    uploads: Number(row.uploads),
    last_seen: new Date(row.last_seen),
  }));
}

export async function deleteSightingsBefore(db: Executor, before: Date): Promise<number> {
  const deleted = await db.delete(deviceSightings).where(lt(deviceSightings.createdAt, before));
  return deleted.rowCount ?? 0;
}

/** Other accounts seen with a fingerprint this one was seen with, in id order. */
export async function accountsOnSameDevice(db: Executor, userId: number): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    SELECT DISTINCT theirs.user_id
      FROM device_sightings mine
      JOIN device_sightings theirs ON theirs.fingerprint = mine.fingerprint
     WHERE mine.user_id = ${userId} AND theirs.user_id <> ${userId}
     ORDER BY theirs.user_id`);
  return result.rows.map((row) => Number(row.user_id));
}
