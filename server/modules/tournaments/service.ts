/**
 * Tournaments (issue 19; lib/constants/tournaments.ts, lib/contracts/tournaments.ts, prizes in
 * lib/tournaments/prizes.ts).
 *
 * - Points come from the settled-bet stream (activity module): `pointsConsumer` runs in the processor's
 *   transaction, so each bet counts once; a rollback deletes the bet's contribution and the entry is
 *   reckoned again from what is left (a wager race sums its contributions, a multiplier race takes the
 *   best).
 * - `finishDue` pays tournaments whose end has passed (and whose bets up to the end are all counted): under
 *   the tournament row's lock, in one transaction, every prize through the ledger with a key of its own,
 *   and the state `finished`. Run twice, or in two processes, or again after a process died midway, it
 *   pays each prize once: the row lock and the state make the second run find nothing to do, a killed run
 *   commits nothing, and each transfer's idempotency key would refuse a second payment anyway.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { LEADERBOARD_SIZE, tournamentTopic, type TournamentState } from '@/lib/constants/tournaments';
import type {
  LeaderboardEntry,
  MyEntry,
  TournamentDetail,
  TournamentSummary,
} from '@/lib/contracts/tournaments';
import { toMinorUnits } from '@/lib/money';
import { prizeTotal, sharedPrize, standings, type PrizeRow } from '@/lib/tournaments/prizes';
import type { TournamentStatus } from '@/lib/routes';
import type { Database, Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ActivityConsumer, ActivityRow } from '../activity/processor';
import { betActivity } from '../activity/schema';
import { grantRewardBonus } from '../bonuses/service';
import { minorToMajor, systemAccount, transfer, userAccount } from '../ledger/service';
import { users } from '../users/schema';
import { tournamentContributions, tournamentEntries, tournaments, type StoredPrize } from './schema';

export type TournamentRow = typeof tournaments.$inferSelect;

const prizeRows = (row: TournamentRow): PrizeRow[] =>
  row.prizes.map((prize) => ({
    from: prize.from,
    to: prize.to,
    ...(prize.amountMinor !== undefined ? { amountMinor: BigInt(prize.amountMinor) } : {}),
    ...(prize.poolBp !== undefined ? { poolBp: prize.poolBp } : {}),
  }));

/** upcoming / active / finished / cancelled, by the row's state and the clock. */
export function stateOf(row: TournamentRow, now: Date): TournamentState {
  if (row.state === 'finished' || row.state === 'cancelled') return row.state;
  return now < row.startsAt ? 'upcoming' : 'active';
}

/** A tournament's rate for `currency` in millionths (null: not counted). */
function rateMicro(row: TournamentRow, currency: string): bigint | null {
  if (currency === row.currency) return 1_000_000n;
  const rate = row.rates[currency];
  if (rate === undefined) return null;
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt((fraction + '000000').slice(0, 6));
}

const convert = (minor: bigint, micro: bigint) => (minor * micro) / 1_000_000n;

export function counts(row: TournamentRow, game: string, category: string): boolean {
  return row.games.includes(game) || row.games.includes(category);
}

/** Points shown: a wager race's are money, a multiplier race's a multiple (both two decimals). */
const pointsValue = (row: TournamentRow, points: bigint) =>
  row.kind === 'wager' ? minorToMajor(points) : Number(points / 100n) / 100;

// ——— points ———

/** Applies settled bets to the open tournaments they fall in (the activity processor's consumer). */
export function pointsConsumer(publish: (ids: number[]) => void): ActivityConsumer {
  return {
    async apply(tx, rows, now) {
      const touched = await applyPoints(tx, rows, now);
      if (touched.length > 0) return () => publish(touched);
    },
  };
}

