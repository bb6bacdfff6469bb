import { cache } from 'react';
import { serverServiceBaseUrl } from '@/lib/api/base-url';
import { DEFAULT_SPORTS_VIEW, eventListParams, type EventListStatus } from '../view';
import {
  sportEvent,
  sportEventsReply,
  sportsMenuReply,
  type SportEvent,
  type SportEventsReply,
  type SportsMenuReply,
} from './replies';

/** A sportsbook page's server-rendered data is read again at most this often (the pages' `revalidate`). */
export const SPORTS_REVALIDATE_S = 30;
/** An API that does not answer in this is left to the browser (the page is never held up). */
const FETCH_TIMEOUT_MS = 1_500;

export type Read<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'unavailable' };

async function read<T>(path: string, check: (value: unknown) => T): Promise<Read<T>> {
  try {
    const response = await fetch(`${serverServiceBaseUrl('general')}${path}`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      next: { revalidate: SPORTS_REVALIDATE_S },
    });
    if (response.status === 404) return { status: 'missing' };
    if (!response.ok) return { status: 'unavailable' };
    return { status: 'ok', value: check(await response.json()) };
  } catch {
    return { status: 'unavailable' };
  }
}

const value = <T>(result: Read<T>): T | null => (result.status === 'ok' ? result.value : null);

/** /betting's first screen in its default view (every sport): the menu and both lists. */
export interface SportsFirstScreen {
  menu: SportsMenuReply | null;
  live: SportEventsReply | null;
  upcoming: SportEventsReply | null;
}

const listPath = (status: EventListStatus) =>
  `/sports/events?${new URLSearchParams(eventListParams(status, DEFAULT_SPORTS_VIEW))}`;

/**
 * The menu and the live and upcoming events of every sport, for /betting's server-rendered HTML: the list
 * is in the first paint, not after the page's code has loaded and asked. The browser then asks again for
 * its own view (the address's sport and league) and follows the realtime topic. Each part is null when the
 * API does not answer (as at `next build`): the browser loads it as before.
 */
export async function sportsFirstScreen(): Promise<SportsFirstScreen> {
  const [menu, live, upcoming] = await Promise.all([
    read('/sports', sportsMenuReply),
    read(listPath('live'), sportEventsReply),
    read(listPath('upcoming'), sportEventsReply),
  ]);
  return { menu: value(menu), live: value(live), upcoming: value(upcoming) };
}

/**
 * One event for its page's server-rendered HTML and title (asked once per render: the page and its
 * metadata share it): `missing` when the API says 404 (the page is a 404), `unavailable` when it does not
 * answer (the browser asks).
 */
export const sportEventFirstScreen = cache(
  (id: string): Promise<Read<SportEvent>> => read(`/sports/events/${encodeURIComponent(id)}`, sportEvent),
);
