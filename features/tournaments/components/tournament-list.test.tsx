import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failingUntilRecovered } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces } from '@/tests/mocks/signed-in';
import { tournamentsApi, tournamentSummary } from '@/tests/mocks/tournament-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { TournamentList } from './tournament-list';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

const server = withMockServer();
const NOW = Date.parse('2026-11-26T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});
afterEach(() => vi.useRealTimers());

describe('the tournament list', () => {
  it('shows each tournament with its title, kind, prize pool, countdown, participants and games', async () => {
    const active = tournamentSummary(1, { ends_at: '2026-11-28T15:04:05.000Z' });
    const upcoming = tournamentSummary(2, {
      state: 'upcoming',
      kind: 'multiplier',
      starts_at: '2026-11-26T13:00:00.000Z',
      currency: 'USD',
      prize_total: 500,
    });
    server.use(...tournamentsApi({ lists: { all: [active, upcoming] } }).handlers);
    renderWithApp(<TournamentList status={null} first={null} />);

    const cards = await screen.findAllByTestId('tournament-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('link', { name: 'Race no. 1' })).toHaveAttribute(
      'href',
      '/tournament/1',
    );
    expect(within(cards[0]).getByTestId('tournament-kind')).toHaveTextContent('Wager race');
    expect(plainSpaces(within(cards[0]).getByTestId('tournament-prize').textContent)).toBe('₽100,000.00');
    expect(within(cards[0]).getByTestId('tournament-participants')).toHaveTextContent('57');
    expect(cards[0]).toHaveTextContent('Slots, Dice, Aurora Wilds +1 more');
    await vi.waitFor(() =>
      expect(within(cards[0]).getByTestId('tournament-countdown')).toHaveTextContent('Ends in 2 d 03:04:05'),
    );
    expect(within(cards[1]).getByTestId('tournament-kind')).toHaveTextContent('Multiplier race');
    expect(within(cards[1]).getByTestId('tournament-countdown')).toHaveTextContent('Starts in 01:00:00');
    expect(within(cards[1]).getByTestId('tournament-prize')).toHaveTextContent('$500.00');

    // One clock for the page: every countdown moves with it.
    act(() => vi.advanceTimersByTime(2_000));
    expect(within(cards[1]).getByTestId('tournament-countdown')).toHaveTextContent('Starts in 00:59:58');
  });

  it('lists a cancelled tournament under finished, marked cancelled, with no countdown', async () => {
    server.use(
      ...tournamentsApi({ lists: { finished: [tournamentSummary(3, { state: 'cancelled' })] } }).handlers,
    );
    renderWithApp(<TournamentList status="finished" first={null} />);
    const card = await screen.findByTestId('tournament-card');
    expect(within(card).getByTestId('tournament-state')).toHaveTextContent('Cancelled');
    expect(within(card).queryByTestId('tournament-countdown')).toBeNull();
  });

  it('shows the server’s copy at once, without asking', async () => {
    renderWithApp(<TournamentList status="active" first={[tournamentSummary(4)]} />);
    expect(screen.getByRole('link', { name: 'Race no. 4' })).toBeInTheDocument();
  });

  it.each([
    [null, 'There are no tournaments yet.'],
    ['active', 'No tournament is running right now.'],
    ['upcoming', 'No tournament is scheduled yet.'],
    ['finished', 'No tournament has finished yet.'],
  ] as const)('says so when the %s tab is empty', async (status, text) => {
    server.use(...tournamentsApi().handlers);
    renderWithApp(<TournamentList status={status} first={null} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that loads the list', async () => {
    const failing = failingUntilRecovered('/tournaments', () => ({ tournaments: [tournamentSummary(5)] }));
    server.use(failing.handler);
    renderWithApp(<TournamentList status={null} first={null} />);
    expect(screen.getByRole('status', { name: 'Loading tournaments…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The tournaments could not be loaded.');
    failing.recover();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Race no. 5' })).toBeInTheDocument();
  });
});
