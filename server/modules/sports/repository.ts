import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  sportBetLegs,
  sportBets,
  sportEvents,
  sportLimits,
  sportMarkets,
  type SportBetLegRow,
  type SportBetRow,
  type SportEventRow,
  type SportLimitsRow,
  type SportMarketRow,
} from './schema';

export type { SportBetLegRow, SportBetRow, SportEventRow, SportLimitsRow, SportMarketRow };

export type NewSportEvent = typeof sportEvents.$inferInsert;
export type NewSportMarket = Omit<typeof sportMarkets.$inferInsert, 'operatorStatus'>;

export async function upsertEvents(db: Executor, rows: NewSportEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sportEvents)
    .values(rows)
    .onConflictDoUpdate({
      target: sportEvents.id,
      set: {
        sport: sql`excluded.sport`,
        leagueId: sql`excluded.league_id`,
        leagueName: sql`excluded.league_name`,
        home: sql`excluded.home`,
        away: sql`excluded.away`,
        startsAt: sql`excluded.starts_at`,
        // An event that is over stays over (the operator may have settled it by hand) unless the feed
        // says it is over too: a correction, or a cancellation.
        status: sql`CASE WHEN ${sportEvents.status} IN ('finished', 'cancelled') AND excluded.status IN ('prematch', 'live') THEN ${sportEvents.status} ELSE excluded.status END`,
        score: sql`CASE WHEN ${sportEvents.status} IN ('finished', 'cancelled') AND excluded.status IN ('prematch', 'live') THEN ${sportEvents.score} ELSE excluded.score END`,
        clock: sql`excluded.clock`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Stores markets as the feed gives them; the operator's override (`operator_status`) stays. */
export async function upsertMarkets(db: Executor, rows: NewSportMarket[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sportMarkets)
    .values(rows)
    .onConflictDoUpdate({
      target: sportMarkets.id,
      set: {
        key: sql`excluded.key`,
        period: sql`excluded.period`,
        line: sql`excluded.line`,
        position: sql`excluded.position`,
        // A settled market is never un-settled by a delivery without results (the operator may have
        // settled it by hand, `sports settle`); a delivery with results corrects it.
        status: sql`CASE WHEN ${sportMarkets.status} = 'settled' AND excluded.status <> 'settled' THEN ${sportMarkets.status} ELSE excluded.status END`,
        outcomes: sql`CASE WHEN ${sportMarkets.status} = 'settled' AND excluded.status <> 'settled' THEN ${sportMarkets.outcomes} ELSE excluded.outcomes END`,
        resultsVersion: sql`GREATEST(excluded.results_version, ${sportMarkets.resultsVersion})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Writes markets as given, results and their version included (the operator's hand settlement). */
export async function forceMarkets(db: Executor, rows: NewSportMarket[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sportMarkets)
    .values(rows)
    .onConflictDoUpdate({
      target: sportMarkets.id,
      set: {
        status: sql`excluded.status`,
        outcomes: sql`excluded.outcomes`,
        resultsVersion: sql`excluded.results_version`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export function findEvents(db: Executor, ids: readonly string[]): Promise<SportEventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportEvents)
    .where(inArray(sportEvents.id, [...ids]));
}

export function findMarkets(db: Executor, ids: readonly string[]): Promise<SportMarketRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportMarkets)
    .where(inArray(sportMarkets.id, [...ids]));
}

export function marketsOfEvents(db: Executor, eventIds: readonly string[]): Promise<SportMarketRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportMarkets)
    .where(inArray(sportMarkets.eventId, [...eventIds]))
    .orderBy(asc(sportMarkets.eventId), asc(sportMarkets.position));
}

export function listEvents(
  db: Executor,
  filter: { statuses: string[]; sport?: string; league?: string; limit: number },
): Promise<SportEventRow[]> {
  return db
    .select()
    .from(sportEvents)
    .where(
      and(
        inArray(sportEvents.status, filter.statuses),
        filter.sport ? eq(sportEvents.sport, filter.sport) : undefined,
        filter.league ? eq(sportEvents.leagueId, filter.league) : undefined,
      ),
    )
    .orderBy(asc(sportEvents.startsAt), asc(sportEvents.id))
    .limit(filter.limit);
}

export interface LeagueCount {
  sport: string;
  leagueId: string;
  leagueName: string;
  live: number;
  upcoming: number;
}

/** The events on offer per sport and league. */
export function leagueCounts(db: Executor): Promise<LeagueCount[]> {
  return db
    .select({
      sport: sportEvents.sport,
      leagueId: sportEvents.leagueId,
      leagueName: sportEvents.leagueName,
      live: sql<number>`(count(*) filter (where ${sportEvents.status} = 'live'))::int`,
      upcoming: sql<number>`(count(*) filter (where ${sportEvents.status} = 'prematch'))::int`,
    })
    .from(sportEvents)
    .where(inArray(sportEvents.status, ['prematch', 'live']))
    .groupBy(sportEvents.sport, sportEvents.leagueId, sportEvents.leagueName)
    .orderBy(asc(sportEvents.sport), asc(sportEvents.leagueName));
}

/** Events of a feed (by id prefix) that are not over. */
export async function unfinishedEventIds(db: Executor, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ id: sportEvents.id })
    .from(sportEvents)
    .where(
      and(
        inArray(sportEvents.status, ['prematch', 'live']),
        sql`${sportEvents.id} LIKE ${prefix.replace(/[\\%_]/g, '\\$&') + '%'}`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function setOperatorStatus(
  db: Executor,
  marketId: string,
  status: 'suspended' | 'closed' | null,
): Promise<SportMarketRow | undefined> {
  const [row] = await db
    .update(sportMarkets)
    .set({ operatorStatus: status })
    .where(eq(sportMarkets.id, marketId))
    .returning();
  return row;
}

export async function findBetByKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<SportBetRow | undefined> {
  const [row] = await db
    .select()
    .from(sportBets)
    .where(and(eq(sportBets.userId, userId), eq(sportBets.idempotencyKey, key)));
  return row;
}

export async function insertBet(db: Executor, bet: typeof sportBets.$inferInsert): Promise<SportBetRow> {
  const [row] = await db.insert(sportBets).values(bet).returning();
  return row!;
}

export async function insertLegs(db: Executor, legs: (typeof sportBetLegs.$inferInsert)[]): Promise<void> {
  await db.insert(sportBetLegs).values(legs);
}

export async function lockBet(db: Executor, id: number): Promise<SportBetRow | undefined> {
  const [row] = await db.select().from(sportBets).where(eq(sportBets.id, id)).for('update');
  return row;
}

export async function findBet(db: Executor, id: number): Promise<SportBetRow | undefined> {
  const [row] = await db.select().from(sportBets).where(eq(sportBets.id, id));
  return row;
}

export async function updateBet(
  db: Executor,
  id: number,
  values: Partial<typeof sportBets.$inferInsert>,
): Promise<SportBetRow> {
  const [row] = await db.update(sportBets).set(values).where(eq(sportBets.id, id)).returning();
  return row!;
}

export async function updateLeg(
  db: Executor,
  id: number,
  values: { result: string | null; resultsVersion: number },
): Promise<void> {
  await db.update(sportBetLegs).set(values).where(eq(sportBetLegs.id, id));
}

export function legsOfBets(db: Executor, betIds: readonly number[]): Promise<SportBetLegRow[]> {
  if (betIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportBetLegs)
    .where(inArray(sportBetLegs.betId, [...betIds]))
    .orderBy(asc(sportBetLegs.betId), asc(sportBetLegs.position));
}

/** A bet's legs, and the markets they are on by id. */
export async function legsAndMarketsOf(
  db: Executor,
  betId: number,
): Promise<{ legs: SportBetLegRow[]; markets: Map<string, SportMarketRow> }> {
  const legs = await legsOfBets(db, [betId]);
  const rows = await findMarkets(
    db,
    legs.map((leg) => leg.marketId),
  );
  return { legs, markets: new Map(rows.map((row) => [row.id, row])) };
}

export function betsOfUser(
  db: Executor,
  userId: number,
  filter: { settled: boolean | null; limit: number; before?: number },
): Promise<SportBetRow[]> {
  return db
    .select()
    .from(sportBets)
    .where(
      and(
        eq(sportBets.userId, userId),
        filter.settled === null
          ? undefined
          : filter.settled
            ? ne(sportBets.status, 'open')
            : eq(sportBets.status, 'open'),
        filter.before ? lt(sportBets.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(sportBets.id))
    .limit(filter.limit);
}

/** What the player's open bets already stake on each of these events, and could pay. */
export async function openExposure(
  db: Executor,
  userId: number,
  eventIds: readonly string[],
): Promise<Map<string, { stakeMinor: bigint; payoutMinor: bigint }>> {
  const found = new Map<string, { stakeMinor: bigint; payoutMinor: bigint }>();
  if (eventIds.length === 0) return found;
  const rows = await db
    .select({
      eventId: sportBetLegs.eventId,
      stake: sql<string>`sum(${sportBets.stakeMinor})::text`,
      payout: sql<string>`sum(${sportBets.potentialPayoutMinor})::text`,
    })
    .from(sportBetLegs)
    .innerJoin(sportBets, eq(sportBets.id, sportBetLegs.betId))
    .where(
      and(
        eq(sportBets.userId, userId),
        eq(sportBets.status, 'open'),
        inArray(sportBetLegs.eventId, [...eventIds]),
      ),
    )
    .groupBy(sportBetLegs.eventId);
  for (const row of rows)
    found.set(row.eventId, { stakeMinor: BigInt(row.stake), payoutMinor: BigInt(row.payout) });
  return found;
}

/**
 * Bets with a leg whose market's results are newer than the leg's (first results, or a correction), cash-outs
 * aside; of these markets, or of all markets whose results are set (the catch-up pass).
 */
export async function betsToSettle(
  db: Executor,
  marketIds: readonly string[] | null,
  limit = 500,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ betId: sportBetLegs.betId })
    .from(sportBetLegs)
    .innerJoin(sportMarkets, eq(sportMarkets.id, sportBetLegs.marketId))
    .innerJoin(sportBets, eq(sportBets.id, sportBetLegs.betId))
    .where(
      and(
        marketIds ? inArray(sportBetLegs.marketId, [...marketIds]) : eq(sportBetLegs.resultsVersion, 0),
        gt(sportMarkets.resultsVersion, sportBetLegs.resultsVersion),
        ne(sportBets.status, 'cashed_out'),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.betId);
}

/** The open bets with a leg on the event, with that leg's outcome. */
export function openLegsOfEvent(
  db: Executor,
  eventId: string,
): Promise<{ bet: SportBetRow; outcomeId: string; oddsMilli: number }[]> {
  return db
    .select({ bet: sportBets, outcomeId: sportBetLegs.outcomeId, oddsMilli: sportBetLegs.oddsMilli })
    .from(sportBetLegs)
    .innerJoin(sportBets, eq(sportBets.id, sportBetLegs.betId))
    .where(and(eq(sportBetLegs.eventId, eventId), eq(sportBets.status, 'open')));
}

export async function findLimits(db: Executor, currency: string): Promise<SportLimitsRow | undefined> {
  const [row] = await db.select().from(sportLimits).where(eq(sportLimits.currency, currency));
  return row;
}

export async function upsertLimits(db: Executor, row: SportLimitsRow): Promise<void> {
  const { currency, ...rest } = row;
  await db.insert(sportLimits).values(row).onConflictDoUpdate({ target: sportLimits.currency, set: rest });
  void currency;
}
