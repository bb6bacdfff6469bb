import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gameBets } from '../../db/schema';
import { aggregatorTransactions } from '../aggregator/schema';
import { crashBets } from '../crash/schema';
import { roomRounds, roomStakes } from '../rooms/schema';
import { users } from '../users/schema';
import { playerLimits, playerLossDays } from './schema';

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

/** The player's limits of these kinds (one range of the primary key). */
export function limitsOfKinds(db: Executor, userId: number, kinds: readonly string[]): Promise<LimitRow[]> {
  return db
    .select()
    .from(playerLimits)
    .where(and(eq(playerLimits.userId, userId), inArray(playerLimits.kind, [...kinds])));
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

/** Net loss per day (YYYY-MM-DD, UTC) of the player in `currency` from `from` to `to`, both included. */
export function lossDays(
  db: Executor,
  input: { userId: number; currency: string; from: string; to: string },
): Promise<{ day: string; netLossMinor: bigint }[]> {
  return db
    .select({ day: playerLossDays.day, netLossMinor: playerLossDays.netLossMinor })
    .from(playerLossDays)
    .where(
      and(
        eq(playerLossDays.userId, input.userId),
        eq(playerLossDays.currency, input.currency),
        gte(playerLossDays.day, input.from),
        lte(playerLossDays.day, input.to),
      ),
    );
}

/** Adds `amountMinor` (a stake minus its payout; a payout alone is negative) to the day's net loss. */
export async function addLoss(
  db: Executor,
  input: { userId: number; currency: string; day: string; amountMinor: bigint },
): Promise<void> {
  await db
    .insert(playerLossDays)
    .values({
      userId: input.userId,
      currency: input.currency,
      day: input.day,
      netLossMinor: input.amountMinor,
    })
    .onConflictDoUpdate({
      target: [playerLossDays.userId, playerLossDays.currency, playerLossDays.day],
      set: { netLossMinor: sql`${playerLossDays.netLossMinor} + excluded.net_loss_minor` },
    });
}

/** Forgets the player's daily net losses (loss limits start counting again). */
export async function clearLossDays(db: Executor, userId: number): Promise<void> {
  await db.delete(playerLossDays).where(eq(playerLossDays.userId, userId));
}

/**
 * Payouts minus stakes (minor units) of the player's in-house games in `currency` since `since`: the
 * provably fair games' bets (an open round counts its stake), crash bets (a refunded one nets nothing, an
 * active one counts its stake), room stakes with the pots they won, and the aggregator's games (their wins
 * less the stakes of real-money bets not rolled back).
 */
export async function netResultSince(
  db: Executor,
  input: { userId: number; currency: string; since: Date },
): Promise<bigint> {
  const { userId, currency, since } = input;
  const [games, crash, rooms, aggregator] = await Promise.all([
    db
      .select({ net: sql<string>`coalesce(sum(${gameBets.payoutMinor} - ${gameBets.amountMinor}), 0)` })
      .from(gameBets)
      .where(
        and(
          eq(gameBets.userId, userId),
          eq(gameBets.currency, currency as (typeof gameBets.$inferSelect)['currency']),
          gte(gameBets.createdAt, since),
        ),
      ),
    db
      .select({ net: sql<string>`coalesce(sum(${crashBets.payoutMinor} - ${crashBets.amountMinor}), 0)` })
      .from(crashBets)
      .where(
        and(
          eq(crashBets.userId, userId),
          eq(crashBets.currency, currency),
          gte(crashBets.createdAt, since),
          ne(crashBets.status, 'refunded'),
        ),
      ),
    db.execute<{ net: string }>(sql`
      WITH mine AS (
        SELECT s.round_id, sum(s.amount_minor) AS staked
        FROM ${roomStakes} s JOIN ${roomRounds} r ON r.id = s.round_id
        WHERE s.user_id = ${userId} AND s.created_at >= ${since} AND r.currency = ${currency}
        GROUP BY s.round_id
      )
      SELECT coalesce(sum(CASE WHEN r.winner_user_id = ${userId} THEN r.payout_minor ELSE 0 END - mine.staked), 0)::text AS net
      FROM mine JOIN ${roomRounds} r ON r.id = mine.round_id`),
    // The aggregator's games: wins less the stakes of the real-money bets not rolled back.
    db
      .select({
        net: sql<string>`coalesce(sum(CASE
          WHEN ${aggregatorTransactions.kind} = 'win' THEN ${aggregatorTransactions.amountMinor}
          WHEN ${aggregatorTransactions.kind} = 'bet' AND ${aggregatorTransactions.status} = 'accepted'
            AND NOT ${aggregatorTransactions.isFree} THEN -${aggregatorTransactions.amountMinor}
          ELSE 0 END), 0)`,
      })
      .from(aggregatorTransactions)
      .where(
        and(
          eq(aggregatorTransactions.userId, userId),
          eq(aggregatorTransactions.currency, currency),
          gte(aggregatorTransactions.createdAt, since),
        ),
      ),
  ]);
  return (
    BigInt(games[0]?.net ?? 0) +
    BigInt(crash[0]?.net ?? 0) +
    BigInt(rooms.rows[0]?.net ?? 0) +
    BigInt(aggregator[0]?.net ?? 0)
  );
}