export async function applyPoints(tx: Executor, rows: readonly ActivityRow[], now: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const first = rows.reduce((min, row) => (row.at < min ? row.at : min), rows[0]!.at);
  const last = rows.reduce((max, row) => (row.at > max ? row.at : max), rows[0]!.at);
  const open = await tx
    .select()
    .from(tournaments)
    .where(
      and(eq(tournaments.state, 'open'), lte(tournaments.startsAt, last), gt(tournaments.endsAt, first)),
    );
  if (open.length === 0) return [];
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const joinedRows = open.some((t) => t.requiresJoin)
    ? await tx
        .select({
          t: tournamentEntries.tournamentId,
          u: tournamentEntries.userId,
          at: tournamentEntries.joinedAt,
        })
        .from(tournamentEntries)
        .where(
          and(
            inArray(
              tournamentEntries.tournamentId,
              open.filter((t) => t.requiresJoin).map((t) => t.id),
            ),
            inArray(tournamentEntries.userId, userIds),
            isNotNull(tournamentEntries.joinedAt),
          ),
        )
    : [];
  const joined = new Map(joinedRows.map((row) => [`${row.t}:${row.u}`, row.at!]));
  const deltas = new Map<string, Delta>();
  const delta = (tournament: TournamentRow, userId: number): Delta => {
    const key = `${tournament.id}:${userId}`;
    let found = deltas.get(key);
    if (!found) {
      found = { tournament, userId, add: 0n, best: 0n, finalBest: 0n, recompute: false };
      deltas.set(key, found);
    }
    return found;
  };

  for (const row of rows) {
    for (const t of open) {
      if (row.at < t.startsAt || row.at >= t.endsAt) continue;
      if (row.kind === 'rollback') {
        const gone = await tx
          .delete(tournamentContributions)
          .where(
            and(eq(tournamentContributions.tournamentId, t.id), eq(tournamentContributions.ref, row.ref)),
          )
          .returning({ userId: tournamentContributions.userId, points: tournamentContributions.points });
        for (const { userId, points } of gone) {
          const d = delta(t, userId);
          if (t.kind === 'wager') d.add -= points;
          else d.recompute = true;
        }
        continue;
      }
      if (!counts(t, row.game, row.category)) continue;
      const micro = rateMicro(t, row.currency);
      if (micro === null) continue;
      if (t.requiresJoin) {
        const since = joined.get(`${t.id}:${row.userId}`);
        if (!since || since > row.at) continue;
      }
      const stake = convert(row.stakeMinor, micro);
      const payout = convert(row.payoutMinor, micro);
      const betStake = convert(row.betStakeMinor, micro);
      const final = FINAL_REF.test(row.ref);
      const d = delta(t, row.userId);
      if (t.kind === 'wager') {
        if (stake <= 0n) continue;
        d.add += stake;
        if (final) continue;
        await tx
          .insert(tournamentContributions)
          .values({
            tournamentId: t.id,
            ref: row.ref,
            userId: row.userId,
            stakeMinor: stake,
            payoutMinor: payout,
            points: stake,
          })
          .onConflictDoUpdate({
            target: [tournamentContributions.tournamentId, tournamentContributions.ref],
            set: {
              stakeMinor: sql`${tournamentContributions.stakeMinor} + excluded.stake_minor`,
              payoutMinor: sql`${tournamentContributions.payoutMinor} + excluded.payout_minor`,
              points: sql`${tournamentContributions.points} + excluded.points`,
            },
          });
      } else {
        if (betStake <= 0n || betStake < (t.minStakeMinor ?? 0n)) continue;
        if (final) {
          const multiple = (payout * 10_000n) / betStake;
          if (multiple > d.best) d.best = multiple;
          if (multiple > d.finalBest) d.finalBest = multiple;
          continue;
        }
        // A bet's multiple: its payouts so far over its stake (a provider may pay one bet in several wins).
        const [saved] = await tx
          .insert(tournamentContributions)
          .values({
            tournamentId: t.id,
            ref: row.ref,
            userId: row.userId,
            stakeMinor: betStake,
            payoutMinor: payout,
            points: (payout * 10_000n) / betStake,
          })
          .onConflictDoUpdate({
            target: [tournamentContributions.tournamentId, tournamentContributions.ref],
            set: {
              payoutMinor: sql`${tournamentContributions.payoutMinor} + excluded.payout_minor`,
              points: sql`(${tournamentContributions.payoutMinor} + excluded.payout_minor) * 10000
                / ${tournamentContributions.stakeMinor}`,
            },
          })
          .returning({ points: tournamentContributions.points });
        if (saved && saved.points > d.best) d.best = saved.points;
      }
    }
  }

  for (const d of deltas.values()) await applyDelta(tx, d, now);
  return [...new Set([...deltas.values()].map((entry) => entry.tournament.id))];
}

