import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { leaderboardEntry, tournamentReply, tournamentsApi } from '@/tests/mocks/tournament-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { TournamentView } from './tournament-view';

vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'));

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

beforeEach(() => {
  followed.length = 0;
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

const rows = () =>
  screen.getAllByTestId('leaderboard-row').map((row) => plainSpaces(row.textContent)?.replace(/\s+/g, ' '));

describe('a tournament’s page', () => {
  it('shows the rules, games, prizes and leaderboard, a hidden player as Hidden', async () => {
    server.use(...tournamentsApi({ details: { 7: tournamentReply(7) } }).handlers);
    renderWithApp(<TournamentView id={7} />);
    expect(await screen.findByTestId('tournament-rules')).toHaveTextContent('Race rules');
    expect(screen.getByTestId('tournament-title')).toHaveTextContent('Race no. 7');
    expect(
      within(screen.getByTestId('tournament-games'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slots', 'Dice', 'Aurora Wilds', 'Crash']);
    const prizes = within(screen.getByTestId('tournament-prize-table')).getAllByRole('row');
    expect(prizes.slice(1).map((row) => plainSpaces(row.textContent))).toEqual([
      '1₽50,000.00Cash balance',
      '2–3₽25,000.00Bonus balance, wager ×30',
    ]);
    expect(rows()).toEqual([
      '1player1Points: ₽1,000.00Prize: ₽10,000.00',
      '2HiddenPoints: ₽500.00Prize: ₽5,000.00',
      expect.stringContaining('3player3Points: ₽333.33'),
    ]);
    expect(
      within(screen.getAllByTestId('leaderboard-row')[1]).getByTestId('player-hidden'),
    ).toBeInTheDocument();
  });

  it('shows a multiplier race’s points as ×12.50', async () => {
    const reply = tournamentReply(
      8,
      { kind: 'multiplier', min_stake: 10 },
      {
        leaderboard: [leaderboardEntry(1, { points: 12.5 })],
      },
    );
    server.use(...tournamentsApi({ details: { 8: reply } }).handlers);
    renderWithApp(<TournamentView id={8} />);
    expect(await screen.findByTestId('leaderboard-points')).toHaveTextContent('×12.50');
  });

  it('shows an avatar only when the player has one', async () => {
    const reply = tournamentReply(
      9,
      {},
      {
        leaderboard: [
          leaderboardEntry(1, { avatar: 'https://cdn.example/a.png' }),
          leaderboardEntry(2, { player: null, avatar: 'https://cdn.example/b.png' }),
          leaderboardEntry(3),
        ],
      },
    );
    server.use(...tournamentsApi({ details: { 9: reply } }).handlers);
    renderWithApp(<TournamentView id={9} />);
    await screen.findByTestId('leaderboard');
    expect(screen.getAllByTestId('player-avatar')).toHaveLength(1);
  });

  it('says when nobody has scored yet', async () => {
    server.use(...tournamentsApi({ details: { 3: tournamentReply(3, {}, { leaderboard: [] }) } }).handlers);
    renderWithApp(<TournamentView id={3} />);
    expect(await screen.findByTestId('leaderboard-empty')).toBeInTheDocument();
  });

  it('says the tournament is unavailable when the API does not know it', async () => {
    server.use(...tournamentsApi().handlers);
    renderWithApp(<TournamentView id={404} />);
    expect(await screen.findByText('This tournament is not available.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the page cannot be loaded', async () => {
    server.use(
      http.get(apiPath('/tournaments/:id'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderWithApp(<TournamentView id={5} />);
    expect(screen.getByRole('status', { name: 'Loading tournaments…' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a guest’s Join opens the log-in dialog', async () => {
    server.use(...tournamentsApi({ details: { 7: tournamentReply(7, { requires_join: true }) } }).handlers);
    renderWithApp(<TournamentView id={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(useModalStore.getState().openModals).toEqual(['login']);
  });

  it('a player who has not joined joins, then sees their progress', async () => {
    let joined = false;
    const api = tournamentsApi({
      details: {
        7: (authorized) =>
          tournamentReply(
            7,
            { requires_join: true },
            {
              me: authorized ? { joined, place: null, points: 0, prize: 0, paid: false } : null,
            },
          ),
      },
    });
    server.use(
      http.post(apiPath('/tournaments/:id/join'), () => {
        joined = true;
        return HttpResponse.json({ joined: true });
      }),
      ...api.handlers,
    );
    signInTestUser();
    renderWithApp(<TournamentView id={7} first={tournamentReply(7, { requires_join: true })} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByTestId('tournament-joined')).toHaveTextContent('You are taking part.');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(screen.getByTestId('tournament-me')).toHaveTextContent('Place—');
  });

  it('offers no Join for a finished tournament, nor once joined', async () => {
    server.use(
      ...tournamentsApi({
        details: {
          1: tournamentReply(
            1,
            { requires_join: true, state: 'finished' },
            {
              me: { joined: false, place: null, points: 0, prize: 0, paid: false },
            },
          ),
          2: tournamentReply(
            2,
            { requires_join: true },
            {
              me: { joined: true, place: 4, points: 120, prize: 0, paid: false },
            },
          ),
        },
      }).handlers,
    );
    signInTestUser();
    const { unmount } = renderWithApp(<TournamentView id={1} />);
    expect(await screen.findByText('You did not take part in this tournament.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    unmount();
    renderWithApp(<TournamentView id={2} />);
    expect(await screen.findByTestId('tournament-joined')).toBeInTheDocument();
    expect(plainSpaces(screen.getByTestId('tournament-me').textContent)).toContain('Place4Points₽120.00');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('a refused join says why', async () => {
    server.use(
      http.post(apiPath('/tournaments/:id/join'), () =>
        HttpResponse.json({ message: 'x', errors: { tournament: ['currency'] } }, { status: 422 }),
      ),
      ...tournamentsApi({
        details: {
          7: tournamentReply(
            7,
            { requires_join: true },
            {
              me: { joined: false, place: null, points: 0, prize: 0, paid: false },
            },
          ),
        },
      }).handlers,
    );
    signInTestUser();
    renderWithApp(<TournamentView id={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText(/not counted in this tournament/)).toBeInTheDocument();
  });

  it('a guest’s leaderboard follows the tournament’s topic', async () => {
    server.use(...tournamentsApi({ details: { 7: tournamentReply(7) } }).handlers);
    renderWithApp(<TournamentView id={7} />);
    await screen.findByTestId('leaderboard');
    emit('tournament:7', {
      type: 'leaderboard',
      leaderboard: [leaderboardEntry(1, { player: 'newcomer', points: 5_000 })],
      participants: 60,
      state: 'active',
    });
    await vi.waitFor(() => expect(rows()).toEqual(['1newcomerPoints: ₽5,000.00Prize: ₽10,000.00']));
    expect(screen.getByTestId('tournament-participants')).toHaveTextContent('60');
  });

  it('follows the leaderboard live, and asks for the player’s own entry again when it changes', async () => {
    let asked = 0;
    const board = [
      leaderboardEntry(1, { user_id: 102, player: 'Test Player', points: 900 }),
      leaderboardEntry(2, { user_id: 101, player: 'player1', points: 800 }),
    ];
    const me = (points: number) => ({
      joined: true,
      place: asked === 1 ? 2 : 1,
      points,
      prize: 0,
      paid: false,
    });
    server.use(
      ...tournamentsApi({
        details: {
          7: (authorized) => {
            if (!authorized) return tournamentReply(7);
            asked += 1;
            return asked === 1
              ? tournamentReply(7, {}, { me: me(500) })
              : tournamentReply(7, { participants: 58 }, { me: me(900), leaderboard: board });
          },
        },
      }).handlers,
    );
    signInTestUser({ id: 102 });
    renderWithApp(<TournamentView id={7} />);
    expect(await screen.findByTestId('tournament-me')).toHaveTextContent('₽500.00');
    expect(followed.at(-1)?.topic).toBe('tournament:7');

    // The same board (the snapshot on subscribing): nothing to ask.
    emit('tournament:7', {
      type: 'snapshot',
      leaderboard: tournamentReply(7).leaderboard,
      participants: 57,
      state: 'active',
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(1);

    emit('tournament:7', { type: 'leaderboard', leaderboard: board, participants: 58, state: 'active' });
    await vi.waitFor(() => expect(rows()[0]).toContain('Test Player'));
    expect(screen.getByTestId('tournament-participants')).toHaveTextContent('58');
    expect(screen.getAllByTestId('leaderboard-row')[0]).toHaveAttribute('aria-current', 'true');
    await vi.waitFor(() => expect(screen.getByTestId('tournament-me')).toHaveTextContent('₽900.00'));
    expect(asked).toBe(2);
  });

  it('a message that comes while the player’s copy is on its way is not lost: the copy is asked for again', async () => {
    const board = [leaderboardEntry(1, { user_id: 102, player: 'Test Player', points: 10 })];
    let asked = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiPath('/tournaments/:id'), async ({ request }) => {
        if (!request.headers.has('authorization')) return HttpResponse.json(tournamentReply(7));
        asked += 1;
        // The first copy was read before the points were counted: an empty board.
        if (asked === 1) {
          await held;
          return HttpResponse.json(tournamentReply(7, {}, { leaderboard: [] }));
        }
        return HttpResponse.json(tournamentReply(7, {}, { leaderboard: board }));
      }),
    );
    signInTestUser({ id: 102 });
    renderWithApp(<TournamentView id={7} first={tournamentReply(7, {}, { leaderboard: [] })} />);
    await vi.waitFor(() => expect(asked).toBe(1));
    // The points are counted and pushed while that copy is still on its way.
    emit('tournament:7', { type: 'leaderboard', leaderboard: board, participants: 1, state: 'active' });
    release();
    await vi.waitFor(() => expect(rows()).toEqual([expect.stringContaining('Test Player')]));
    expect(asked).toBe(2);
  });
});
