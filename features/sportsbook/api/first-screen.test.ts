// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { hockeyGame, sportsMenu } from '@/tests/mocks/sports-fixtures';
import { sportsApi } from '@/tests/mocks/sports-handlers';
import { sportEventFirstScreen, sportsFirstScreen } from './first-screen';

const server = withMockServer();

describe('the sportsbook’s first screen on the server', () => {
  it('reads the menu and both lists of every sport', async () => {
    const api = sportsApi();
    server.use(...api.handlers);
    const first = await sportsFirstScreen();
    expect(first.menu).toEqual(sportsMenu);
    expect(first.live?.items.map((event) => event.id)).toEqual(['e1', 'e4']);
    expect(first.upcoming?.items.map((event) => event.id)).toEqual(['e2', 'e3']);
    expect(api.queries.map((query) => query.toString()).sort()).toEqual([
      'status=live&limit=6',
      'status=upcoming&limit=6',
    ]);
  });

  it('leaves to the browser what does not answer, or answers wrong', async () => {
    server.use(
      http.get(apiPath('/sports'), () => HttpResponse.json({ message: 'down' }, { status: 503 })),
      http.get(apiPath('/sports/events'), () => HttpResponse.json({ items: [{ id: 1 }] })),
    );
    expect(await sportsFirstScreen()).toEqual({ menu: null, live: null, upcoming: null });
  });

  it('tells a missing event from an API that does not answer', async () => {
    server.use(...sportsApi().handlers);
    expect(await sportEventFirstScreen('e4')).toEqual({ status: 'ok', value: hockeyGame });
    expect(await sportEventFirstScreen('gone')).toEqual({ status: 'missing' });
    server.use(http.get(apiPath('/sports/events/:id'), () => HttpResponse.error()));
    expect(await sportEventFirstScreen('e5')).toEqual({ status: 'unavailable' });
  });
});