/**
 * Bets settled for good (the in-house games, crash, the rooms): no rollback or correction can follow, so
 * they go straight into the entry without a contribution row. A provider's bets and sports bets may be
 * rolled back or settled again: each keeps a contribution to take back.
 */
const FINAL_REF = /^(game-bet|crash-bet|room-stake):/;

/** What a batch changes of one entry (see applyPoints). */
interface Delta {
  tournament: TournamentRow;
  userId: number;
  /** Wager race: points added (negative for what rollbacks took back). */
  add: bigint;
  /** Multiplier race: the best multiple among the batch's bets. */
  best: bigint;
  /** Multiplier race: the best multiple among the batch's bets settled for good. */
  finalBest: bigint;
  /** Multiplier race: a contribution was taken back, so the best is reckoned again. */
  recompute: boolean;
}

/**
 * One entry's change, in one statement: a wager race adds to its points; a multiplier race keeps the best
 * of what it had and the batch's (or, after a rollback, the best of its bets settled for good and its
 * contributions left). The points never need the entry's whole history: a week-long race costs each batch
 * the same.
 */
async function applyDelta(tx: Executor, d: Delta, now: Date): Promise<void> {
  const { tournament, userId } = d;
  const entries = tournamentEntries;
  if (tournament.kind === 'wager') {
    if (d.add === 0n) return;
    await tx
      .insert(entries)
      .values({ tournamentId: tournament.id, userId, points: d.add, reachedAt: now })
      .onConflictDoUpdate({
        target: [entries.tournamentId, entries.userId],
        set: {
          points: sql`${entries.points} + excluded.points`,
          reachedAt: sql`CASE WHEN excluded.points > 0 THEN excluded.reached_at ELSE ${entries.reachedAt} END`,
        },
      });
    return;
  }
  const finalBest = sql`GREATEST(${entries.finalBest}, ${d.finalBest})`;
  const best = d.recompute
    ? sql`GREATEST(${finalBest}, ${d.best}, COALESCE((SELECT MAX(c.points) FROM ${tournamentContributions} c
        WHERE c.tournament_id = ${tournament.id} AND c.user_id = ${userId}), 0))`
    : sql`GREATEST(${entries.points}, ${d.best})`;
  await tx
    .insert(entries)
    .values({ tournamentId: tournament.id, userId, points: d.best, finalBest: d.finalBest, reachedAt: now })
    .onConflictDoUpdate({
      target: [entries.tournamentId, entries.userId],
      set: {
        points: best,
        finalBest,
        reachedAt: sql`CASE WHEN ${best} > ${entries.points} THEN excluded.reached_at ELSE ${entries.reachedAt} END`,
      },
    });
}

// ——— reading ———

export async function findTournament(db: Executor, id: number): Promise<TournamentRow | undefined> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  return row;
}

async function participantsOf(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tournamentEntries.tournamentId, count: sql<number>`count(*)::int` })
    .from(tournamentEntries)
    .where(
      and(
        inArray(tournamentEntries.tournamentId, ids),
        sql`(${tournamentEntries.joinedAt} IS NOT NULL OR ${tournamentEntries.points} > 0)`,
      ),
    )
    .groupBy(tournamentEntries.tournamentId);
  return new Map(rows.map((row) => [row.id, row.count]));
}

export function summaryOf(row: TournamentRow, now: Date, participants: number): TournamentSummary {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind as TournamentSummary['kind'],
    state: stateOf(row, now),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    currency: row.currency as Currency,
    pool: minorToMajor(row.poolMinor),
    prize_total: minorToMajor(prizeTotal(prizeRows(row), row.poolMinor)),
    games: row.games,
    requires_join: row.requiresJoin,
    participants,
  };
}

export function detailOf(row: TournamentRow, now: Date, participants: number): TournamentDetail {
  const pool = prizeRows(row);
  return {
    ...summaryOf(row, now, participants),
    rules: row.rules,
    min_stake: row.minStakeMinor === null ? null : minorToMajor(row.minStakeMinor),
    rates: Object.fromEntries(Object.entries(row.rates).map(([currency, rate]) => [currency, Number(rate)])),
    prizes: row.prizes.map((prize, index) => ({
      from: prize.from,
      to: prize.to,
      amount: minorToMajor(pool[index]!.amountMinor ?? (row.poolMinor * BigInt(prize.poolBp ?? 0)) / 10_000n),
      pool_percent: prize.poolBp === undefined ? null : prize.poolBp / 100,
      to_balance: prize.toBalance,
      wager: prize.toBalance === 'bonus' ? (prize.wager ?? 0) : null,
    })),
  };
}

