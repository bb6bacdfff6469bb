import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/schema';
import {
  crashBets,
  crashChains,
  crashGames,
  type CrashBetRow,
  type CrashChainRow,
  type CrashGameRow,
} from './schema';

export type { CrashBetRow, CrashChainRow, CrashGameRow };

export async function insertChain(
  db: Executor,
  chain: { terminatingHash: string; length: number; createdAt: Date },
): Promise<CrashChainRow> {
  const [row] = await db.insert(crashChains).values(chain).returning();
  return row;
}

/** Inserts games in the order given (their ids follow it). */
export async function insertGames(
  db: Executor,
  games: { chainId: number; position: number; hash: string }[],
): Promise<void> {
  if (games.length > 0) await db.insert(crashGames).values(games);
}

export function listChains(db: Executor): Promise<CrashChainRow[]> {
  return db.select().from(crashChains).orderBy(asc(crashChains.id));
}

export async function lockChain(db: Executor, id: number): Promise<CrashChainRow | undefined> {
  const [row] = await db.select().from(crashChains).where(eq(crashChains.id, id)).for('update');
  return row;
}

export async function setSalt(db: Executor, id: number, salt: string, at: Date): Promise<CrashChainRow> {
  const [row] = await db
    .update(crashChains)
    .set({ salt, saltSetAt: at })
    .where(eq(crashChains.id, id))
    .returning();
  return row;
}

/** How many games of each chain have started (running or busted). */
export async function playedCounts(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ chainId: crashGames.chainId, played: sql<number>`count(*)::int` })
    .from(crashGames)
    .where(isNotNull(crashGames.startedAt))
    .groupBy(crashGames.chainId);
  return new Map(rows.map((row) => [row.chainId, row.played]));
}

/** The chain whose games come next: the oldest with a game not yet started. */
export async function currentChain(db: Executor): Promise<CrashChainRow | undefined> {
  const [row] = await db
    .select()
    .from(crashChains)
    .where(
      sql`EXISTS (SELECT 1 FROM ${crashGames} WHERE ${crashGames.chainId} = ${crashChains.id} AND ${crashGames.status} = 'pending')`,
    )
    .orderBy(asc(crashChains.id))
    .limit(1);
  return row;
}

export function bustedGames(db: Executor, limit: number): Promise<CrashGameRow[]> {
  return db
    .select()
    .from(crashGames)
    .where(and(eq(crashGames.status, 'busted'), isNotNull(crashGames.startedAt)))
    .orderBy(desc(crashGames.id))
    .limit(limit);
}

// --- rounds and bets ---

/** The next game to play: the lowest pending one of a chain whose salt is set. */
export async function nextPendingGame(
  db: Executor,
): Promise<{ game: CrashGameRow; salt: string } | undefined> {
  const [row] = await db
    .select({ game: crashGames, salt: crashChains.salt })
    .from(crashGames)
    .innerJoin(crashChains, eq(crashChains.id, crashGames.chainId))
    .where(and(eq(crashGames.status, 'pending'), isNotNull(crashChains.salt)))
    .orderBy(asc(crashGames.id))
    .limit(1);
  return row ? { game: row.game, salt: row.salt! } : undefined;
}

/** Starts a pending game; undefined when another process did. */
export async function startGame(
  db: Executor,
  id: number,
  crashPoint: number,
  at: Date,
): Promise<CrashGameRow | undefined> {
  const [row] = await db
    .update(crashGames)
    .set({ status: 'running', crashPoint, startedAt: at })
    .where(and(eq(crashGames.id, id), eq(crashGames.status, 'pending')))
    .returning();
  return row;
}

export async function gameById(db: Executor, id: number): Promise<CrashGameRow | undefined> {
  const [row] = await db.select().from(crashGames).where(eq(crashGames.id, id));
  return row;
}

/** The class key of the games' transaction-scoped advisory locks (beside ledger's 734_619_004 and _006). */
const GAME_LOCK_CLASS = 734_619_016;

