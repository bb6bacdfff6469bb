import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userDeviceTags, users, type NewUserRow, type UserRow } from './schema';

export async function findById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Case-insensitive, like the unique index. */
export async function findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  return row;
}

export async function insert(db: Executor, user: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

export async function update(
  db: Executor,
  id: number,
  changes: Partial<Omit<NewUserRow, 'id'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export function listNewest(db: Executor, limit: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.id)).limit(limit);
}

export async function count(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** A user keeps at most this many device tags: the most recently seen ones. */
export const DEVICE_TAGS_PER_USER = 20;

/**
 * Records that the user was seen with `tag`. A known tag's `last_seen_at` moves at most once an hour (so a
 * profile call rarely writes); a new tag pushes the user's least recently seen tags out beyond
 * DEVICE_TAGS_PER_USER.
 */
export async function addDeviceTag(db: Executor, userId: number, tag: string, now: Date): Promise<void> {
  const inserted = await db
    .insert(userDeviceTags)
    .values({ userId, tag, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userDeviceTags.userId, userDeviceTags.tag],
      set: { lastSeenAt: now },
      setWhere: sql`${userDeviceTags.lastSeenAt} < ${now.toISOString()}::timestamptz - interval '1 hour'`,
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  if (!inserted[0]?.inserted) return;
  await db.execute(sql`
    DELETE FROM user_device_tags
    WHERE user_id = ${userId} AND tag <> ${tag} AND tag NOT IN (
      SELECT tag FROM user_device_tags
      WHERE user_id = ${userId} AND tag <> ${tag}
      ORDER BY last_seen_at DESC, tag
      LIMIT ${DEVICE_TAGS_PER_USER - 1}
    )`);
}

export function listDeviceTags(db: Executor, userId: number) {
  return db.select().from(userDeviceTags).where(eq(userDeviceTags.userId, userId));
}

/**
 * Other users who share a device tag with this one: a tag is a user's own super_bonus tag or a
 * `whoAreYou` value seen on their profile calls.
 */
export async function linkedUserIds(db: Executor, userId: number): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    WITH mine AS (
      SELECT tag FROM user_device_tags WHERE user_id = ${userId}
      UNION SELECT super_bonus_tag FROM users WHERE id = ${userId}
    ), theirs AS (
      SELECT user_id, tag FROM user_device_tags
      UNION ALL SELECT id, super_bonus_tag FROM users
    )
    SELECT DISTINCT user_id FROM theirs
    WHERE tag IN (SELECT tag FROM mine) AND user_id <> ${userId}
    ORDER BY user_id`);
  return result.rows.map((row) => Number(row.user_id));
}

/** Sets a first password; false when the account already has one. */
export async function setPasswordIfUnset(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}
