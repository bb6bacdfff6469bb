import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { http, HttpResponse } from 'msw';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import {
  eventPatchMessage,
  liveMatch,
  sportEvent,
  sportMarket,
  sportsMenu,
  suspendedMatch,
  upcomingGame,
} from '@/tests/mocks/sports-fixtures';
import { sportsApi } from '@/tests/mocks/sports-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { useSlipStore } from '../slip/slip-store';
import { SportsBook } from './sports-book';
import { EVENT_LIST_LIMIT } from '../view';

const followed: Array<{ service: string; topic: string | null; onEvent: (event: RealtimeEvent) => void }> =
  [];
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    followed.push({ service, topic, onEvent });
    return 'open';
  },
}));

/** Sends a realtime message to the latest listener of `topic`. */
function emit(topic: string, message: object) {
  const listener = followed.findLast((entry) => entry.topic === topic);
  if (!listener) throw new Error(`nobody follows ${topic}`);
  act(() => listener.onEvent({ topic, ...message } as RealtimeEvent));
}

const server = withMockServer();

const live = () => screen.getByTestId('events-live');
const upcoming = () => screen.getByTestId('events-upcoming');
/** A team's name as the eye sees it (the odds buttons also say it, to screen readers only). */
const TEAM = { ignore: '.sr-only, script, style' };
/** The buttons are these, in this order, by their accessible names. */
function expectNames(buttons: HTMLElement[], names: string[]) {
  expect(buttons).toHaveLength(names.length);
  names.forEach((name, index) => expect(buttons[index]).toHaveAccessibleName(name));
}
const rowOf = (name: string) => screen.getByText(name, TEAM).closest('li') as HTMLElement;

beforeEach(() => {
  followed.length = 0;
  window.history.replaceState(null, '', '/en/betting');
  act(() => useSlipStore.getState().clear());
});

