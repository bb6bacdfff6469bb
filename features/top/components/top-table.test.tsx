import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { failingUntilRecovered } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces } from '@/tests/mocks/signed-in';
import { topApi, topRow } from '@/tests/mocks/top-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { TOP_REFRESH_MS } from '../constants';
import { TopTable } from './top-table';

const followed: Array<{ topic: string | null; onEvent: (event: RealtimeEvent) => void }> = [];
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (_service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    followed.push({ topic, onEvent });
    return 'open';
  },
}));

const changed = () => act(() => followed.at(-1)!.onEvent({ topic: 'top', type: 'changed' }));

const server = withMockServer();

beforeEach(() => {
  followed.length = 0;
});
afterEach(() => vi.useRealTimers());

const cells = (row: HTMLElement, column: string) =>
  plainSpaces(within(row).getByTestId(`top-${column}`).textContent);

describe('the top page’s board', () => {
  it('shows place, player, game, bet, payout, multiplier and time; Hidden for a hidden player', async () => {
    const api = topApi(() => [
      topRow(1, { avatar: 'https://cdn.example/a.png', game: 'slots:aurora-wilds' }),
      topRow(2, { player: null, avatar: 'https://cdn.example/b.png' }),
      topRow(3, { currency: 'USD', amount: 2, payout: 50, multiplier: 25 }),
    ]);
    server.use(api.handler);
    renderWithApp(<TopTable board="wins" period="day" first={null} />);
    const rows = await screen.findAllByTestId('top-row');
    expect(rows).toHaveLength(3);
    expect(cells(rows[0], 'place')).toBe('1');
    expect(cells(rows[0], 'player')).toBe('1.winner1');
    expect(cells(rows[0], 'game')).toBe('GameAurora Wilds');
    expect(cells(rows[0], 'payout')).toBe('Payout₽10,000.00');
    expect(cells(rows[0], 'multiplier')).toBe('Multiplier100.00×');
    expect(within(rows[0]).getByRole('time')).toHaveAttribute('dateTime', '2026-11-26T10:15:00.000Z');
    expect(within(rows[1]).getByTestId('player-hidden')).toHaveTextContent('Hidden');
    expect(screen.getAllByTestId('player-avatar')).toHaveLength(1);
    expect(cells(rows[2], 'amount')).toBe('Bet$2.00');
    expect(api.calls).toEqual(['wins/day']);
  });

  it('shows the wagered board without game, payout or time', async () => {
    const api = topApi(() => [
      topRow(1, { game: null, payout: null, multiplier: null, at: null, amount: 5_000 }),
    ]);
    server.use(api.handler);
    renderWithApp(<TopTable board="wagered" period="week" first={null} />);
    const [row] = await screen.findAllByTestId('top-row');
    expect(cells(row, 'amount')).toBe('Wagered₽5,000.00');
    expect(within(row).queryByTestId('top-game')).toBeNull();
    expect(within(row).queryByTestId('top-at')).toBeNull();
    expect(api.calls).toEqual(['wagered/week']);
  });

  it('says so when the period has no results', async () => {
    server.use(topApi(() => []).handler);
    renderWithApp(<TopTable board="multipliers" period="all" first={null} />);
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry', async () => {
    const failing = failingUntilRecovered('/top', () => ({
      board: 'wins',
      period: 'day',
      rows: [topRow(1)],
    }));
    server.use(failing.handler);
    renderWithApp(<TopTable board="wins" period="day" first={null} />);
    expect(screen.getByRole('status', { name: 'Loading the top…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The top could not be loaded.');
    failing.recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('top-row')).toBeInTheDocument();
  });

  it('asks again when the topic says the board changed, at most once per wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let payout = 100;
    const api = topApi(() => [topRow(1, { payout })]);
    server.use(api.handler);
    renderWithApp(
      <TopTable
        board="wins"
        period="day"
        first={{ board: 'wins', period: 'day', rows: [topRow(1, { payout })] }}
      />,
    );
    expect(cells(screen.getByTestId('top-row'), 'payout')).toBe('Payout₽100.00');
    expect(followed.at(-1)?.topic).toBe('top');

    payout = 700;
    changed();
    changed();
    changed();
    await act(async () => vi.advanceTimersByTimeAsync(10));
    await vi.waitFor(() => expect(cells(screen.getByTestId('top-row'), 'payout')).toBe('Payout₽700.00'));
    expect(api.calls).toHaveLength(1);

    changed();
    await act(async () => vi.advanceTimersByTimeAsync(TOP_REFRESH_MS / 2));
    expect(api.calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(TOP_REFRESH_MS));
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
  });
});
