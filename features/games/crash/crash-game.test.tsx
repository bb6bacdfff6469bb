import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashBetView, CrashMyBet } from '@/lib/contracts/crash';
import { profileQueryKey } from '@/lib/session/session-keys';
import { crashHandlers } from '@/tests/mocks/crash-handlers';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { logIn, logOut, reduceMotion } from '../shared/testing/game-fixtures';
import { mergeRecentPoints } from './crash-history-strip';
import { useCrashRoundStore } from './crash-round-store';
import { CrashGame } from './crash-game';

const server = withMockServer();

/**
 * The socket the page's realtime connection opens (lib/realtime/connection.ts), played by the test: it
 * opens at once, and the test delivers the crash topic's messages on it.
 */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  /** The server sends a message; it is handled (the contract loaded, the message parsed) inside act. */
  async deliver(message: unknown) {
    await act(async () => {
      this.onmessage?.({ data: JSON.stringify({ topic: 'crash', ...(message as object) }) });
      await vi.dynamicImportSettled();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.());
  }
}
const socket = () => FakeSocket.opened[FakeSocket.opened.length - 1];

const bet = (id: number, patch: Partial<CrashBetView> = {}): CrashBetView => ({
  id,
  player: `Player ${id}`,
  currency: 'RUB',
  amount: 10,
  auto_cashout: null,
  cashed_out_at: null,
  payout: null,
  ...patch,
});

const snapshot = (patch: Record<string, unknown> = {}) => ({
  type: 'snapshot',
  phase: 'betting',
  game_id: 105,
  betting_ends_at: new Date(Date.now() + 4_000).toISOString(),
  elapsed_ms: null,
  multiplier: null,
  crash_point: null,
  hash: null,
  bets: [],
  now: new Date().toISOString(),
  ...patch,
});

function myBets(items: Partial<CrashMyBet>[] = []) {
  return http.get(apiPath('/crash/bets/mine'), () =>
    HttpResponse.json({
      items: items.map((item, i) => ({
        id: 50 - i,
        game_id: 100 - i,
        currency: 'RUB',
        amount: 10,
        auto_cashout: null,
        status: 'lost',
        cashed_out_at: null,
        payout: 0,
        crash_point: 1.2,
        created_at: '2026-01-15T12:00:00.000Z',
        ...item,
      })),
    }),
  );
}

beforeAll(() => {
  reduceMotion();
  // jsdom has no canvas: the stage draws nothing, the texts are what the test reads.
  HTMLCanvasElement.prototype.getContext = () => null;
});
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  server.use(...crashHandlers());
});
afterEach(() => vi.unstubAllGlobals());