describe('the sportsbook’s lists', () => {
  it('shows live events with score and clock, upcoming ones with their start, each with its headline odds', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportsBook />);
    expect(await within(live()).findByText('Arsenal', TEAM)).toBeInTheDocument();
    const arsenal = rowOf('Arsenal');
    expect(arsenal).toHaveTextContent('Premier League');
    expect(arsenal).toHaveTextContent("Live67'");
    expect(within(arsenal).getByTestId('score-home')).toHaveTextContent('1');
    expect(within(arsenal).getByTestId('score-away')).toHaveTextContent('0');
    expectNames(within(arsenal).getAllByTestId('odds-button'), [
      '1 Arsenal 2.10',
      'X Draw 3.40',
      '2 Chelsea 3.20',
    ]);
    expect(within(arsenal).getByRole('link', { name: '23 more markets: Arsenal – Chelsea' })).toHaveAttribute(
      'href',
      '/en/betting/event/e1',
    );
    expect(within(arsenal).getByRole('link', { name: /^Arsenal/ })).toHaveAttribute(
      'href',
      '/en/betting/event/e1',
    );

    const lakers = within(upcoming()).getByText('Lakers', TEAM).closest('li') as HTMLElement;
    expect(lakers.querySelector('time')).toHaveAttribute('datetime', upcomingGame.starts_at);
    expect(within(lakers).getByTestId('score-home')).toBeEmptyDOMElement();
    // No draw in basketball: two buttons, 1 and 2.
    expectNames(within(lakers).getAllByRole('button'), ['1 Lakers 1.80', '2 Celtics 2.05']);
    expect(screen.getByRole('heading', { name: 'Live now 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming 2' })).toBeInTheDocument();
    expect(followed.at(-1)).toMatchObject({ service: 'general', topic: 'sports' });
  });

  it('filters by sport and league from the navigation, the view kept in the address', async () => {
    const api = sportsApi();
    server.use(...api.handlers);
    renderWithApp(<SportsBook />);
    await within(live()).findByText('Arsenal', TEAM);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Sports' });
    // Only sports with events, each with its counts for the ear.
    expect(within(nav).queryByRole('link', { name: /Tennis/ })).not.toBeInTheDocument();
    const basketball = within(nav).getByRole('link', { name: 'Basketball, 0 live, 1 upcoming' });
    expect(basketball).toHaveAttribute('href', '/en/betting?sport=basketball');

    await user.click(basketball);
    expect(window.location.search).toBe('?sport=basketball');
    expect(basketball).toHaveAttribute('aria-current', 'page');
    expect(await within(live()).findByText('No live events now')).toBeInTheDocument();
    await waitFor(() => expect(within(upcoming()).queryByText('Liverpool', TEAM)).not.toBeInTheDocument());
    expect(within(upcoming()).getByText('Lakers', TEAM)).toBeInTheDocument();
    expect(api.queries.at(-1)?.get('sport')).toBe('basketball');

    const leagues = screen.getByTestId('league-nav');
    await user.click(within(leagues).getByRole('link', { name: /^NBA/ }));
    expect(window.location.search).toBe('?sport=basketball&league=nba');
    await waitFor(() => expect(api.queries.at(-1)?.get('league')).toBe('nba'));

    await user.click(within(nav).getByRole('link', { name: 'All sports' }));
    expect(window.location.search).toBe('');
    expect(await within(live()).findByText('Arsenal', TEAM)).toBeInTheDocument();
    expect(within(upcoming()).getByText('Liverpool', TEAM)).toBeInTheDocument();
  });

  it('starts from the view the address asks for', async () => {
    window.history.replaceState(null, '', '/en/betting?sport=ice-hockey');
    const api = sportsApi();
    server.use(...api.handlers);
    renderWithApp(<SportsBook />);
    expect(await within(live()).findByText('Barys', TEAM)).toBeInTheDocument();
    expect(within(live()).queryByText('Arsenal', TEAM)).not.toBeInTheDocument();
    expect(api.queries.every((query) => query.get('sport') === 'ice-hockey')).toBe(true);
  });

  it('shows the server’s first screen before any answer, then the lists as the API has them', async () => {
    server.use(...sportsApi([liveMatch]).handlers);
    renderWithApp(
      <SportsBook
        firstScreen={{ menu: sportsMenu, live: { items: [liveMatch] }, upcoming: { items: [upcomingGame] } }}
      />,
    );
    expect(within(live()).getByText('Arsenal', TEAM)).toBeInTheDocument();
    expect(within(upcoming()).getByText('Lakers', TEAM)).toBeInTheDocument();
    // The server's copy may be old: the browser asks again at once.
    expect(await within(upcoming()).findByText('No upcoming events')).toBeInTheDocument();
  });

  it('says when nothing is live, and offers a retry when the lists fail', async () => {
    let fail = true;
    server.use(
      // Fails until told otherwise, then leaves the answer to the lists' handler.
      http.get(apiPath('/sports/events'), () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 400 }) : undefined,
      ),
      ...sportsApi([upcomingGame]).handlers,
    );
    renderWithApp(<SportsBook />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'The events could not be loaded.Try again',
      'The events could not be loaded.Try again',
    ]);
    fail = false;
    const user = userEvent.setup();
    await user.click(within(live()).getByRole('button', { name: 'Try again' }));
    await user.click(within(upcoming()).getByRole('button', { name: 'Try again' }));
    expect(await within(live()).findByText('No live events now')).toBeInTheDocument();
    expect(await within(upcoming()).findByText('Lakers', TEAM)).toBeInTheDocument();
  });
});

