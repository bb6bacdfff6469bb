/**
 * The SQL of the games: bets with the seed pair they were played on, and the cases catalogue. No rules
 * here (service.ts, rounds.ts and cases.ts tell them).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FairGame } from '@/lib/contracts/games';
import type { Executor } from '../../db/client';
import { fairSeedPairs } from '../fair/schema';
import { gameBets, gameCaseItems, gameCases } from './schema';

export type BetRow = typeof gameBets.$inferSelect;
export type BetStatus = BetRow['status'];

/** A bet with the seed pair it was played on. */
export interface BetWithPair {
  bet: BetRow;
  pair: { serverSeed: string; serverSeedHash: string; active: boolean };
}

const pairColumns = {
  serverSeed: fairSeedPairs.serverSeed,
  serverSeedHash: fairSeedPairs.serverSeedHash,
  active: fairSeedPairs.active,
};

async function loadBet(
  db: Executor,
  where: ReturnType<typeof and>,
  lock = false,
): Promise<BetWithPair | undefined> {
  const query = db
    .select({ bet: gameBets, pair: pairColumns })
    .from(gameBets)
    .innerJoin(fairSeedPairs, eq(fairSeedPairs.id, gameBets.seedPairId))
    .where(where);
  const [row] = lock ? await query.for('update', { of: gameBets }) : await query;
  return row;
}

/** The user's bet placed under an idempotency key. */
export function betByKey(
  db: Executor,
  userId: number,
  idempotencyKey: string,
): Promise<BetWithPair | undefined> {
  return loadBet(db, and(eq(gameBets.userId, userId), eq(gameBets.idempotencyKey, idempotencyKey)));
}

/** The id of the user's open round of a game, if any. */
export async function openRoundId(db: Executor, userId: number, game: FairGame): Promise<number | undefined> {
  const [open] = await db
    .select({ id: gameBets.id })
    .from(gameBets)
    .where(and(eq(gameBets.userId, userId), eq(gameBets.game, game), eq(gameBets.status, 'open')));
  return open?.id;
}

/** The user's round `betId` of `game`, row-locked until the transaction ends. */
export function lockRound(
  db: Executor,
  userId: number,
  betId: number,
  game: 'miner' | 'hilo',
): Promise<BetWithPair | undefined> {
  return loadBet(db, and(eq(gameBets.id, betId), eq(gameBets.userId, userId), eq(gameBets.game, game)), true);
}

export async function insertBet(db: Executor, values: typeof gameBets.$inferInsert): Promise<BetRow> {
  const [row] = await db.insert(gameBets).values(values).returning();
  return row;
}

export async function updateBet(
  db: Executor,
  id: number,
  patch: Partial<typeof gameBets.$inferInsert>,
): Promise<BetRow> {
  const [saved] = await db.update(gameBets).set(patch).where(eq(gameBets.id, id)).returning();
  return saved;
}

/** The user's open round of a stateful game, if any. */
export function openRound(
  db: Executor,
  userId: number,
  game: 'miner' | 'hilo',
): Promise<BetWithPair | undefined> {
  return loadBet(db, and(eq(gameBets.userId, userId), eq(gameBets.game, game), eq(gameBets.status, 'open')));
}

export function findBet(db: Executor, userId: number, betId: number): Promise<BetWithPair | undefined> {
  return loadBet(db, and(eq(gameBets.id, betId), eq(gameBets.userId, userId)));
}

export async function listBets(
  db: Executor,
  userId: number,
  query: { game?: FairGame; page: number; per_page: number },
): Promise<{ items: BetWithPair[]; total: number }> {
  const where = query.game
    ? and(eq(gameBets.userId, userId), eq(gameBets.game, query.game))
    : eq(gameBets.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(gameBets).where(where);
  const items = await db
    .select({ bet: gameBets, pair: pairColumns })
    .from(gameBets)
    .innerJoin(fairSeedPairs, eq(fairSeedPairs.id, gameBets.seedPairId))
    .where(where)
    .orderBy(desc(gameBets.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { items, total };
}

// --- cases ----------------------------------------------------------------------------------------------

export type CaseRow = typeof gameCases.$inferSelect;
export type CaseItemRow = typeof gameCaseItems.$inferSelect;
export interface CaseWithItems {
  row: CaseRow;
  items: CaseItemRow[];
}

async function withItemsOf(db: Executor, rows: CaseRow[]): Promise<CaseWithItems[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(gameCaseItems)
    .where(
      inArray(
        gameCaseItems.caseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(gameCaseItems.position));
  return rows.map((row) => ({ row, items: items.filter((item) => item.caseId === row.id) }));
}

/** Every case (enabled only unless `all`), in display order. */
export async function listCases(db: Executor, options: { all?: boolean } = {}): Promise<CaseWithItems[]> {
  const rows = await db
    .select()
    .from(gameCases)
    .where(options.all ? undefined : eq(gameCases.enabled, true))
    .orderBy(asc(gameCases.sort), asc(gameCases.id));
  return withItemsOf(db, rows);
}

/** An enabled case with its items and its version (`updated_at` in microseconds, as text) for a bet. */
export async function findCaseForBet(
  db: Executor,
  slug: string,
): Promise<(CaseWithItems & { version: string }) | undefined> {
  const [found] = await db
    .select({
      row: gameCases,
      version: sql<string>`(extract(epoch FROM ${gameCases.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(gameCases)
    .where(and(eq(gameCases.slug, slug), eq(gameCases.enabled, true)));
  if (!found) return undefined;
  const [withItems] = await withItemsOf(db, [found.row]);
  return { ...withItems, version: found.version };
}

export async function findCase(
  db: Executor,
  slug: string,
  options: { all?: boolean } = {},
): Promise<CaseWithItems | undefined> {
  const rows = await db
    .select()
    .from(gameCases)
    .where(
      options.all ? eq(gameCases.slug, slug) : and(eq(gameCases.slug, slug), eq(gameCases.enabled, true)),
    );
  return (await withItemsOf(db, rows))[0];
}
