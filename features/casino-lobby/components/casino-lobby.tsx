'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useAddressSearch } from '@/lib/use-address-search';
import { getCasinoGames, getFavourites, getLiveTables, getRecentGames } from '../api/casino-api';
import { casinoKeys } from '../api/query-keys';
import type { CasinoGamesReply } from '@/lib/contracts/casino';
import type { CasinoGame, CasinoLobby as Lobby, CasinoTable as LiveTable } from '../api/replies';
import {
  DEFAULT_LOBBY_QUERY,
  isFiltered,
  LOBBY_SEARCH_MAX,
  LOBBY_TABS,
  readLobbyQuery,
  writeLobbyQuery,
  type LobbyQuery,
  type LobbyTab,
} from '../lobby-query';
import { GameTile, GameTileSkeleton } from './game-tile';
import { LobbyFilters } from './lobby-filters';

/** How long typing pauses before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;
/** How often a live lobby asks for its tables' state. */
const TABLES_REFRESH_MS = 5_000;
const SKELETON_TILES = 12;

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6';

/** The view in the address, and a way to change it (the address is replaced: one history entry). */
function useLobbyQuery(): [LobbyQuery, (next: LobbyQuery) => void] {
  const [search, setSearch] = useAddressSearch('replace');
  const query = readLobbyQuery(new URLSearchParams(search));
  const setQuery = (next: LobbyQuery) =>
    setSearch(writeLobbyQuery(next, new URLSearchParams(window.location.search)));
  return [query, setQuery];
}

/**
 * A lobby of the aggregator's games (issue 17): search, provider and category filters, sorting, pages
 * loaded as the list's end nears (or with "Show more"), and for a signed-in player their favourites and
 * recently played. The view lives in the address. The live casino's tiles show each table's state.
 * `firstPage` (the server's, first-page.ts) is shown for the default view until the browser's own arrives.
 */
export function CasinoLobby({
  lobby,
  firstPage = null,
}: {
  lobby: Lobby;
  firstPage?: CasinoGamesReply | null;
}) {
  const t = useTranslations('casino.lobby');
  const { ready, isLoggedIn } = useClientSession();
  const [query, setQuery] = useLobbyQuery();
  const tab: LobbyTab = isLoggedIn ? query.tab : 'all';
  const headingId = useId();

  const tables = useQuery({
    queryKey: casinoKeys.tables,
    queryFn: getLiveTables,
    enabled: lobby === 'live',
    refetchInterval: TABLES_REFRESH_MS,
    staleTime: TABLES_REFRESH_MS / 2,
  });
  const tableOf = new Map<string, LiveTable>(
    (tables.data?.items ?? []).map((table) => [table.game_code, table]),
  );

  return (
    <section aria-labelledby={headingId} data-testid="casino-lobby" data-lobby={lobby}>
      <h2 id={headingId} className="sr-only">
        {t('heading')}
      </h2>
      {isLoggedIn ? <LobbyTabs tab={tab} onChange={(next) => setQuery({ ...query, tab: next })} /> : null}
      {tab === 'all' ? (
        <>
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end">
            <SearchBox value={query.search} onChange={(search) => setQuery({ ...query, search })} />
            <LobbyFilters lobby={lobby} query={query} onChange={setQuery} />
          </div>
          <AllGames
            lobby={lobby}
            query={query}
            ready={ready}
            signedIn={isLoggedIn}
            tableOf={tableOf}
            firstPage={firstPage}
            onClear={() => setQuery({ ...DEFAULT_LOBBY_QUERY, sort: query.sort })}
          />
        </>
      ) : (
        <PlayerGames lobby={lobby} tab={tab} tableOf={tableOf} />
      )}
    </section>
  );
}

function LobbyTabs({ tab, onChange }: { tab: LobbyTab; onChange: (tab: LobbyTab) => void }) {
  const t = useTranslations('casino.lobby.tabs');
  return (
    <div className="mb-4 flex gap-2 overflow-x-auto" role="group" aria-label={t('label')}>
      {LOBBY_TABS.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={tab === value}
          className={`game-chip ${tab === value ? 'border-gold bg-gold text-ink' : 'border-line bg-panel hover:border-gold'}`}
          onClick={() => onChange(value)}
          data-testid={`lobby-tab-${value}`}
        >
          {t(value)}
        </button>
      ))}
    </div>
  );
}