/** The list for `/tournaments/{status}`: active and upcoming soonest first, finished newest first. */
export async function list(
  db: Executor,
  status: TournamentStatus | undefined,
  now: Date,
): Promise<TournamentSummary[]> {
  const where =
    status === 'finished'
      ? inArray(tournaments.state, ['finished', 'cancelled'])
      : status === 'upcoming'
        ? and(eq(tournaments.state, 'open'), gt(tournaments.startsAt, now))
        : status === 'active'
          ? and(eq(tournaments.state, 'open'), lte(tournaments.startsAt, now))
          : undefined;
  const rows = await db
    .select()
    .from(tournaments)
    .where(where)
    .orderBy(desc(sql`${tournaments.state} = 'open'`), asc(tournaments.endsAt))
    .limit(100);
  const open = rows.filter((row) => row.state === 'open');
  const closed = rows
    .filter((row) => row.state !== 'open')
    .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime());
  const counts = await participantsOf(
    db,
    rows.map((row) => row.id),
  );
  return [...open, ...closed].map((row) => summaryOf(row, now, counts.get(row.id) ?? 0));
}

const ranked = (id: number) => sql`
  SELECT e.user_id, e.points, e.prize_minor, e.paid_at, e.joined_at, e.reached_at,
         RANK() OVER (ORDER BY e.points DESC)::int AS place,
         COUNT(*) OVER (PARTITION BY e.points)::int AS tied
  FROM ${tournamentEntries} e WHERE e.tournament_id = ${id} AND e.points > 0`;

/** The top `limit` of a tournament (tied players share a place and split its prizes). */
export async function leaderboard(
  db: Executor,
  row: TournamentRow,
  limit = LEADERBOARD_SIZE,
): Promise<LeaderboardEntry[]> {
  const result = await db.execute<{
    user_id: number;
    points: string;
    place: number;
    tied: number;
    prize_minor: string | null;
    name: string | null;
    is_statistics_hidden: boolean;
    is_avatar_hidden: boolean;
    avatar_url: string | null;
  }>(sql`
    SELECT r.user_id, r.points, r.place, r.tied, r.prize_minor, u.name, u.is_statistics_hidden,
           u.is_avatar_hidden, u.avatar_url
    FROM (${ranked(row.id)}) r JOIN ${users} u ON u.id = r.user_id
    ORDER BY r.points DESC, r.reached_at ASC, r.user_id ASC
    LIMIT ${limit}`);
  const prizes = prizeRows(row);
  return result.rows.map((entry) => {
    const points = BigInt(entry.points);
    const prize =
      entry.prize_minor !== null
        ? BigInt(entry.prize_minor)
        : sharedPrize(prizes, row.poolMinor, entry.place, entry.tied);
    return {
      place: entry.place,
      user_id: entry.user_id,
      player: entry.is_statistics_hidden ? null : (entry.name ?? `Player ${entry.user_id}`),
      avatar: entry.is_avatar_hidden ? null : entry.avatar_url,
      points: pointsValue(row, points),
      prize: row.state === 'cancelled' ? 0 : minorToMajor(prize),
    };
  });
}

export async function myEntry(db: Executor, row: TournamentRow, userId: number): Promise<MyEntry> {
  const result = await db.execute<{
    place: number;
    tied: number;
    points: string;
    prize_minor: string | null;
    paid_at: string | null;
  }>(
    sql`SELECT r.place, r.tied, r.points, r.prize_minor, r.paid_at FROM (${ranked(row.id)}) r WHERE r.user_id = ${userId}`,
  );
  const [entry] = await db
    .select({ joinedAt: tournamentEntries.joinedAt })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, row.id), eq(tournamentEntries.userId, userId)));
  const standing = result.rows[0];
  const joined = row.requiresJoin ? Boolean(entry?.joinedAt) : true;
  if (!standing) return { joined, place: null, points: 0, prize: 0, paid: false };
  const prize =
    standing.prize_minor !== null
      ? BigInt(standing.prize_minor)
      : sharedPrize(prizeRows(row), row.poolMinor, standing.place, standing.tied);
  return {
    joined,
    place: standing.place,
    points: pointsValue(row, BigInt(standing.points)),
    prize: row.state === 'cancelled' ? 0 : minorToMajor(prize),
    paid: standing.paid_at !== null,
  };
}