describe('a long list', () => {
  it(`shows the first ${EVENT_LIST_LIMIT} events, and the rest when asked`, async () => {
    const many = Array.from({ length: 20 }, (_, index) =>
      sportEvent(`u${index}`, `Home ${index}`, `Away ${index}`, {
        starts_at: `2026-03-15T${String(index).padStart(2, '0')}:00:00.000Z`,
      }),
    );
    const api = sportsApi(many);
    server.use(...api.handlers);
    renderWithApp(<SportsBook />);
    await within(upcoming()).findByText('Home 0', TEAM);
    expect(within(upcoming()).getAllByTestId('event-row')).toHaveLength(EVENT_LIST_LIMIT);
    await userEvent.click(within(upcoming()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(upcoming()).getAllByTestId('event-row')).toHaveLength(20));
    expect(api.queries.map((query) => query.get('limit'))).toContain('100');
    expect(within(upcoming()).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('odds buttons', () => {
  it('put an outcome in the slip with every detail, pressed until taken out again', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportsBook />);
    const user = userEvent.setup();
    const home = await screen.findByRole('button', { name: '1 Arsenal 2.10' });
    expect(home).toHaveAttribute('aria-pressed', 'false');
    await user.click(home);
    expect(home).toHaveAttribute('aria-pressed', 'true');
    expect(useSlipStore.getState().selections).toEqual([
      {
        outcome_id: 'e1:1x2:1',
        event_id: 'e1',
        sport: 'football',
        league: 'Premier League',
        home: 'Arsenal',
        away: 'Chelsea',
        starts_at: liveMatch.starts_at,
        market_id: 'e1:1x2',
        market_key: '1x2',
        period: null,
        line: null,
        code: '1',
        odds: 2.1,
        addedOdds: 2.1,
        suspended: false,
      },
    ]);

    // One outcome per event: the draw replaces the home win.
    const draw = screen.getByRole('button', { name: 'X Draw 3.40' });
    await user.click(draw);
    expect(draw).toHaveAttribute('aria-pressed', 'true');
    expect(home).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: '1 Lakers 1.80' }));
    expect(useSlipStore.getState().selections.map((selection) => selection.outcome_id)).toEqual([
      'e1:1x2:X',
      'e2:winner:1',
    ]);

    await user.click(draw);
    expect(draw).toHaveAttribute('aria-pressed', 'false');
    expect(useSlipStore.getState().selections.map((selection) => selection.outcome_id)).toEqual([
      'e2:winner:1',
    ]);
  });

  it('show a suspended market locked, and cannot be pressed', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportsBook />);
    const locked = await screen.findByRole('button', { name: '1 Liverpool betting suspended' });
    expect(locked).toBeDisabled();
    expect(locked.querySelector('svg')).not.toBeNull();
    expect(
      within(rowOf('Liverpool'))
        .getAllByRole('button')
        .every((button) => button.hasAttribute('disabled')),
    ).toBe(true);
    await userEvent.click(locked);
    expect(useSlipStore.getState().selections).toEqual([]);
    expect(suspendedMatch.markets[0].status).toBe('suspended');
  });

  it('follow the live odds: the button flashes the move, the slip takes the new odds, a suspension locks both', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportsBook />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '1 Arsenal 2.10' }));

    emit('sports', { type: 'snapshot' });
    emit(
      'sports',
      eventPatchMessage('sports', {
        id: 'e1',
        markets: [sportMarket('e1', '1x2', { '1': 2.3, X: 3.1, '2': 3.0 })],
      }),
    );
    // The query cache tells its components in the next task.
    const home = await screen.findByRole('button', { name: '1 Arsenal 2.30' });
    expect(home).toHaveAttribute('data-move', 'up');
    expect(home).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'X Draw 3.10' })).toHaveAttribute('data-move', 'down');
    expect(useSlipStore.getState().selections[0]).toMatchObject({
      odds: 2.3,
      addedOdds: 2.1,
      suspended: false,
    });

    emit(
      'sports',
      eventPatchMessage('sports', {
        id: 'e1',
        markets: [sportMarket('e1', '1x2', { '1': 2.3, X: 3.1, '2': 3.0 }, { status: 'suspended' })],
      }),
    );
    expect(await screen.findByRole('button', { name: '1 Arsenal betting suspended' })).toBeDisabled();
    expect(useSlipStore.getState().selections[0]).toMatchObject({ odds: 2.3, suspended: true });
  });

  it('a live score and clock change in place, and a finished match leaves the live list', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportsBook />);
    await within(live()).findByText('Arsenal', TEAM);
    emit(
      'sports',
      eventPatchMessage('sports', {
        id: 'e1',
        score: {
          home: 2,
          away: 0,
          periods: [
            [1, 0],
            [1, 0],
          ],
        },
        clock: "78'",
      }),
    );
    await waitFor(() => expect(within(rowOf('Arsenal')).getByTestId('score-home')).toHaveTextContent('2'));
    expect(rowOf('Arsenal')).toHaveTextContent("78'");

    emit('sports', eventPatchMessage('sports', { id: 'e1', status: 'finished', clock: null }));
    await waitFor(() => expect(within(live()).queryByText('Arsenal', TEAM)).not.toBeInTheDocument());
    expect(within(live()).getByText('Barys', TEAM)).toBeInTheDocument();
    emit('sports', eventPatchMessage('sports', { id: 'e4', status: 'cancelled' }));
    expect(await within(live()).findByText('No live events now')).toBeInTheDocument();
  });
});