/** The search field: the address follows the typing after a pause. */
function SearchBox({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const t = useTranslations('casino.lobby');
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // Back and forward (or a cleared filter) change the address: the field follows it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      onChange(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <label htmlFor={id} className="text-muted">
        {t('search')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={LOBBY_SEARCH_MAX}
        placeholder={t('searchPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        className="field"
        data-testid="lobby-search"
      />
    </div>
  );
}

function AllGames({
  lobby,
  query,
  ready,
  signedIn,
  tableOf,
  firstPage,
  onClear,
}: {
  lobby: Lobby;
  query: LobbyQuery;
  ready: boolean;
  signedIn: boolean;
  tableOf: Map<string, LiveTable>;
  firstPage: CasinoGamesReply | null;
  onClear: () => void;
}) {
  const t = useTranslations('casino.lobby');
  const defaultView = !isFiltered(query) && query.sort === DEFAULT_LOBBY_QUERY.sort;
  const games = useInfiniteQuery({
    queryKey: [...casinoKeys.games(lobby, query), signedIn],
    queryFn: ({ pageParam }) => getCasinoGames(lobby, query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    // A signed-in player's list marks their favourites: it waits for the session.
    enabled: ready,
    staleTime: 30_000,
    // The server's first page shows at once, and is asked for again as soon as the session is known.
    ...(firstPage && defaultView
      ? { initialData: { pages: [firstPage], pageParams: [1] }, initialDataUpdatedAt: 0 }
      : {}),
  });
  const items = games.data?.pages.flatMap((page) => page.items) ?? [];
  const total = games.data?.pages[0]?.total ?? 0;

  if (games.isError && items.length === 0) return <LoadError onRetry={() => void games.refetch()} />;
  if (!games.data) return <SkeletonGrid />;
  if (items.length === 0) {
    return isFiltered(query) ? (
      <EmptyState title={t('noMatch')} hint={t('noMatchHint')}>
        <button type="button" className="btn-secondary" onClick={onClear}>
          {t('clearFilters')}
        </button>
      </EmptyState>
    ) : (
      <EmptyState title={t('empty')} hint={t('emptyHint')} />
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-muted" aria-live="polite" data-testid="lobby-count">
        {t('count', { count: total })}
      </p>
      <ul className={GRID} data-testid="lobby-games">
        {items.map((game, index) => (
          <GameTile
            key={game.code}
            game={game}
            signedIn={signedIn}
            table={tableOf.get(game.code)}
            eager={index < 4}
          />
        ))}
      </ul>
      {games.hasNextPage ? (
        <MoreGames
          loading={games.isFetchingNextPage}
          failed={games.isFetchNextPageError}
          onMore={() => void games.fetchNextPage()}
        />
      ) : null}
    </>
  );
}

/**
 * The end of a list with more games: the next page loads when this comes near the screen (infinite
 * scrolling), and the button does the same for a keyboard or when the observer is not there.
 */
function MoreGames({ loading, failed, onMore }: { loading: boolean; failed: boolean; onMore: () => void }) {
  const t = useTranslations('casino.lobby');
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined' || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [failed]);
  return (
    <div ref={ref} className="mt-6 flex flex-col items-center gap-2">
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadError')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-secondary"
        onClick={onMore}
        disabled={loading}
        data-testid="lobby-more"
      >
        {loading ? t('loading') : t('showMore')}
      </button>
    </div>
  );
}

/** The signed-in player's favourites or recently played, in the lobby's own kind of games. */
function PlayerGames({
  lobby,
  tab,
  tableOf,
}: {
  lobby: Lobby;
  tab: 'favourites' | 'recent';
  tableOf: Map<string, LiveTable>;
}) {
  const t = useTranslations('casino.lobby');
  const list = useQuery({
    queryKey: tab === 'favourites' ? casinoKeys.favourites : casinoKeys.recent,
    queryFn: tab === 'favourites' ? getFavourites : getRecentGames,
  });
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (!list.data) return <SkeletonGrid />;
  const items: CasinoGame[] = list.data.filter((game) => game.lobby === lobby);
  if (items.length === 0) {
    return tab === 'favourites' ? (
      <EmptyState title={t('favouritesEmpty')} hint={t('favouritesEmptyHint')} />
    ) : (
      <EmptyState title={t('recentEmpty')} hint={t('recentEmptyHint')} />
    );
  }
  return (
    <ul className={GRID} data-testid="lobby-games">
      {items.map((game) => (
        <GameTile key={game.code} game={game} signedIn table={tableOf.get(game.code)} />
      ))}
    </ul>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations('casino.lobby');
  return (
    <div
      role="alert"
      className="rounded-2xl border border-danger/60 bg-panel p-6 text-center"
      data-testid="lobby-error"
    >
      <p>{t('loadError')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** The lobby's room while its games load. */
function SkeletonGrid() {
  const t = useTranslations('casino.lobby');
  return (
    <div role="status" aria-label={t('loading')}>
      <ul className={GRID}>
        {Array.from({ length: SKELETON_TILES }, (_, index) => (
          <GameTileSkeleton key={index} />
        ))}
      </ul>
    </div>
  );
}
