/**
 * The sportsbook's lists on the general service (lib/contracts/sports.ts): the sports menu, the live and
 * upcoming events, one event with every market. Replies are checked with ./replies.ts (no zod: these are
 * /betting's first screen).
 */
import { queryOptions } from '@tanstack/react-query';
import { serviceApi } from '@/lib/api/client';
import { EVENT_LIST_LIMIT, eventListParams, type EventListStatus, type SportsView } from '../view';
import { sportsKeys } from './query-keys';
import {
  sportEvent,
  sportEventsReply,
  sportsMenuReply,
  type SportEvent,
  type SportEventsReply,
  type SportsMenuReply,
} from './replies';

/** Lists stay fresh this long; the realtime topic keeps them current in between. */
const LIST_STALE_MS = 30_000;

/** `GET /sports`: the sports with their leagues and live and upcoming counts. */
export const getSportsMenu = (): Promise<SportsMenuReply> =>
  serviceApi.general.get('/sports').then((response) => sportsMenuReply(response.data));

/** `GET /sports/events`: the live or upcoming events of a view, each with its headline markets. */
export const getSportEvents = (
  status: EventListStatus,
  view: SportsView,
  limit?: number,
): Promise<SportEventsReply> =>
  serviceApi.general
    .get('/sports/events', { params: eventListParams(status, view, limit) })
    .then((response) => sportEventsReply(response.data));

/** `GET /sports/events/{id}`: one event with every market (404: unknown). */
export const getSportEvent = (id: string): Promise<SportEvent> =>
  serviceApi.general
    .get(`/sports/events/${encodeURIComponent(id)}`)
    .then((response) => sportEvent(response.data));

export const sportsMenuQuery = () =>
  queryOptions({ queryKey: sportsKeys.menu, queryFn: getSportsMenu, staleTime: LIST_STALE_MS });

export const sportEventsQuery = (status: EventListStatus, view: SportsView, limit = EVENT_LIST_LIMIT) =>
  queryOptions({
    queryKey: sportsKeys.events(status, view, limit),
    queryFn: () => getSportEvents(status, view, limit),
    staleTime: LIST_STALE_MS,
  });

export const sportEventQuery = (id: string) =>
  queryOptions({
    queryKey: sportsKeys.event(id),
    queryFn: () => getSportEvent(id),
    staleTime: LIST_STALE_MS,
  });
