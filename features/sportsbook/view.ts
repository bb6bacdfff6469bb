import { isSport, type Sport } from '@/lib/constants/sports';

/**
 * What /betting shows, as its address says it (`/betting?sport=football&league=premier-league`), so a
 * chosen sport or league can be shared, bookmarked and restored by the back button. The default view
 * (every sport) has no query; unknown or malformed values fall back to it.
 */
export interface SportsView {
  sport: Sport | null;
  /** A league of the sport (ignored without one). */
  league: string | null;
}

export const DEFAULT_SPORTS_VIEW: SportsView = { sport: null, league: null };

/** The two lists of /betting: `GET /sports/events?status=`. */
export const EVENT_LIST_STATUSES = ['live', 'upcoming'] as const;
export type EventListStatus = (typeof EVENT_LIST_STATUSES)[number];

/**
 * How many events each list shows first (the server's first screen too): a phone hydrates and follows
 * every row it renders, so the first screen stays short; "Show more" asks for up to EVENT_LIST_MORE.
 */
export const EVENT_LIST_LIMIT = 6;
export const EVENT_LIST_MORE = 100;

/** A list's query (`GET /sports/events?status=&sport=&league=&limit=`); the server's first fetch asks the same. */
export function eventListParams(
  status: EventListStatus,
  view: SportsView,
  limit: number = EVENT_LIST_LIMIT,
): Record<string, string> {
  const params: Record<string, string> = { status, limit: String(limit) };
  if (view.sport) params.sport = view.sport;
  if (view.sport && view.league) params.league = view.league;
  return params;
}

const LEAGUE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** The view an address asks for. */
export function readSportsView(params: Pick<URLSearchParams, 'get'>): SportsView {
  const sport = params.get('sport');
  if (!isSport(sport)) return DEFAULT_SPORTS_VIEW;
  const league = params.get('league');
  return { sport, league: league && LEAGUE_ID.test(league) ? league : null };
}

/** The query string of a view (`?sport=football&league=…`, or '' for every sport), other parameters kept. */
export function writeSportsView(view: SportsView, keep?: URLSearchParams): string {
  const params = new URLSearchParams(keep);
  params.delete('sport');
  params.delete('league');
  if (view.sport) {
    params.set('sport', view.sport);
    if (view.league) params.set('league', view.league);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const isDefaultView = (view: SportsView) => view.sport === null && view.league === null;

/** An event id as the address may carry it (anything else is a 404 without asking the API). */
export const isEventId = (id: string) => /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/.test(id);

/** The event page's path, without the locale. */
export const eventPath = (id: string) => `/betting/event/${encodeURIComponent(id)}`;
