'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { SPORTS_TOPIC } from '@/lib/constants/sports';
import { useAddressSearch } from '@/lib/use-address-search';
import type { SportsFirstScreen } from '../api/first-screen';
import type { SportEventsReply } from '../api/replies';
import { sportEventsQuery, sportsMenuQuery } from '../api/sports-api';
import { sportsKeys } from '../api/query-keys';
import { firstData, useFirstScreenRefresh } from '../first-data';
import { useSportsLive } from '../live/use-sports-live';
import {
  EVENT_LIST_LIMIT,
  EVENT_LIST_MORE,
  isDefaultView,
  readSportsView,
  writeSportsView,
  type EventListStatus,
  type SportsView,
} from '../view';
import { EventRow } from './event-row';
import { SportsNav } from './sports-nav';
import { LoadError } from '@/components/ui/load-error';

/** The view in the address, and a way to change it (a new history entry: Back returns to the last view). */
function useSportsView(): [SportsView, (next: SportsView) => void] {
  const [search, setSearch] = useAddressSearch('push');
  const view = readSportsView(new URLSearchParams(search));
  const setView = (next: SportsView) =>
    setSearch(writeSportsView(next, new URLSearchParams(window.location.search)));
  return [view, setView];
}

/**
 * /betting (issue 18): the sports and leagues menu, then the live and upcoming events of the chosen view,
 * kept current by the `sports` topic (odds, scores, clocks, suspensions; a finished match leaves the live
 * list). `firstScreen` (the server's, first-screen.ts) is the default view's data, shown until the
 * browser's own arrives.
 */
export function SportsBook({ firstScreen = null }: { firstScreen?: SportsFirstScreen | null }) {
  const t = useTranslations('sports.list');
  const [view, setView] = useSportsView();
  const connection = useSportsLive(SPORTS_TOPIC);
  const menu = useQuery({ ...sportsMenuQuery(), ...firstData(firstScreen?.menu) });
  useFirstScreenRefresh(firstScreen !== null, [sportsKeys.menu, sportsKeys.eventLists]);
  const first = isDefaultView(view) ? firstScreen : null;
  return (
    <div data-testid="sportsbook">
      <SportsNav menu={menu.data ?? null} view={view} onChange={setView} />
      {connection === 'reconnecting' ? (
        <p role="status" className="mb-3 text-sm text-muted">
          {t('reconnecting')}
        </p>
      ) : null}
      <div className="space-y-8">
        {/* Keyed by the view: another sport or league starts from a short list again. */}
        <EventList key={`live:${view.sport}:${view.league}`} status="live" view={view} first={first?.live} />
        <EventList
          key={`upcoming:${view.sport}:${view.league}`}
          status="upcoming"
          view={view}
          first={first?.upcoming}
        />
      </div>
    </div>
  );
}

function EventList({
  status,
  view,
  first,
}: {
  status: EventListStatus;
  view: SportsView;
  first: SportEventsReply | null | undefined;
}) {
  const t = useTranslations('sports.list');
  const headingId = useId();
  const [limit, setLimit] = useState(EVENT_LIST_LIMIT);
  const list = useQuery({
    ...sportEventsQuery(status, view, limit),
    ...(limit === EVENT_LIST_LIMIT ? firstData(first) : {}),
    // The rows shown stay while more are asked for.
    placeholderData: (previous) => previous,
  });
  const items = list.data?.items ?? [];
  const more = limit < EVENT_LIST_MORE && items.length >= limit;
  return (
    <section aria-labelledby={headingId} data-testid={`events-${status}`}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold">
        {status === 'live' ? (
          <span aria-hidden="true" className="text-danger">
            ●
          </span>
        ) : null}
        {status === 'live' ? t('live') : t('upcoming')}
        {list.data && items.length > 0 ? (
          <>
            {/* The space keeps the count a word of its own in the heading's accessible name. */}{' '}
            <span className="text-sm font-normal text-muted">{items.length}</span>
          </>
        ) : null}
      </h2>
      {list.isError && !list.data ? (
        <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <RowsSkeleton label={t('loading')} />
      ) : items.length === 0 ? (
        status === 'live' ? (
          <EmptyState title={t('noLive')} hint={t('noLiveHint')} />
        ) : (
          <EmptyState title={t('noUpcoming')} hint={t('noUpcomingHint')} />
        )
      ) : (
        <>
          <ul className="space-y-2">
            {items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
          {more ? (
            <button
              type="button"
              className="btn-secondary mt-3 w-full"
              disabled={list.isPlaceholderData}
              onClick={() => setLimit(EVENT_LIST_MORE)}
              data-testid={`events-${status}-more`}
            >
              {t('showMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A list's room while its events load. */
function RowsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-24 animate-pulse rounded-xl border border-line bg-panel sm:h-20" />
      ))}
    </div>
  );
}
