import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/schema';
import { roomRounds, roomStakes, type RoomRoundRow, type RoomStakeRow } from './schema';

export type { RoomRoundRow, RoomStakeRow };

const isOpen = (room: string, currency: string) =>
  and(eq(roomRounds.room, room), eq(roomRounds.currency, currency), eq(roomRounds.status, 'open'));

export async function findOpenRound(
  db: Executor,
  room: string,
  currency: string,
): Promise<RoomRoundRow | undefined> {
  const [row] = await db.select().from(roomRounds).where(isOpen(room, currency));
  return row;
}

export function openRounds(db: Executor, currency?: string): Promise<RoomRoundRow[]> {
  return db
    .select()
    .from(roomRounds)
    .where(
      currency
        ? and(eq(roomRounds.status, 'open'), eq(roomRounds.currency, currency))
        : eq(roomRounds.status, 'open'),
    )
    .orderBy(asc(roomRounds.id));
}

/** Opens a round unless the room already has one open in that currency (another process's wins). */
export async function insertOpenRound(
  db: Executor,
  round: { room: string; currency: string; seed: string; seedHash: string; openedAt: Date },
): Promise<void> {
  await db
    .insert(roomRounds)
    .values(round)
    .onConflictDoNothing({
      target: [roomRounds.room, roomRounds.currency],
      where: sql`${roomRounds.status} = 'open'`,
    });
}

export async function lockOpenRound(
  db: Executor,
  room: string,
  currency: string,
): Promise<RoomRoundRow | undefined> {
  const [row] = await db.select().from(roomRounds).where(isOpen(room, currency)).for('update');
  return row;
}

/**
 * The next round whose countdown has ended, locked; rounds another transaction holds (a stake being
 * placed, another process drawing it) are skipped, so two settle jobs never wait on each other.
 */
export async function lockDueRound(db: Executor, now: Date): Promise<RoomRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(roomRounds)
    .where(and(eq(roomRounds.status, 'open'), isNotNull(roomRounds.endsAt), lte(roomRounds.endsAt, now)))
    .orderBy(asc(roomRounds.endsAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function updateRound(
  db: Executor,
  id: number,
  changes: Partial<typeof roomRounds.$inferInsert>,
): Promise<RoomRoundRow> {
  const [row] = await db.update(roomRounds).set(changes).where(eq(roomRounds.id, id)).returning();
  return row;
}

export function drawnRounds(db: Executor, room: string, currency: string, limit: number) {
  return db
    .select()
    .from(roomRounds)
    .where(and(eq(roomRounds.room, room), eq(roomRounds.currency, currency), eq(roomRounds.status, 'drawn')))
    .orderBy(desc(roomRounds.id))
    .limit(limit);
}

export async function findStakeByKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<{ stake: RoomStakeRow; round: RoomRoundRow } | undefined> {
  const [row] = await db
    .select({ stake: roomStakes, round: roomRounds })
    .from(roomStakes)
    .innerJoin(roomRounds, eq(roomRounds.id, roomStakes.roundId))
    .where(and(eq(roomStakes.userId, userId), eq(roomStakes.idempotencyKey, key)));
  return row;
}

export async function insertStake(
  db: Executor,
  stake: typeof roomStakes.$inferInsert,
): Promise<RoomStakeRow> {
  const [row] = await db.insert(roomStakes).values(stake).returning();
  return row;
}

/** How many stakes the player has in the round. */
export async function stakesOfUserIn(db: Executor, roundId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(roomStakes)
    .where(and(eq(roomStakes.roundId, roundId), eq(roomStakes.userId, userId)));
  return row?.count ?? 0;
}

/** The stakes of rounds, in the order they were taken, with their players' public names (null: hidden). */
export async function stakesOfRounds(
  db: Executor,
  roundIds: number[],
): Promise<(RoomStakeRow & { name: string | null })[]> {
  if (roundIds.length === 0) return [];
  const rows = await db
    .select({ stake: roomStakes, name: users.name, hidden: users.isStatisticsHidden })
    .from(roomStakes)
    .innerJoin(users, eq(users.id, roomStakes.userId))
    .where(inArray(roomStakes.roundId, roundIds))
    .orderBy(asc(roomStakes.id));
  return rows.map(({ stake, name, hidden }) => ({
    ...stake,
    name: hidden ? null : (name ?? `Player ${stake.userId}`),
  }));
}

/** A player's public name (null when they hide their statistics). */
export async function publicName(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name, hidden: users.isStatisticsHidden })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.hidden) return null;
  return row.name ?? `Player ${userId}`;
}
