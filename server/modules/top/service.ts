/**
 * The top page (issue 19; lib/contracts/top.ts) from the settled-bet stream (activity module): the biggest
 * wins and multipliers of single bets and the most wagered per player, over today (UTC), this ISO week
 * (from Monday, UTC) or all time. Rolled-back bets are left out. Hidden statistics show as "Hidden", hidden
 * avatars as none.
 */
import { sql } from 'drizzle-orm';
import type { Currency } from '@/lib/constants/currencies';
import { TOP_SIZE, type TopBoard, type TopPeriod, type TopRow } from '@/lib/contracts/top';
import type { Executor } from '../../db/client';
import { activityDaily, betActivity } from '../activity/schema';
import { minorToMajor } from '../ledger/service';
import { users } from '../users/schema';

/** A bet must stake at least this many kopecks (in roubles at the declared rates) to rank by multiplier. */
export const TOP_MULTIPLIER_MIN_STAKE_RUB_MINOR = 1_000n;

export function periodStart(period: TopPeriod, now: Date): Date | null {
  if (period === 'all') return null;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'day') return day;
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

type PlayerColumns = {
  user_id: number;
  name: string | null;
  is_statistics_hidden: boolean;
  is_avatar_hidden: boolean;
  avatar_url: string | null;
};

const player = (row: PlayerColumns) => ({
  player: row.is_statistics_hidden ? null : (row.name ?? `Player ${row.user_id}`),
  avatar: row.is_avatar_hidden || row.is_statistics_hidden ? null : row.avatar_url,
});

export async function top(db: Executor, board: TopBoard, period: TopPeriod, now: Date): Promise<TopRow[]> {
  const since = periodStart(period, now);
  if (board === 'wagered') {
    const day = since ? sql`AND d.day >= ${since.toISOString().slice(0, 10)}` : sql``;
    const result = await db.execute<PlayerColumns & { wagered: string }>(sql`
      SELECT d.user_id, SUM(d.wagered_rub_minor)::text AS wagered, u.name, u.is_statistics_hidden,
             u.is_avatar_hidden, u.avatar_url
      FROM ${activityDaily} d JOIN ${users} u ON u.id = d.user_id
      WHERE TRUE ${day}
      GROUP BY d.user_id, u.name, u.is_statistics_hidden, u.is_avatar_hidden, u.avatar_url
      HAVING SUM(d.wagered_rub_minor) > 0
      ORDER BY SUM(d.wagered_rub_minor) DESC, d.user_id ASC
      LIMIT ${TOP_SIZE}`);
    return result.rows.map((row, index) => ({
      place: index + 1,
      ...player(row),
      game: null,
      currency: 'RUB' as Currency,
      amount: minorToMajor(BigInt(row.wagered)),
      payout: null,
      multiplier: null,
      at: null,
    }));
  }
  const at = since ? sql`AND a.at >= ${since}` : sql``;
  const order =
    board === 'wins'
      ? sql`a.payout_rub_minor DESC, a.id ASC`
      : sql`a.multiplier_scaled DESC, a.payout_rub_minor DESC, a.id ASC`;
  const minStake =
    board === 'multipliers'
      ? sql`AND a.payout_rub_minor * 10000 / a.multiplier_scaled >= ${TOP_MULTIPLIER_MIN_STAKE_RUB_MINOR}`
      : sql``;
  const result = await db.execute<
    PlayerColumns & {
      game: string;
      currency: string;
      bet_stake_minor: string;
      payout_minor: string;
      multiplier_scaled: string;
      at: Date | string;
    }
  >(sql`
    SELECT a.user_id, a.game, a.currency, a.bet_stake_minor::text, a.payout_minor::text,
           a.multiplier_scaled::text, a.at, u.name, u.is_statistics_hidden, u.is_avatar_hidden, u.avatar_url
    FROM ${betActivity} a JOIN ${users} u ON u.id = a.user_id
    WHERE a.kind IN ('bet', 'win') AND a.payout_minor > 0 AND a.multiplier_scaled > 0 ${at} ${minStake}
      AND NOT EXISTS (SELECT 1 FROM ${betActivity} r WHERE r.ref = a.ref AND r.kind = 'rollback' AND r.id > a.id)
    ORDER BY ${order}
    LIMIT ${TOP_SIZE}`);
  return result.rows.map((row, index) => ({
    place: index + 1,
    ...player(row),
    game: row.game,
    currency: row.currency as Currency,
    amount: minorToMajor(BigInt(row.bet_stake_minor)),
    payout: minorToMajor(BigInt(row.payout_minor)),
    multiplier: Number(BigInt(row.multiplier_scaled) / 100n) / 100,
    at: new Date(row.at).toISOString(),
  }));
}
