import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  casinoFavourites,
  casinoGames,
  casinoProviders,
  casinoRecentGames,
  type CasinoGameRow,
  type CasinoProviderRow,
} from './schema';

export type { CasinoGameRow, CasinoProviderRow };

/** A game with its provider, as listings read it. */
export interface CatalogueEntry {
  game: CasinoGameRow;
  provider: CasinoProviderRow;
}

export async function countGames(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(casinoGames);
  return row.n;
}

export async function upsertProvider(
  db: Executor,
  values: { code: string; name: string },
  now: Date,
): Promise<CasinoProviderRow> {
  const [row] = await db
    .insert(casinoProviders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: casinoProviders.code, set: { name: values.name, updatedAt: now } })
    .returning();
  return row;
}

/** What a sync writes of a game: the aggregator's fields (the operator's are left as they are). */
export type SyncedGame = Pick<
  typeof casinoGames.$inferInsert,
  | 'code'
  | 'name'
  | 'providerId'
  | 'category'
  | 'live'
  | 'thumbnailUrl'
  | 'backgroundUrl'
  | 'rtp'
  | 'volatility'
  | 'demo'
  | 'freebet'
  | 'platforms'
  | 'blockedCountries'
  | 'releaseDate'
  | 'enabled'
>;

/** Inserts or refreshes a game from the list; `inserted` tells which. */
export async function upsertSyncedGame(
  db: Executor,
  values: SyncedGame,
  now: Date,
): Promise<{ row: CasinoGameRow; inserted: boolean }> {
  const { code: _code, ...fields } = values;
  const [row] = await db
    .insert(casinoGames)
    .values({ ...values, listed: true, syncedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: casinoGames.code,
      set: { ...fields, listed: true, syncedAt: now, updatedAt: now },
    })
    .returning({ ...getTableColumns(casinoGames), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...game } = row;
  return { row: game, inserted };
}

/** Marks the listed games missing from the list as gone; returns their codes. */
export async function unlistMissing(db: Executor, codes: string[], now: Date): Promise<string[]> {
  const rows = await db
    .update(casinoGames)
    .set({ listed: false, updatedAt: now })
    .where(and(eq(casinoGames.listed, true), codes.length ? notInArray(casinoGames.code, codes) : undefined))
    .returning({ code: casinoGames.code });
  return rows.map((r) => r.code);
}

export async function gameByCode(db: Executor, code: string): Promise<CatalogueEntry | undefined> {
  const [row] = await db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(eq(casinoGames.code, code));
  return row;
}

/** Locks a game's row for an operator's change. */
export async function lockGame(db: Executor, code: string): Promise<CasinoGameRow | undefined> {
  const [row] = await db.select().from(casinoGames).where(eq(casinoGames.code, code)).for('update');
  return row;
}

export async function updateGame(
  db: Executor,
  id: number,
  values: Partial<Pick<CasinoGameRow, 'disabledByOperator' | 'position' | 'tagNew' | 'tagPopular'>>,
  now: Date,
): Promise<CasinoGameRow> {
  const [row] = await db
    .update(casinoGames)
    .set({ ...values, updatedAt: now })
    .where(eq(casinoGames.id, id))
    .returning();
  return row;
}

/** A game the lobbies show: enabled by the aggregator, still listed, not disabled by the operator. */
const shown = () =>
  and(eq(casinoGames.enabled, true), eq(casinoGames.listed, true), eq(casinoGames.disabledByOperator, false));

/** Not blocked in the caller's country (unknown country: not filtered). */
const allowedIn = (country: string | null) =>
  country === null
    ? undefined
    : not(sql`${casinoGames.blockedCountries} @> jsonb_build_array(${country}::text)`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CatalogueFilter {
  country: string | null;
  lobby?: 'slots' | 'live';
  search?: string;
  provider?: string;
  category?: string;
}

/** The shown games matching the filter, each with the players who launched it since `since`. */
export function shownGames(
  db: Executor,
  filter: CatalogueFilter,
  since: Date,
): Promise<(CatalogueEntry & { players: number })[]> {
  const conditions: (SQL | undefined)[] = [shown(), allowedIn(filter.country)];
  if (filter.lobby) conditions.push(eq(casinoGames.live, filter.lobby === 'live'));
  if (filter.provider) conditions.push(eq(casinoProviders.code, filter.provider));
  if (filter.category) conditions.push(eq(casinoGames.category, filter.category));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(casinoGames.name, pattern), ilike(casinoGames.code, pattern)));
  }
  const recent = db
    .select({
      gameId: casinoRecentGames.gameId,
      players: sql<number>`count(*)::int`.as('players'),
    })
    .from(casinoRecentGames)
    .where(gt(casinoRecentGames.lastLaunchedAt, since))
    .groupBy(casinoRecentGames.gameId)
    .as('recent');
  return db
    .select({
      game: casinoGames,
      provider: casinoProviders,
      players: sql<number>`coalesce(${recent.players}, 0)::int`,
    })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .leftJoin(recent, eq(recent.gameId, casinoGames.id))
    .where(and(...conditions));
}