export async function participants(db: Executor, id: number): Promise<number> {
  return (await participantsOf(db, [id])).get(id) ?? 0;
}

// ——— joining ———

export async function join(
  db: Database,
  input: { id: number; userId: number; currency: Currency; now: Date },
): Promise<void> {
  const row = await findTournament(db, input.id);
  if (!row) throw new HttpError(404, 'Not Found');
  if (row.state !== 'open' || row.endsAt <= input.now) {
    throw ValidationError.field('tournament', 'finished', 'This tournament is over.');
  }
  if (rateMicro(row, input.currency) === null) {
    throw ValidationError.field(
      'tournament',
      'currency',
      `This tournament counts bets in ${[row.currency, ...Object.keys(row.rates)].join(', ')} only.`,
    );
  }
  await db
    .insert(tournamentEntries)
    .values({ tournamentId: row.id, userId: input.userId, joinedAt: input.now })
    .onConflictDoUpdate({
      target: [tournamentEntries.tournamentId, tournamentEntries.userId],
      set: { joinedAt: sql`COALESCE(${tournamentEntries.joinedAt}, excluded.joined_at)` },
    });
}

// ——— finishing ———

export interface FinishHooks {
  /** Called after each prize is paid, inside the transaction (tests throw here to kill a run midway). */
  afterPrize?: (paid: number) => void;
}

/**
 * Tournaments whose end passed `graceMs` ago, open, with every bet settled before their end counted:
 * each is finished and paid (see the file's comment). Answers the ids finished.
 */
export async function finishDue(
  db: Database,
  now: Date,
  graceMs: number,
  hooks: FinishHooks = {},
): Promise<number[]> {
  const due = await db
    .select({ id: tournaments.id, endsAt: tournaments.endsAt })
    .from(tournaments)
    .where(and(eq(tournaments.state, 'open'), lte(tournaments.endsAt, new Date(now.getTime() - graceMs))));
  const finished: number[] = [];
  for (const { id, endsAt } of due) {
    const [pending] = await db
      .select({ one: sql<number>`1` })
      .from(betActivity)
      .where(and(sql`${betActivity.processedAt} IS NULL`, sql`${betActivity.at} < ${endsAt}`))
      .limit(1);
    if (pending) continue;
    if (await finishOne(db, id, now, hooks)) finished.push(id);
  }
  return finished;
}

async function finishOne(db: Database, id: number, now: Date, hooks: FinishHooks): Promise<boolean> {
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .for('update', { skipLocked: true });
    if (!row || row.state !== 'open') return false;
    const entries = await tx
      .select({
        userId: tournamentEntries.userId,
        points: tournamentEntries.points,
        paidAt: tournamentEntries.paidAt,
      })
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, id), gt(tournamentEntries.points, 0n)))
      .orderBy(
        desc(tournamentEntries.points),
        asc(tournamentEntries.reachedAt),
        asc(tournamentEntries.userId),
      );
    const table = standings(entries, (entry) => entry.points, prizeRows(row), row.poolMinor);
    let paid = 0;
    for (const { item, place, prizeMinor } of table) {
      if (prizeMinor > 0n && item.paidAt === null) {
        const prize = row.prizes.find((p) => place >= p.from && place <= p.to);
        await payPrize(tx, row, item.userId, prizeMinor, prize!, now);
        paid += 1;
        hooks.afterPrize?.(paid);
      }
      await tx
        .update(tournamentEntries)
        .set({ place, prizeMinor, paidAt: prizeMinor > 0n ? now : null })
        .where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, item.userId)));
    }
    await tx.update(tournaments).set({ state: 'finished', finishedAt: now }).where(eq(tournaments.id, id));
    return true;
  });
}

