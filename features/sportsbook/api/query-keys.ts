import { EVENT_LIST_LIMIT, type EventListStatus, type SportsView } from '../view';

/**
 * The sportsbook's query keys, from generic to specific: every event list sits under `eventLists`, so a
 * realtime patch or a reconnection reaches all of them at once.
 */
export const sportsKeys = {
  all: ['sports'] as const,
  menu: ['sports', 'menu'] as const,
  eventLists: ['sports', 'events'] as const,
  eventListsOf: (status: EventListStatus) => ['sports', 'events', status] as const,
  events: (status: EventListStatus, view: SportsView, limit: number = EVENT_LIST_LIMIT) =>
    ['sports', 'events', status, view.sport, view.league, limit] as const,
  eventDetails: ['sports', 'event'] as const,
  event: (id: string) => ['sports', 'event', id] as const,
};