describe('the live crash game', () => {
  it('lists this game’s bets and shows a player’s cash-out as it comes', async () => {
    logOut();
    renderWithApp(<CrashGame />);
    expect(screen.getByTestId('game-limits')).toHaveTextContent('Bet limits: ₽1.00 – ₽50,000.00');
    await socket().deliver(snapshot({ bets: [bet(1, { player: 'Hidden' }), bet(2)] }));
    const rows = await screen.findAllByTestId('crash-live-bet');
    expect(rows.map((row) => row.textContent)).toEqual(['Hidden₽10.00In play', 'Player 2₽10.00In play']);
    await socket().deliver({ type: 'bet', game_id: 105, bet: bet(3, { amount: 25 }) });
    await socket().deliver({ type: 'started', game_id: 105, started_at: new Date().toISOString() });
    await socket().deliver({
      type: 'cashout',
      game_id: 105,
      bet: bet(2, { cashed_out_at: 1.52, payout: 15.2 }),
    });
    const live = screen.getByTestId('crash-live-bets');
    await waitFor(() =>
      expect(live.querySelector('[data-bet-id="2"]')).toHaveTextContent('Player 2₽10.001.52× · ₽15.20'),
    );
    expect(within(live).getByText('3 bets')).toBeInTheDocument();
    await socket().deliver({
      type: 'busted',
      game_id: 105,
      crash_point: 1.8,
      hash: 'b'.repeat(64),
      elapsed_ms: 9_797,
    });
    await waitFor(() =>
      expect(live.querySelector('[data-bet-id="3"]')).toHaveAttribute('data-state', 'lost'),
    );
    expect(live.querySelector('[data-bet-id="2"]')).toHaveAttribute('data-state', 'cashed_out');
  });

  it('shows the recent points, newest first, the socket’s busts before the history, coloured by value', async () => {
    logOut();
    renderWithApp(<CrashGame />);
    await socket().deliver(snapshot());
    await waitFor(() => expect(screen.getAllByTestId('crash-strip-point')).toHaveLength(4));
    await socket().deliver({
      type: 'busted',
      game_id: 105,
      crash_point: 12.5,
      hash: 'c'.repeat(64),
      elapsed_ms: 42_100,
    });
    await waitFor(() => expect(screen.getAllByTestId('crash-strip-point')).toHaveLength(5));
    const points = screen.getAllByTestId('crash-strip-point');
    expect(points.map((point) => point.textContent)).toEqual([
      'Game #105: 12.50×',
      'Game #104: 91.57×',
      'Game #103: 1.18×',
      'Game #102: 1.15×',
      'Game #101: 1.62×',
    ]);
    expect(points[0]).toHaveClass('text-gold');
    expect(points[2]).toHaveClass('text-danger');
    expect(
      mergeRecentPoints(
        [{ id: 3, crash_point: 2, hash: '' }],
        [
          { id: 3, crash_point: 2 },
          { id: 2, crash_point: 5 },
        ],
        2,
      ),
    ).toEqual([
      { id: 3, crash_point: 2, hash: '' },
      { id: 2, crash_point: 5 },
    ]);
  });

  it('says each phase once, politely, and that it is reconnecting when the connection drops', async () => {
    logOut();
    renderWithApp(<CrashGame />);
    const said = screen.getByTestId('crash-announcement');
    expect(said).toHaveAttribute('aria-live', 'polite');
    await socket().deliver(snapshot());
    await waitFor(() =>
      expect(said).toHaveTextContent(/^Bets are open for game #105\. It starts in \d seconds?\.$/),
    );
    await socket().deliver({ type: 'started', game_id: 105, started_at: new Date().toISOString() });
    await waitFor(() => expect(said).toHaveTextContent('Game #105 has started.'));
    await socket().deliver({ type: 'tick', game_id: 105, elapsed_ms: 1_600, multiplier: 1.1 });
    await waitFor(() => expect(screen.getByTestId('crash-multiplier')).toHaveTextContent('1.10×'));
    expect(said).toHaveTextContent('Game #105 has started.');
    await socket().deliver({
      type: 'busted',
      game_id: 105,
      crash_point: 1.1,
      hash: 'd'.repeat(64),
      elapsed_ms: 1_600,
    });
    await waitFor(() => expect(said).toHaveTextContent('Game #105 crashed at 1.10×.'));
    expect(screen.getByTestId('crash-status')).toHaveTextContent('Crashed at 1.10×');
    socket().drop();
    await waitFor(() => expect(said).toHaveTextContent('Connection lost. Reconnecting…'));
    expect(screen.getByTestId('crash-connection')).toHaveTextContent('Connection lost. Reconnecting…');
  });

  it('lists the player’s own bets, and after a reload finds their bet in the running game to cash out', async () => {
    logIn({ balance: 100 });
    server.use(
      myBets([
        { id: 51, game_id: 105, status: 'active', amount: 20, crash_point: null },
        { id: 50, game_id: 104, status: 'cashed_out', cashed_out_at: 2, payout: 20, crash_point: 91.57 },
        { id: 49, game_id: 103, status: 'lost', crash_point: 1.18 },
      ]),
    );
    renderWithApp(<CrashGame />);
    await socket().deliver(
      snapshot({
        phase: 'running',
        betting_ends_at: null,
        elapsed_ms: 5_000,
        multiplier: 1.34,
        bets: [bet(51)],
      }),
    );
    const rows = await screen.findAllByTestId('crash-mine-bet');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['active', 'cashed_out', 'lost']);
    expect(rows[1]).toHaveTextContent('Cashed out at 2.00×');
    expect(rows[1]).toHaveTextContent('Paid ₽20.00');
    expect(rows[2]).toHaveTextContent('Crashed at 1.18×');
    expect(await screen.findByTestId('crash-cashout')).toHaveTextContent('Cash out ₽26.80 (1.34×)');
  });

  it('brings the header balance up to date after an automatic cash-out of the player’s bet', async () => {
    logIn({ balance: 90 });
    server.use(
      myBets([{ id: 51, game_id: 105, status: 'active', amount: 10, auto_cashout: 1.5, crash_point: null }]),
    );
    const { queryClient } = renderWithApp(<CrashGame />);
    queryClient.setQueryData(profileQueryKey, { user: { balance: 90 } });
    await socket().deliver(
      snapshot({ phase: 'running', betting_ends_at: null, elapsed_ms: 1_000, multiplier: 1.06 }),
    );
    await screen.findByTestId('crash-cashout');
    await socket().deliver({
      type: 'cashout',
      game_id: 105,
      bet: bet(51, { auto_cashout: 1.5, cashed_out_at: 1.5, payout: 15 }),
    });
    expect(await screen.findByTestId('crash-my-status')).toHaveTextContent('You cashed out at 1.50×: ₽15.00');
    // The profile (the header's balance) is fetched again: the payout came without a reply of ours.
    await waitFor(() => expect(queryClient.getQueryState(profileQueryKey)?.isInvalidated).toBe(true));
    expect(useCrashRoundStore.getState().mine).toMatchObject({ cashedOutAt: 1.5, payout: 15 });
  });
});
