import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CrashBetView } from '@/lib/contracts/crash';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { BET_RETRIES } from '../api/game-client';
import { logIn, logOut, unprocessable } from '../shared/testing/game-fixtures';
import { initialCrashRound, myBetFrom, type CrashRoundState } from './crash-round';
import { useCrashRoundStore } from './crash-round-store';
import { CrashBetForm } from './crash-bet-form';

const server = withMockServer();

const bet = (patch: Partial<CrashBetView> = {}): CrashBetView => ({
  id: 3,
  player: 'Test Player',
  currency: 'RUB',
  amount: 10,
  auto_cashout: null,
  cashed_out_at: null,
  payout: null,
  ...patch,
});

/** Puts the round in a state, as the socket would. */
function round(patch: Partial<CrashRoundState>) {
  act(() => useCrashRoundStore.setState({ ...initialCrashRound, connection: 'live', ...patch }));
}
const bettingOpen = () => round({ phase: 'betting', gameId: 7, bettingEndsAt: Date.now() + 60_000 });

const amountField = () => screen.getByLabelText('Bet amount');
const autoField = () => screen.getByLabelText('Auto cash-out');
const betButton = () => screen.getByTestId('bet-button');

describe('the crash bet form', () => {
  beforeEach(() => {
    logIn({ balance: 100 });
    bettingOpen();
  });

  it('keeps the amount within crash’s limits in the player’s currency', async () => {
    renderWithApp(<CrashBetForm />);
    expect(amountField()).toHaveValue('1.00');
    expect(betButton()).toBeEnabled();
    fireEvent.change(amountField(), { target: { value: '0.5' } });
    expect(screen.getByTestId('bet-amount-error')).toHaveTextContent('The minimum bet is ₽1.00');
    expect(betButton()).toBeDisabled();
    fireEvent.change(amountField(), { target: { value: '60000' } });
    expect(screen.getByTestId('bet-amount-error')).toHaveTextContent('The maximum bet is ₽50,000.00');
    expect(betButton()).toBeDisabled();
    await userEvent.click(screen.getByTitle('Maximum bet'));
    expect(amountField()).toHaveValue('50000.00');
    expect(betButton()).toBeEnabled();
  });

  it('takes the limits of a KZT player', () => {
    logIn({ balance: 10_000, currency: 'KZT' });
    renderWithApp(<CrashBetForm />);
    expect(amountField()).toHaveValue('5.00');
    fireEvent.change(amountField(), { target: { value: '250001' } });
    expect(screen.getByTestId('bet-amount-error')).toHaveTextContent('The maximum bet is ₸250,000.00');
  });

  it('takes an auto cash-out from 1.01×, or none; anything else is refused before sending', async () => {
    renderWithApp(<CrashBetForm />);
    expect(autoField()).toHaveValue('');
    expect(autoField()).toHaveAttribute('placeholder', 'Off');
    for (const [typed, error] of [
      ['1', 'The auto cash-out is at least 1.01×'],
      ['1.00', 'The auto cash-out is at least 1.01×'],
      ['abc', 'Enter a multiplier such as 2.00, or leave the field empty'],
      ['2000000', 'The auto cash-out is at most 1,000,000.00×'],
    ]) {
      fireEvent.change(autoField(), { target: { value: typed } });
      expect(screen.getByTestId('crash-auto-error'), typed).toHaveTextContent(error);
      expect(autoField()).toHaveAttribute('aria-invalid', 'true');
      expect(betButton()).toBeDisabled();
    }
    fireEvent.change(autoField(), { target: { value: '1,01' } });
    expect(screen.queryByTestId('crash-auto-error')).toBeNull();
    fireEvent.change(autoField(), { target: { value: '2' } });
    fireEvent.blur(autoField());
    expect(autoField()).toHaveValue('2.00');

    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/crash/bet'), async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ bet: bet({ auto_cashout: 2, amount: 1 }), game_id: 7, balance: 99 });
      }),
    );
    await userEvent.click(betButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ amount: 1, auto_cashout: 2 });
    expect(await screen.findByTestId('crash-my-status')).toHaveTextContent(
      'Your bet: ₽1.00, auto cash-out at 2.00×',
    );
  });

  it('takes bets only in the betting window and says why not otherwise', () => {
    renderWithApp(<CrashBetForm />);
    const closed = () => screen.getByTestId('crash-bet-closed');
    round({ phase: 'running', gameId: 7, anchor: { elapsedMs: 0, receivedAt: Date.now() }, multiplier: 1 });
    expect(betButton()).toBeDisabled();
    expect(closed()).toHaveTextContent('The game is running: bets open for the next game');
    expect(betButton()).toHaveAccessibleDescription('The game is running: bets open for the next game');
    round({ phase: 'busted', gameId: 7, crashPoint: 1.5 });
    expect(closed()).toHaveTextContent('The game is running: bets open for the next game');
    round({ phase: 'idle' });
    expect(closed()).toHaveTextContent('No game is open yet: bets open with the next one');
    round({ phase: 'betting', gameId: 8, bettingEndsAt: Date.now() + 60_000, connection: 'reconnecting' });
    expect(closed()).toHaveTextContent('Reconnecting: bets wait for the connection');
    round({ phase: 'betting', gameId: 8, bettingEndsAt: Date.now() - 1 });
    return waitFor(() => expect(closed()).toHaveTextContent('Betting has closed: the game is starting'));
  });

  it('places a bet with a fresh idempotency key, reused when the same bet is sent again after a lost answer', async () => {
    const bodies: { idempotency_key: string; amount: number }[] = [];
    let online = false;
    server.use(
      http.post(apiPath('/crash/bet'), async ({ request }) => {
        bodies.push((await request.json()) as { idempotency_key: string; amount: number });
        if (!online) return HttpResponse.error();
        return HttpResponse.json({ bet: bet(), game_id: 7, balance: 90 });
      }),
    );
    renderWithApp(<CrashBetForm />);
    fireEvent.change(amountField(), { target: { value: '10' } });
    await userEvent.click(betButton());
    expect(await screen.findByTestId('notification-error')).toBeInTheDocument();
    // The client tried again by itself with the same key; the player's second click is the same bet again.
    const tried = bodies.length;
    expect(tried).toBe(BET_RETRIES + 1);
    online = true;
    await userEvent.click(betButton());
    await waitFor(() => expect(screen.getByTestId('crash-my-status')).toHaveTextContent('Your bet: ₽10.00'));
    expect(new Set(bodies.map((body) => body.idempotency_key)).size).toBe(1);
    expect(bodies[0].idempotency_key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(useSessionStore.getState().user?.balance).toBe(90);
    expect(useCrashRoundStore.getState().mine).toMatchObject({ gameId: 7, betId: 3, amount: 10 });
    expect(betButton()).toBeDisabled();
    expect(screen.getByTestId('crash-bet-closed')).toHaveTextContent('Your bet is in this game');

    // The next game's bet has a key of its own.
    round({ phase: 'betting', gameId: 8, bettingEndsAt: Date.now() + 60_000 });
    await userEvent.click(betButton());
    await waitFor(() => expect(bodies).toHaveLength(tried + 2));
    expect(bodies.at(-1)!.idempotency_key).not.toBe(bodies[0].idempotency_key);
  });

  it('shows a refusal translated, and sends a refused bet again with a new key', async () => {
    const keys: string[] = [];
    server.use(
      http.post(apiPath('/crash/bet'), async ({ request }) => {
        keys.push(((await request.json()) as { idempotency_key: string }).idempotency_key);
        return unprocessable({ amount: ['betting_closed: Bets are taken only before the game starts.'] });
      }),
    );
    renderWithApp(<CrashBetForm />);
    await userEvent.click(betButton());
    expect(await screen.findByTestId('notification-error')).toHaveTextContent(
      'Bets are closed: the game has already started',
    );
    await userEvent.click(betButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('offers a deposit when the money is short', async () => {
    server.use(
      http.post(apiPath('/crash/bet'), () =>
        unprocessable({ amount: ['insufficient_funds: There is not enough money on the balance.'] }),
      ),
    );
    renderWithApp(<CrashBetForm />);
    await userEvent.click(betButton());
    expect(await screen.findByTestId('deposit-offer')).toBeInTheDocument();
    expect(screen.getByTestId('notification-error')).toHaveTextContent('Not enough money on your balance');
  });

  it('offers Cash out while the game runs with the player’s bet in it, showing what it would pay now', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiPath('/crash/cashout'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ bet: bet({ cashed_out_at: 1.52, payout: 15.2 }), balance: 105.2 });
      }),
    );
    round({
      phase: 'running',
      gameId: 7,
      anchor: { elapsedMs: 7_000, receivedAt: Date.now() },
      multiplier: 1.52,
      mine: myBetFrom(7, bet()),
    });
    renderWithApp(<CrashBetForm />);
    expect(screen.queryByTestId('bet-button')).toBeNull();
    const cashOut = screen.getByTestId('crash-cashout');
    expect(cashOut).toHaveTextContent('Cash out ₽15.20 (1.52×)');
    act(() => useCrashRoundStore.setState({ multiplier: 1.6 }));
    expect(cashOut).toHaveTextContent('Cash out ₽16.00 (1.60×)');
    await userEvent.click(cashOut);
    expect(await screen.findByTestId('crash-my-status')).toHaveTextContent('You cashed out at 1.52×: ₽15.20');
    expect(bodies).toEqual([{ game_id: 7 }]);
    expect(useSessionStore.getState().user?.balance).toBe(105.2);
    expect(screen.queryByTestId('crash-cashout')).toBeNull();
  });

  it('says a bet still in the game when it busted is lost', () => {
    round({ phase: 'busted', gameId: 7, crashPoint: 1.3, mine: { ...myBetFrom(7, bet()), lost: true } });
    renderWithApp(<CrashBetForm />);
    expect(screen.getByTestId('crash-my-status')).toHaveTextContent(
      'The game crashed at 1.30×: your bet of ₽10.00 is lost',
    );
  });
});

describe('the crash bet form for a guest', () => {
  beforeEach(() => {
    logOut();
    bettingOpen();
  });

  it('asks to sign up or log in instead of the form', async () => {
    renderWithApp(<CrashBetForm />);
    expect(screen.queryByTestId('bet-button')).toBeNull();
    expect(screen.getByTestId('crash-guest')).toHaveTextContent(
      'Sign up or log in to place bets. Anyone can watch the game.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(useModalStore.getState().isOpen(MODAL.signup)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(useModalStore.getState().isOpen(MODAL.login)).toBe(true);
  });
});
