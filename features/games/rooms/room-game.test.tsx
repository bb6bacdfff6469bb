import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomRound } from '@/lib/contracts/rooms';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { profileQueryKey } from '@/lib/session/session-keys';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { drawnRoomRound, openRoomRound, roomHandlers, roomRules } from '@/tests/mocks/rooms-handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { plainSpaces } from '@/tests/mocks/signed-in';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { logIn, logOut, reduceMotion, unprocessable } from '../shared/testing/game-fixtures';
import { RoomFairnessTools } from './room-fairness-tools';
import { RoomGame } from './room-game';
import { LobbyRoomStatus, RoomsLobbyLive } from './rooms-lobby-live';

/** The socket: each followed topic's listener, so a test can send it the hub's messages. */
const topics = vi.hoisted(() => new Map<string, (event: RealtimeEvent) => void>());
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (_service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    if (topic) topics.set(topic, onEvent);
    return 'open';
  },
}));

const server = withMockServer(createMockServer(...roomHandlers()));

/** Sends `message` on `topic` as the hub would, and lets it be parsed and applied. */
async function send(topic: string, message: Record<string, unknown>) {
  const listener = topics.get(topic);
  if (!listener) throw new Error(`nobody follows ${topic}`);
  await act(async () => {
    listener({ topic, ...message } as RealtimeEvent);
    // The contract loads with the first message; the message is applied right after.
    await import('@/lib/contracts/rooms');
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const TOPIC = 'rooms:red:RUB';
const now = () => new Date().toISOString();
const snapshot = (round: RoomRound) => send(TOPIC, { type: 'snapshot', round, rules: roomRules, now: now() });
const where = { room: 'red', currency: 'RUB' } as const;

describe('a room page', () => {
  beforeAll(reduceMotion);
  beforeEach(() => {
    topics.clear();
    logIn({ id: 42, name: 'Me', balance: 100 });
  });

  it('shows the pot divided by stake, the players with their chances, then the countdown of the second player', async () => {
    renderWithApp(<RoomGame room="red" />);
    expect(screen.getByTestId('room-phase')).toHaveTextContent('Connecting…');
    await snapshot(openRoomRound(3, [{ id: 1, user_id: 42, player: 'Me', amount: 5 }]));
    expect(plainSpaces(screen.getByTestId('room-pot').textContent)).toBe('₽5.00');
    expect(screen.getByTestId('room-phase')).toHaveTextContent(
      'The countdown starts when a second player stakes',
    );
    expect(screen.getByTestId('room-wheel').querySelectorAll('path[fill]')).toHaveLength(2); // one stake, the pointer

    await send(TOPIC, {
      type: 'stake',
      ...where,
      round_id: 3,
      stake: { id: 2, user_id: 7, player: 'Bob', amount: 10, created_at: now() },
      pot: 15,
      players: 2,
    });
    await send(TOPIC, {
      type: 'countdown',
      ...where,
      round_id: 3,
      ends_at: new Date(Date.now() + 10_000).toISOString(),
      now: now(),
    });
    expect(plainSpaces(screen.getByTestId('room-pot').textContent)).toBe('₽15.00');
    expect(screen.getByTestId('room-players-count')).toHaveTextContent('2 players');
    await waitFor(() => expect(screen.getByTestId('room-phase')).toHaveTextContent(/^Draw in (10|9) s$/));
    const players = within(screen.getByTestId('room-players')).getAllByRole('listitem');
    expect(players.map((item) => plainSpaces(item.textContent))).toEqual([
      'Me (you)₽5.0033.33%',
      'Bob₽10.0066.67%',
    ]);
    expect(screen.getByTestId('room-own-stakes')).toHaveTextContent('Your stakes in this round: 1 of 10');
  });

  it('spins to the winner the draw names, announces them, and shows the next round after the result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      logIn({ id: 5, name: 'Winner', balance: 100 });
      const { queryClient } = renderWithApp(<RoomGame room="red" />);
      queryClient.setQueryData(profileQueryKey, { user: useSessionStore.getState().user });
      await snapshot({
        ...drawnRoomRound,
        status: 'open',
        seed: null,
        ticket: null,
        winner: null,
        commission: null,
      });
      await send(TOPIC, { type: 'drawn', ...where, round: drawnRoomRound });
      await send(TOPIC, { type: 'opened', ...where, round: openRoomRound(8) });
      // The drawn round stays on the wheel, turned so that ticket 1003 of 10350 is under the pointer.
      expect(plainSpaces(screen.getByTestId('room-pot').textContent)).toBe('₽103.50');
      const angle = Number(screen.getByTestId('room-wheel-rotor').getAttribute('data-angle'));
      expect((angle + (1003.5 / 10350) * 360) % 360).toBeCloseTo(0, 6);
      await waitFor(() => expect(screen.getByTestId('room-phase')).toHaveTextContent('You won ₽98.33!'));
      expect(screen.getByTestId('room-phase')).toHaveAttribute('data-phase', 'winner');
      // The winner's balance is fetched again once the wheel has stopped.
      expect(queryClient.getQueryState(profileQueryKey)?.isInvalidated).toBe(true);

      await act(async () => {
        vi.advanceTimersByTime(5_100);
      });
      expect(plainSpaces(screen.getByTestId('room-pot').textContent)).toBe('₽0.00');
      expect(screen.getByTestId('room-phase')).toHaveTextContent('No stakes yet: place the first one');
      expect(plainSpaces(screen.getByTestId('room-last-winner').textContent)).toBe(
        'Last round #7: Hidden won ₽98.33',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('stakes the amount typed with a fresh key, and the balance follows the reply', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/rooms/red/stake'), async ({ request }) => {
        bodies.push(await request.json());
        const round = openRoomRound(3, [{ id: 9, user_id: 42, player: 'Me', amount: 2.5 }]);
        return HttpResponse.json({ stake: round.stakes[0], round, balance: 97.5 });
      }),
    );
    renderWithApp(<RoomGame room="red" />);
    await snapshot(openRoomRound(3));
    expect(plainSpaces(screen.getByTestId('room-balance').textContent)).toBe('₽100.00');
    fireEvent.change(screen.getByLabelText('Stake amount'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('room-stake-button'));
    await waitFor(() => expect(plainSpaces(screen.getByTestId('room-pot').textContent)).toBe('₽2.50'));
    expect(bodies).toEqual([{ amount: 2.5, idempotency_key: expect.any(String) }]);
    expect(useSessionStore.getState().user?.balance).toBe(97.5);
    expect(plainSpaces(screen.getByTestId('room-balance').textContent)).toBe('₽97.50');
  });

  it("shows the server's refusal in the room's words", async () => {
    server.use(
      http.post(apiPath('/rooms/red/stake'), () =>
        unprocessable({ amount: ['round_closed: This round takes no more stakes: it is being drawn.'] }),
      ),
    );
    renderWithApp(<RoomGame room="red" />);
    await snapshot(openRoomRound(3));
    fireEvent.click(screen.getByTestId('room-stake-button'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-error')).toHaveTextContent(
        'This round takes no more stakes: the winner is being drawn',
      ),
    );
  });

  it('offers a guest sign-up and log-in instead of the form, with the room rules', async () => {
    logOut();
    renderWithApp(<RoomGame room="red" />);
    await snapshot(openRoomRound(3));
    expect(screen.queryByTestId('room-stake-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModalStore.getState().openModals).toContain(MODAL.signup);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(useModalStore.getState().openModals).toContain(MODAL.login);
    const rules = plainSpaces(screen.getByTestId('room-rules').textContent);
    expect(rules).toContain('Minimum stake₽1.00');
    expect(rules).toContain('Maximum stake₽1,000.00');
    expect(rules).toContain('Commission5.00%');
    expect(rules).toContain('Countdown after the second player30 s');
  });

  it("titles its parts one level below the page's title (an h1), skipping none", async () => {
    renderWithApp(<RoomGame room="red" />);
    await snapshot(openRoomRound(3, [{ id: 1, user_id: 42, player: 'Me', amount: 5 }]));
    const headings = screen.getAllByRole('heading');
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H2', 'Stakes in this round'],
      ['H2', 'Rules of the room'],
    ]);
  });
});

describe('the rooms fairness tools', () => {
  it("verifies a finished round in the browser: the seed's hash, the ticket and the winner", async () => {
    renderWithApp(<RoomFairnessTools room="red" />);
    const round = await screen.findByTestId('room-history-round');
    expect(round).toHaveTextContent('Hidden won ₽98.33');
    fireEvent.click(within(round).getByRole('button', { name: 'Verify round #7' }));
    expect(await screen.findByTestId('room-verifier-verdict')).toHaveTextContent(
      'It matches the winner of round #7.',
    );
    expect(screen.getByTestId('room-verifier-hash')).toHaveTextContent('It matches the published hash.');
    expect(screen.getByTestId('room-verifier-ticket')).toHaveTextContent('1003 of 10350');
    expect(screen.getByTestId('room-verifier-winner')).toHaveTextContent('Stake #42 (player 5)');

    // A changed stake list draws another ticket: no longer the recorded winner's.
    fireEvent.change(screen.getByLabelText('Stakes'), { target: { value: '41:3:100,42:5:100,43:3:250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('room-verifier-ticket')).toHaveTextContent('136 of 450'));
    expect(screen.queryByTestId('room-verifier-verdict')).toBeNull();
  });

  it('says what is wrong with a typed seed', async () => {
    renderWithApp(<RoomFairnessTools room="red" />);
    fireEvent.change(screen.getByLabelText('Server seed'), { target: { value: 'not a seed' } });
    fireEvent.change(screen.getByLabelText('Stakes'), { target: { value: '1:2:3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('A seed is 64 hex characters (0–9, a–f).')).toBeInTheDocument();
  });
});

describe('the rooms lobby', () => {
  beforeEach(() => {
    topics.clear();
    logIn({ currency: 'USD' });
  });

  it("shows each room's pot and players in the player's currency, live", async () => {
    renderWithApp(
      <RoomsLobbyLive>
        <LobbyRoomStatus room="red" />
        <LobbyRoomStatus room="purple" />
      </RoomsLobbyLive>,
    );
    expect(screen.getByTestId('rooms-lobby-phase-red')).toHaveTextContent('Connecting…');
    const entry = (room: string, currency: string, roundId: number, pot: number, players: number) => ({
      room,
      currency,
      round_id: roundId,
      pot,
      players,
      ends_at: null,
      min: 0.01,
      max: 10,
    });
    await send('rooms', {
      type: 'snapshot',
      rooms: [
        entry('red', 'RUB', 1, 500, 3),
        entry('red', 'USD', 2, 1.5, 1),
        entry('purple', 'USD', 3, 0, 0),
      ],
      now: now(),
    });
    expect(plainSpaces(screen.getByTestId('rooms-lobby-pot-red').textContent)).toBe('$1.50');
    expect(screen.getByTestId('rooms-lobby-phase-red')).toHaveTextContent('Waiting for a second player');
    expect(screen.getByTestId('rooms-lobby-status-purple')).toHaveTextContent('Stakes from $0.50');
    await send('rooms', {
      type: 'stake',
      room: 'red',
      currency: 'USD',
      round_id: 2,
      stake: { id: 5, user_id: 8, player: 'Bob', amount: 2, created_at: now() },
      pot: 3.5,
      players: 2,
    });
    await send('rooms', {
      type: 'countdown',
      room: 'red',
      currency: 'USD',
      round_id: 2,
      ends_at: new Date(Date.now() + 20_000).toISOString(),
      now: now(),
    });
    expect(plainSpaces(screen.getByTestId('rooms-lobby-pot-red').textContent)).toBe('$3.50');
    expect(screen.getByTestId('rooms-lobby-players-red')).toHaveTextContent('2 players');
    await waitFor(() =>
      expect(screen.getByTestId('rooms-lobby-phase-red')).toHaveTextContent(/^Draw in (20|19) s$/),
    );
  });
});