/** Whether a shown game (not blocked in `country`) has this code. */
export async function shownGame(
  db: Executor,
  code: string,
  country: string | null,
): Promise<CatalogueEntry | undefined> {
  const [row] = await db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(and(eq(casinoGames.code, code), shown(), allowedIn(country)));
  return row;
}

/** Every game of the catalogue (the operator's list), in the lobbies' default order. */
export function allGames(db: Executor, live?: boolean): Promise<CatalogueEntry[]> {
  return db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(live === undefined ? undefined : eq(casinoGames.live, live))
    .orderBy(casinoGames.live, casinoGames.position, casinoGames.name);
}

export async function favouriteIds(db: Executor, userId: number, gameIds: number[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const rows = await db
    .select({ gameId: casinoFavourites.gameId })
    .from(casinoFavourites)
    .where(and(eq(casinoFavourites.userId, userId), inArray(casinoFavourites.gameId, gameIds)));
  return new Set(rows.map((r) => r.gameId));
}

export async function addFavourite(db: Executor, userId: number, gameId: number, now: Date): Promise<void> {
  await db.insert(casinoFavourites).values({ userId, gameId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavourite(db: Executor, userId: number, gameId: number): Promise<void> {
  await db
    .delete(casinoFavourites)
    .where(and(eq(casinoFavourites.userId, userId), eq(casinoFavourites.gameId, gameId)));
}

/** The player's favourite games that are shown (in `country`), newest first. */
export function favouritesOf(
  db: Executor,
  userId: number,
  country: string | null,
): Promise<CatalogueEntry[]> {
  return db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoFavourites)
    .innerJoin(casinoGames, eq(casinoGames.id, casinoFavourites.gameId))
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(and(eq(casinoFavourites.userId, userId), shown(), allowedIn(country)))
    .orderBy(desc(casinoFavourites.createdAt), desc(casinoGames.id));
}

export async function recordLaunch(db: Executor, userId: number, gameId: number, now: Date): Promise<void> {
  await db
    .insert(casinoRecentGames)
    .values({ userId, gameId, lastLaunchedAt: now, launches: 1 })
    .onConflictDoUpdate({
      target: [casinoRecentGames.userId, casinoRecentGames.gameId],
      set: { lastLaunchedAt: now, launches: sql`${casinoRecentGames.launches} + 1` },
    });
}

/** The player's recently launched games that are shown (in `country`), last launched first. */
export function recentOf(
  db: Executor,
  userId: number,
  country: string | null,
  limit: number,
): Promise<CatalogueEntry[]> {
  return db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoRecentGames)
    .innerJoin(casinoGames, eq(casinoGames.id, casinoRecentGames.gameId))
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(and(eq(casinoRecentGames.userId, userId), shown(), allowedIn(country)))
    .orderBy(desc(casinoRecentGames.lastLaunchedAt), desc(casinoGames.id))
    .limit(limit);
}
