/**
 * A lobby's view as its address says it (`/games/slots?q=book&provider=aurum-studio&sort=new&tab=favourites`),
 * so a filtered lobby can be shared, bookmarked and restored by the back button. Defaults are left out of
 * the address; unknown or malformed values fall back to them.
 */

export const LOBBY_SORTS = ['popular', 'new', 'name'] as const;
export type LobbySort = (typeof LOBBY_SORTS)[number];

/** All games, the player's favourites, the games they played last (the last two for a signed-in player). */
export const LOBBY_TABS = ['all', 'favourites', 'recent'] as const;
export type LobbyTab = (typeof LOBBY_TABS)[number];

/** The longest search the lobby sends. */
export const LOBBY_SEARCH_MAX = 60;
/** Games per page of the lobby's list. */
export const LOBBY_PAGE_SIZE = 24;

export interface LobbyQuery {
  search: string;
  provider: string | null;
  category: string | null;
  sort: LobbySort;
  tab: LobbyTab;
}

export const DEFAULT_LOBBY_QUERY: LobbyQuery = {
  search: '',
  provider: null,
  category: null,
  sort: 'popular',
  tab: 'all',
};

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

const slugOrNull = (value: string | null) => (value && value.length <= 60 && SLUG.test(value) ? value : null);

/** The view an address asks for. */
export function readLobbyQuery(params: Pick<URLSearchParams, 'get'>): LobbyQuery {
  return {
    search: (params.get('q') ?? '').trim().slice(0, LOBBY_SEARCH_MAX),
    provider: slugOrNull(params.get('provider')),
    category: slugOrNull(params.get('category')),
    sort: oneOf(LOBBY_SORTS, params.get('sort'), DEFAULT_LOBBY_QUERY.sort),
    tab: oneOf(LOBBY_TABS, params.get('tab'), DEFAULT_LOBBY_QUERY.tab),
  };
}

/** The query string of a view (`?q=…&sort=new`, or '' for the default view), other parameters kept. */
export function writeLobbyQuery(query: LobbyQuery, keep?: URLSearchParams): string {
  const params = new URLSearchParams(keep);
  const set = (name: string, value: string | null, fallback: string | null) => {
    if (value === null || value === '' || value === fallback) params.delete(name);
    else params.set(name, value);
  };
  set('q', query.search.trim(), '');
  set('provider', query.provider, null);
  set('category', query.category, null);
  set('sort', query.sort, DEFAULT_LOBBY_QUERY.sort);
  set('tab', query.tab, DEFAULT_LOBBY_QUERY.tab);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether the view narrows the list (a search or a filter), so "nothing found" offers to clear it. */
export const isFiltered = (query: LobbyQuery) =>
  query.search !== '' || query.provider !== null || query.category !== null;
