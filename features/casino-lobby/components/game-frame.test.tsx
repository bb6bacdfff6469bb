import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CasinoGameDetail } from '@/lib/contracts/casino';
import { profileQueryKey } from '@/lib/session/session-keys';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { casinoGameDetail } from '@/tests/mocks/casino-fixtures';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { BALANCE_REFRESH_MS, GameFrame } from './game-frame';

const server = withMockServer();

const AURORA = casinoGameDetail('aurora-wilds', 'Aurora Wilds', { thumbnail: null });

const FRAME_URL = 'http://127.0.0.1:4100/play/launch-1';

/** The game and the launch as the API answers them; each launch body is recorded. */
function casino({ game = AURORA, launch }: { game?: CasinoGameDetail | null; launch?: () => Response } = {}) {
  const launches: Record<string, unknown>[] = [];
  server.use(
    http.get(apiPath('/casino/games/:code'), () =>
      game ? HttpResponse.json(game) : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.post(apiPath('/casino/launch'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      launches.push(body);
      return launch ? launch() : HttpResponse.json({ url: FRAME_URL, mode: body.mode });
    }),
  );
  return launches;
}

const signIn = () => act(() => useSessionStore.setState({ token: 't', isLoggedIn: true, user: testUser }));

afterEach(() => {
  vi.useRealTimers();
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('a provider game’s page', () => {
  it('launches the demo for a guest and frames it, with lobby, full screen and the money mode', async () => {
    window.history.replaceState(null, '', '/en/games/slots/aurora-wilds/demo');
    const launches = casino();
    renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="demo" />);
    const frame = await screen.findByTestId('game-iframe');
    expect(frame).toHaveAttribute('src', FRAME_URL);
    expect(frame).toHaveAttribute('title', 'Game: Aurora Wilds');
    expect(launches).toEqual([
      {
        game_code: 'aurora-wilds',
        mode: 'demo',
        platform: 'desktop',
        lobby_url: 'http://localhost:3000/en/games/slots',
        deposit_url: 'http://localhost:3000/en/games/slots/aurora-wilds/demo?deposit',
      },
    ]);
    expect(screen.getByTestId('game-back')).toHaveAttribute('href', '/en/games/slots');
    expect(screen.getByTestId('game-other-mode')).toHaveAttribute(
      'href',
      '/en/games/slots/aurora-wilds/play',
    );
    expect(screen.queryByTestId('game-deposit')).not.toBeInTheDocument();
  });

  it('asks a guest who wants to play for money to sign up or log in, or to try the demo; nothing is launched', async () => {
    const launches = casino();
    renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="play" />);
    await userEvent.click(await screen.findByTestId('game-sign-up'));
    expect(useModalStore.getState().isOpen(MODAL.signup)).toBe(true);
    expect(screen.getByTestId('game-try-demo')).toHaveAttribute('href', '/en/games/slots/aurora-wilds/demo');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(launches).toEqual([]);
    expect(screen.queryByTestId('game-iframe')).not.toBeInTheDocument();
  });

  it('launches for money for a player, offers their free spins and deposit, and keeps the header balance fresh', async () => {
    signIn();
    const launches = casino({ game: { ...AURORA, free_spins: 50 } });
    const { queryClient } = renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="play" />);
    expect(await screen.findByTestId('game-iframe')).toHaveAttribute('src', FRAME_URL);
    expect(launches[0]).toMatchObject({ mode: 'real', game_code: 'aurora-wilds' });
    expect(screen.getByTestId('free-spins-note')).toHaveTextContent(
      'You have 50 free spins in this game: the game offers them.',
    );
    await userEvent.click(screen.getByTestId('game-deposit'));
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);

    // The game moves money through the wallet: the balance is read again on its message and on a timer.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'balance' }, origin: 'http://127.0.0.1:4100' }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'balance' }, origin: 'https://evil.example' }),
      );
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileQueryKey });
    const calls = invalidate.mock.calls.filter(([filters]) => filters?.queryKey === profileQueryKey).length;
    expect(calls).toBe(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, BALANCE_REFRESH_MS + 100)));
    expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey === profileQueryKey).length).toBe(2);
  }, 15_000);

  it('says the provider is not answering, and launches again on retry', async () => {
    signIn();
    let down = true;
    casino({
      launch: () =>
        down
          ? HttpResponse.json({ message: 'The game provider is not answering.' }, { status: 503 })
          : HttpResponse.json({ url: FRAME_URL, mode: 'real' }),
    });
    renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="play" />);
    const error = await screen.findByTestId('launch-error');
    expect(error).toHaveTextContent('The game provider is not answering. Try again in a moment.');
    down = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('game-iframe')).toHaveAttribute('src', FRAME_URL);
  });

  it('says a self-excluded player cannot play for money', async () => {
    signIn();
    casino({ launch: () => HttpResponse.json({ message: 'Self-excluded' }, { status: 403 }) });
    renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="play" />);
    expect(await screen.findByTestId('launch-error')).toHaveTextContent(
      'You cannot play for money right now',
    );
  });

  it('says an unknown game is not available and leads back to the lobby', async () => {
    casino({ game: null });
    renderWithApp(<GameFrame lobby="live" code="nope" mode="demo" />);
    expect(await screen.findByText('This game is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lobby' })).toHaveAttribute('href', '/en/games/live-casino');
  });

  it('offers play for money when a game has no demo', async () => {
    const launches = casino({ game: { ...AURORA, demo: false } });
    renderWithApp(<GameFrame lobby="slots" code="aurora-wilds" mode="demo" />);
    expect(await screen.findByText('This game has no demo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play for money' })).toHaveAttribute(
      'href',
      '/en/games/slots/aurora-wilds/play',
    );
    expect(launches).toEqual([]);
  });
});
