/**
 * The home page's live lobby (issue 19; lib/contracts/promotions.ts): the operator's banners live now,
 * then one per active or upcoming tournament; and a player's recently played games.
 */
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { RECENT_GAMES_LIMIT, type ActivityCategory } from '@/lib/constants/activity';
import type { Banner } from '@/lib/contracts/promotions';
import type { LocalizedText } from '@/lib/contracts/tournaments';
import { tournamentPath } from '@/lib/routes';
import type { Executor } from '../../db/client';
import { betActivity } from '../activity/schema';
import { tournaments } from '../tournaments/schema';
import { promoBanners } from './schema';

const TOURNAMENT_TEXT: LocalizedText = {
  ru: 'Турнир: соревнуйтесь за призовой фонд',
  en: 'Tournament: compete for the prize pool',
  kz: 'Турнир: жүлде қоры үшін жарысыңыз',
};

export async function banners(db: Executor, now: Date): Promise<Banner[]> {
  const own = await db
    .select()
    .from(promoBanners)
    .where(
      and(
        or(isNull(promoBanners.startsAt), lte(promoBanners.startsAt, now)),
        or(isNull(promoBanners.endsAt), gt(promoBanners.endsAt, now)),
      ),
    )
    .orderBy(asc(promoBanners.position), asc(promoBanners.id));
  const open = await db
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.state, 'open'), gt(tournaments.endsAt, now)))
    .orderBy(asc(tournaments.startsAt))
    .limit(5);
  return [
    ...own.map((row) => ({
      id: `banner:${row.id}`,
      title: row.title,
      text: row.text,
      href: row.href,
      theme: row.theme as Banner['theme'],
      starts_at: null,
      ends_at: row.endsAt?.toISOString() ?? null,
    })),
    ...open.map((row, index) => ({
      id: `tournament:${row.id}`,
      title: row.title,
      text: TOURNAMENT_TEXT,
      href: tournamentPath(row.id),
      theme: (['violet', 'emerald', 'crimson', 'gold'] as const)[index % 4]!,
      starts_at: row.startsAt > now ? row.startsAt.toISOString() : null,
      ends_at: row.startsAt <= now ? row.endsAt.toISOString() : null,
    })),
  ];
}

/** The games the player played last (each once), from their last 500 settled bets. */
export async function recentGames(db: Executor, userId: number) {
  const last = db
    .select({ game: betActivity.game, category: betActivity.category, at: betActivity.at })
    .from(betActivity)
    .where(eq(betActivity.userId, userId))
    .orderBy(desc(betActivity.id))
    .limit(500)
    .as('last');
  const rows = await db
    .select({ game: last.game, category: last.category, at: sql<Date>`max(${last.at})`.as('at') })
    .from(last)
    .groupBy(last.game, last.category)
    .orderBy(desc(sql`max(${last.at})`))
    .limit(RECENT_GAMES_LIMIT);
  return rows.map((row) => ({
    game: row.game,
    category: row.category as ActivityCategory,
    at: new Date(row.at).toISOString(),
  }));
}