/**
 * The game under its lock for this transaction, then its row: `share` beside the stakes and cash-outs of
 * the game (any number at once), `update` for its start, bust and refund, which change the row, so they
 * wait for the shared holders and those that come after see the game's new status (service.ts). An
 * advisory lock, not `SELECT … FOR SHARE`: hundreds of stakes sharing one row lock make PostgreSQL write
 * a new multixact into the row for each of them (bench:crash took 70 bets/s that way).
 */
export async function lockGame(
  db: Executor,
  id: number,
  mode: 'share' | 'update',
): Promise<CrashGameRow | undefined> {
  await db.execute(
    mode === 'share'
      ? sql`SELECT pg_advisory_xact_lock_shared(${GAME_LOCK_CLASS}::int, ${id}::int)`
      : sql`SELECT pg_advisory_xact_lock(${GAME_LOCK_CLASS}::int, ${id}::int)`,
  );
  const [row] = await db.select().from(crashGames).where(eq(crashGames.id, id));
  return row;
}

export async function chainSalt(db: Executor, chainId: number): Promise<string | null> {
  const [row] = await db
    .select({ salt: crashChains.salt })
    .from(crashChains)
    .where(eq(crashChains.id, chainId));
  return row?.salt ?? null;
}

export async function bustGame(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .update(crashGames)
    .set({ status: 'busted', bustedAt: at })
    .where(and(eq(crashGames.id, id), eq(crashGames.status, 'running')));
}

/** Games started and not busted, oldest first. */
export function runningGames(db: Executor): Promise<CrashGameRow[]> {
  return db.select().from(crashGames).where(eq(crashGames.status, 'running')).orderBy(asc(crashGames.id));
}

export async function insertBet(db: Executor, bet: typeof crashBets.$inferInsert): Promise<CrashBetRow> {
  const [row] = await db.insert(crashBets).values(bet).returning();
  return row;
}

export async function findBetByKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<CrashBetRow | undefined> {
  const [row] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.userId, userId), eq(crashBets.idempotencyKey, key)));
  return row;
}

export async function betById(db: Executor, id: number): Promise<CrashBetRow | undefined> {
  const [row] = await db.select().from(crashBets).where(eq(crashBets.id, id));
  return row;
}

export async function lockBetOf(
  db: Executor,
  gameId: number,
  userId: number,
): Promise<CrashBetRow | undefined> {
  const [row] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.gameId, gameId), eq(crashBets.userId, userId)))
    .for('update');
  return row;
}

export async function updateBet(
  db: Executor,
  id: number,
  changes: Partial<typeof crashBets.$inferInsert>,
): Promise<CrashBetRow> {
  const [row] = await db.update(crashBets).set(changes).where(eq(crashBets.id, id)).returning();
  return row;
}

/** Marks the game's bets still in it as lost; answers them. */
export function loseActiveBets(db: Executor, gameId: number, at: Date): Promise<CrashBetRow[]> {
  return db
    .update(crashBets)
    .set({ status: 'lost', settledAt: at })
    .where(and(eq(crashBets.gameId, gameId), eq(crashBets.status, 'active')))
    .returning();
}

export function activeBetsOf(db: Executor, gameId: number): Promise<CrashBetRow[]> {
  return db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.gameId, gameId), eq(crashBets.status, 'active')))
    .for('update');
}

export function betsOfGame(db: Executor, gameId: number): Promise<CrashBetRow[]> {
  return db.select().from(crashBets).where(eq(crashBets.gameId, gameId)).orderBy(asc(crashBets.id));
}

/** A player's own bets, newest first, each with its game's status and crash point. */
export function betsOfUser(
  db: Executor,
  userId: number,
  limit: number,
): Promise<{ bet: CrashBetRow; gameStatus: string; crashPoint: number | null }[]> {
  return db
    .select({ bet: crashBets, gameStatus: crashGames.status, crashPoint: crashGames.crashPoint })
    .from(crashBets)
    .innerJoin(crashGames, eq(crashGames.id, crashBets.gameId))
    .where(eq(crashBets.userId, userId))
    .orderBy(desc(crashBets.id))
    .limit(limit);
}

/** Names as other players see them (null for a player who hides their statistics). */
export async function publicNames(db: Executor, userIds: number[]): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, hidden: users.isStatisticsHidden })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.hidden ? null : (row.name ?? `Player ${row.id}`)]));
}
