import { http, HttpResponse } from 'msw';
import type { SportEvent } from '@/lib/contracts/sports';
import { apiPath } from './handlers';
import { SPORT_EVENTS, sportsMenu } from './sports-fixtures';

/**
 * The sportsbook's lists for component tests (lib/contracts/sports.ts), over `events`: `GET /sports`, `GET
 * /sports/events` (status live: the live events, upcoming: the pre-match ones; sport, league and limit
 * honoured) and `GET /sports/events/{id}` (404 for an unknown id). Every list query is recorded.
 */
export function sportsApi(events: SportEvent[] = SPORT_EVENTS) {
  const queries: URLSearchParams[] = [];
  return {
    queries,
    handlers: [
      http.get(apiPath('/sports'), () => HttpResponse.json(sportsMenu)),
      http.get(apiPath('/sports/events'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const status = params.get('status') === 'live' ? 'live' : 'prematch';
        const items = events.filter(
          (event) =>
            event.status === status &&
            (!params.get('sport') || event.sport === params.get('sport')) &&
            (!params.get('league') || event.league.id === params.get('league')),
        );
        return HttpResponse.json({ items: items.slice(0, Number(params.get('limit') ?? 50)) });
      }),
      http.get(apiPath('/sports/events/:id'), ({ params }) => {
        const event = events.find((item) => item.id === params.id);
        return event
          ? HttpResponse.json(event)
          : HttpResponse.json({ message: 'Event not found' }, { status: 404 });
      }),
    ],
  };
}

/** The lists over the fixtures' events. */
export const sportsHandlers = sportsApi().handlers;
