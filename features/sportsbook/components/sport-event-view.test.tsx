import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { withMockServer } from '@/tests/mocks/server';
import { eventPatchMessage, hockeyGame, sportMarket } from '@/tests/mocks/sports-fixtures';
import { sportsApi } from '@/tests/mocks/sports-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { useSlipStore } from '../slip/slip-store';
import { SportEventView } from './sport-event-view';

const followed: Array<{ topic: string | null; onEvent: (event: RealtimeEvent) => void }> = [];
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (_service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    followed.push({ topic, onEvent });
    return 'open';
  },
}));

function emit(topic: string, message: object) {
  const listener = followed.findLast((entry) => entry.topic === topic);
  if (!listener) throw new Error(`nobody follows ${topic}`);
  act(() => listener.onEvent({ topic, ...message } as RealtimeEvent));
}

const server = withMockServer();

/** What each button says, as text (arrows and icons are hidden from screen readers and left out). */
const labels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button')
    .map((button) => {
      const copy = button.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    });

beforeEach(() => {
  followed.length = 0;
  act(() => useSlipStore.getState().clear());
});

describe('an event’s page', () => {
  it('shows the scoreboard and every open or suspended market by group', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="e4" />);
    const board = await screen.findByTestId('scoreboard');
    expect(board).toHaveTextContent('Ice hockey · KHL');
    expect(board).toHaveTextContent('LiveP3 05:12');
    expect(within(board).getByTestId('event-score')).toHaveTextContent('2 : 1');
    expect(within(board).getByTestId('event-periods')).toHaveTextContent('By period: 1:0, 1:1');

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Match',
      'Totals',
      'Handicaps',
      'Periods',
    ]);
    const main = screen.getByTestId('market-group-main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Result (regulation time)', 'Winner (incl. overtime and shoot-out)', 'Double chance']);
    expect(labels(main)).toEqual([
      'Barys 1.70',
      'Draw 3.90',
      'Avangard 4.60',
      'Barys 1.35',
      'Avangard 3.10',
      'Barys or draw 1.15',
      'Barys or Avangard 1.25',
      'Draw or Avangard 2.10',
    ]);
    // The totals' lines under one title.
    const totals = screen.getByTestId('market-group-totals');
    expect(
      within(totals)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Total']);
    expect(labels(totals)).toEqual(['Over 4.5 1.70', 'Under 4.5 2.10', 'Over 5.5 2.40', 'Under 5.5 1.55']);
    expect(labels(screen.getByTestId('market-group-handicaps'))).toEqual([
      'Barys (−1.5) 2.20',
      'Avangard (+1.5) 1.65',
    ]);
    const periods = screen.getByTestId('market-group-periods');
    expect(
      within(periods)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['3rd period result', '3rd period total']);
    expect(within(periods).getByRole('button', { name: 'Barys betting suspended' })).toBeDisabled();
    expect(within(periods).getByRole('button', { name: 'Over 1.5 1.90' })).toBeEnabled();
    // A closed market is gone.
    expect(screen.queryByText('Both teams to score')).not.toBeInTheDocument();
    expect(followed.at(-1)?.topic).toBe('sports:e4');
  });

  it('puts a period total in the slip with its period and line', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="e4" />);
    const over = await screen.findByRole('button', { name: 'Over 1.5 1.90' });
    await userEvent.click(over);
    expect(over).toHaveAttribute('aria-pressed', 'true');
    expect(useSlipStore.getState().selections[0]).toMatchObject({
      outcome_id: 'e4:period_total:p3:1.5:over',
      market_id: 'e4:period_total:p3:1.5',
      market_key: 'period_total',
      period: 3,
      line: 1.5,
      code: 'over',
      sport: 'ice-hockey',
      league: 'KHL',
      odds: 1.9,
    });
  });

  it('follows its own topic: moved odds, a new market, the score', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="e4" />);
    await screen.findByTestId('scoreboard');
    emit(
      'sports:e4',
      eventPatchMessage('sports:e4', {
        id: 'e4',
        score: {
          home: 3,
          away: 1,
          periods: [
            [1, 0],
            [1, 1],
            [1, 0],
          ],
        },
        markets: [
          sportMarket('e4', 'total', { over: 1.5, under: 2.5 }, { line: 4.5 }),
          sportMarket('e4', 'total', { over: 1.8, under: 1.95 }, { line: 6.5 }),
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Over 4.5 1.50' })).toHaveAttribute('data-move', 'down');
    expect(screen.getByRole('button', { name: 'Over 6.5 1.80' })).toBeInTheDocument();
    expect(screen.getByTestId('event-score')).toHaveTextContent('3 : 1');
  });

  it('takes the event as its topic’s snapshot gives it, into the page and the slip', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="e4" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Barys 1.70' }));
    const [regulation, ...others] = hockeyGame.markets;
    emit('sports:e4', {
      type: 'snapshot',
      event: {
        ...hockeyGame,
        score: {
          home: 4,
          away: 1,
          periods: [
            [1, 0],
            [1, 1],
            [2, 0],
          ],
        },
        markets: [sportMarket('e4', '1x2', { '1': 1.2, X: 6, '2': 11 }, { status: 'suspended' }), ...others],
      },
    });
    expect(await screen.findByRole('button', { name: 'Barys betting suspended' })).toBeDisabled();
    expect(screen.getByTestId('event-score')).toHaveTextContent('4 : 1');
    expect(useSlipStore.getState().selections[0]).toMatchObject({
      outcome_id: regulation.outcomes[0].id,
      odds: 1.2,
      suspended: true,
    });
  });

  it('says an event the API does not know is no longer available, with a way back', async () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="gone" />);
    expect(await screen.findByText('This event is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/en/betting');
  });

  it('shows the server’s copy at once', () => {
    server.use(...sportsApi().handlers);
    renderWithApp(<SportEventView id="e4" first={hockeyGame} />);
    expect(screen.getByTestId('event-score')).toHaveTextContent('2 : 1');
  });
});