async function payPrize(
  tx: Executor,
  row: TournamentRow,
  userId: number,
  amountMinor: bigint,
  prize: StoredPrize,
  now: Date,
) {
  const currency = row.currency as Currency;
  const key = `tournament-prize:${row.id}:${userId}`;
  const note = `Tournament #${row.id} prize`;
  if (prize.toBalance === 'bonus') {
    await grantRewardBonus(tx, { userId, currency, amountMinor, wager: prize.wager ?? 0, note, key, now });
    return;
  }
  await transfer(tx, {
    idempotencyKey: key,
    kind: 'bonus',
    reference: `tournament:${row.id}`,
    entries: [
      { account: await systemAccount(tx, 'promotions', currency), amountMinor: -amountMinor },
      { account: await userAccount(tx, userId, currency, 'cash'), amountMinor },
    ],
    meta: { reason: note },
  });
}

/** The operator cancels an open tournament: it stops counting and pays nothing. */
export async function cancel(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(tournaments)
    .set({ state: 'cancelled', finishedAt: now })
    .where(and(eq(tournaments.id, id), eq(tournaments.state, 'open')))
    .returning({ id: tournaments.id });
  return rows.length > 0;
}

/** The operator ends an open tournament now (its end moves to `now`; the finishing job pays it). */
export async function endNow(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(tournaments)
    .set({ endsAt: now, startsAt: sql`LEAST(${tournaments.startsAt}, ${new Date(now.getTime() - 1)})` })
    .where(and(eq(tournaments.id, id), eq(tournaments.state, 'open')))
    .returning({ id: tournaments.id });
  return rows.length > 0;
}

// ——— creating ———

export interface NewTournament {
  title: { ru: string; en: string; kz: string };
  rules: { ru: string; en: string; kz: string };
  kind: 'wager' | 'multiplier';
  currency: Currency;
  rates?: Record<string, string>;
  games: string[];
  minStake?: number | null;
  requiresJoin: boolean;
  pool?: number;
  prizes: Array<{
    from: number;
    to: number;
    amount?: number;
    poolPercent?: number;
    toBalance: 'cash' | 'bonus';
    wager?: number;
  }>;
  startsAt: Date;
  endsAt: Date;
}

export async function create(db: Executor, input: NewTournament): Promise<TournamentRow> {
  const problems: string[] = [];
  if (input.endsAt <= input.startsAt) problems.push('the end must come after the start');
  if (input.games.length === 0) problems.push('name at least one game or category');
  for (const [currency, rate] of Object.entries(input.rates ?? {})) {
    if (!isCurrency(currency)) problems.push(`unknown currency ${currency}`);
    if (!/^\d+(\.\d{1,6})?$/.test(rate)) problems.push(`rate of ${currency} must be a positive decimal`);
  }
  let last = 0;
  for (const prize of [...input.prizes].sort((a, b) => a.from - b.from)) {
    if (prize.from <= last || prize.to < prize.from)
      problems.push(`prize places ${prize.from}-${prize.to} overlap or are reversed`);
    if ((prize.amount === undefined) === (prize.poolPercent === undefined))
      problems.push('each prize is an amount or a pool share');
    last = prize.to;
  }
  if (input.prizes.length === 0) problems.push('the prize table is empty');
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  const [row] = await db
    .insert(tournaments)
    .values({
      title: input.title,
      rules: input.rules,
      kind: input.kind,
      currency: input.currency,
      rates: input.rates ?? {},
      games: input.games,
      minStakeMinor: input.minStake ? BigInt(toMinorUnits(input.minStake)) : null,
      requiresJoin: input.requiresJoin,
      poolMinor: BigInt(toMinorUnits(input.pool ?? 0)),
      prizes: input.prizes.map((prize) => ({
        from: prize.from,
        to: prize.to,
        ...(prize.amount !== undefined ? { amountMinor: toMinorUnits(prize.amount).toString() } : {}),
        ...(prize.poolPercent !== undefined ? { poolBp: Math.round(prize.poolPercent * 100) } : {}),
        toBalance: prize.toBalance,
        ...(prize.toBalance === 'bonus' ? { wager: prize.wager ?? 0 } : {}),
      })),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    })
    .returning();
  return row!;
}

export { tournamentTopic };
