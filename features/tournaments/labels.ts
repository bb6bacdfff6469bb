import { ACTIVITY_CATEGORIES, type ActivityCategory } from '@/lib/constants/activity';
import type { Currency } from '@/lib/constants/currencies';
import type { TournamentKind, TournamentState } from '@/lib/constants/tournaments';
import type { Formatter } from '@/lib/i18n/format';
import type { LocalizedText } from './api/replies';

/** A text of the three languages in the page's language (Russian for a language it lacks). */
export function localized(text: LocalizedText, locale: string): string {
  return (locale === 'en' || locale === 'kz' ? text[locale] : text.ru) || text.ru;
}

export const isCategory = (game: string): game is ActivityCategory =>
  (ACTIVITY_CATEGORIES as readonly string[]).includes(game);

/** `slots:aurora-wilds` → `Aurora Wilds`: a game the messages do not name, by its slug. */
export function slugTitle(slug: string): string {
  return slug
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The name of a game key or category a tournament counts (lib/constants/activity.ts): a category and an
 * in-house game by the messages (`categoryName`, `gameName` answer null when they do not know it), a slot
 * or live table by its slug.
 */
export function gameLabel(
  game: string,
  categoryName: (category: ActivityCategory) => string,
  gameName: (key: string) => string | null,
): string {
  if (isCategory(game)) return categoryName(game);
  const colon = game.indexOf(':');
  if (colon > 0) return slugTitle(game.slice(colon + 1));
  const base = game.startsWith('room-') ? 'rooms' : game;
  return gameName(base) ?? slugTitle(game);
}

/**
 * A leaderboard's points: a wager race's are money in the tournament's currency, a multiplier race's a
 * multiple (`×12.50`).
 */
export function pointsText(
  kind: TournamentKind,
  points: number,
  currency: Currency,
  format: Formatter,
): string {
  return kind === 'wager' ? format.money(points, currency) : `×${format.decimal(points, 2)}`;
}

/** The status tab a tournament is listed under: a cancelled one under finished. */
export const listedState = (state: TournamentState) => (state === 'cancelled' ? 'finished' : state);

/** What a card's clock counts down to: the end of an active tournament, the start of an upcoming one. */
export function countdownTarget(tournament: {
  state: TournamentState;
  starts_at: string;
  ends_at: string;
}): { to: 'end' | 'start'; at: number } | null {
  if (tournament.state === 'active') return { to: 'end', at: Date.parse(tournament.ends_at) };
  if (tournament.state === 'upcoming') return { to: 'start', at: Date.parse(tournament.starts_at) };
  return null;
}

export interface ClockParts {
  days: number;
  time: string;
}

/** `ms` as whole days and `hh:mm:ss` (never negative). */
export function clockParts(ms: number): ClockParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const two = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  return { days, time: `${two(hours)}:${two(minutes)}:${two(total % 60)}` };
}

/** The places of a prize row: `1`, `2–3`. */
export const placesText = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);
