'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { getCasinoFilters } from '../api/casino-api';
import { casinoKeys } from '../api/query-keys';
import type { CasinoLobby } from '../api/replies';
import { LOBBY_SORTS, type LobbyQuery, type LobbySort } from '../lobby-query';

/** The categories the lobby names in the page's language; another category shows as the provider names it. */
const KNOWN_CATEGORIES = [
  'video-slots',
  'classic-slots',
  'ways',
  'hold-and-win',
  'table-games',
  'live-roulette',
  'live-baccarat',
  'live-blackjack',
  'game-shows',
] as const;

/** Provider, category and sort selects, the counts from `GET /casino/filters`. */
export function LobbyFilters({
  lobby,
  query,
  onChange,
}: {
  lobby: CasinoLobby;
  query: LobbyQuery;
  onChange: (next: LobbyQuery) => void;
}) {
  const t = useTranslations('casino.lobby');
  const categories = useTranslations('casino.categories');
  const filters = useQuery({
    queryKey: casinoKeys.filters(lobby),
    queryFn: () => getCasinoFilters(lobby),
    staleTime: 60_000,
  });
  const providerId = useId();
  const categoryId = useId();
  const sortId = useId();
  const categoryName = (code: string, name: string) =>
    (KNOWN_CATEGORIES as readonly string[]).includes(code)
      ? categories(code as (typeof KNOWN_CATEGORIES)[number])
      : name;

  return (
    <div className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:flex">
      <div className="flex flex-col gap-1">
        <label htmlFor={providerId} className="text-muted">
          {t('provider')}
        </label>
        <select
          id={providerId}
          className="field"
          value={query.provider ?? ''}
          onChange={(event) => onChange({ ...query, provider: event.target.value || null })}
          data-testid="lobby-provider"
        >
          <option value="">{t('allProviders')}</option>
          {filters.data?.providers.map((provider) => (
            <option key={provider.code} value={provider.code}>
              {provider.name} ({provider.count})
            </option>
          ))}
          {query.provider && !filters.data?.providers.some((p) => p.code === query.provider) ? (
            <option value={query.provider}>{query.provider}</option>
          ) : null}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={categoryId} className="text-muted">
          {t('category')}
        </label>
        <select
          id={categoryId}
          className="field"
          value={query.category ?? ''}
          onChange={(event) => onChange({ ...query, category: event.target.value || null })}
          data-testid="lobby-category"
        >
          <option value="">{t('allCategories')}</option>
          {filters.data?.categories.map((category) => (
            <option key={category.code} value={category.code}>
              {categoryName(category.code, category.name)} ({category.count})
            </option>
          ))}
          {query.category && !filters.data?.categories.some((c) => c.code === query.category) ? (
            <option value={query.category}>{query.category}</option>
          ) : null}
        </select>
      </div>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <label htmlFor={sortId} className="text-muted">
          {t('sort')}
        </label>
        <select
          id={sortId}
          className="field"
          value={query.sort}
          onChange={(event) => onChange({ ...query, sort: event.target.value as LobbySort })}
          data-testid="lobby-sort"
        >
          {LOBBY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
