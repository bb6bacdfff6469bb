import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import {
  betBase,
  gameHandlers,
  logIn,
  logOut,
  reduceMotion,
  unprocessable,
} from '../shared/testing/game-fixtures';
import { DiceGame } from './dice-game';

const server = withMockServer(createMockServer(...gameHandlers()));

const diceReply = (body: { amount: number; target: number; direction: 'over' | 'under' }) => ({
  bet: {
    ...betBase({ id: 7, amount: body.amount, payout: 19.8, multiplier: 1.9802, status: 'won', nonce: 3 }),
    game: 'dice',
    outcome: { roll: 72.5, target: body.target, direction: body.direction, win: true },
  },
  balance: 109.8,
});

describe('DiceGame', () => {
  beforeAll(reduceMotion);
  beforeEach(() => logIn({ balance: 100 }));

  it('shows the win chance and multiplier from lib/fair as the target moves', () => {
    renderWithApp(<DiceGame />);
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('50.00%');
    expect(screen.getByTestId('dice-multiplier')).toHaveTextContent('1.9802×');
    fireEvent.change(screen.getByTestId('dice-target'), { target: { value: '90' } });
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('10.00%');
    expect(screen.getByTestId('dice-multiplier')).toHaveTextContent('9.901×');
    fireEvent.click(screen.getByLabelText('Under'));
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('89.99%');
  });

  it('places a bet, shows the roll from the reply and updates the header balance', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/dice/bet'), async ({ request }) => {
        const body = (await request.json()) as {
          amount: number;
          target: number;
          direction: 'over' | 'under';
        };
        bodies.push(body);
        return HttpResponse.json(diceReply(body));
      }),
    );
    renderWithApp(<DiceGame />);
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('dice-result')).toHaveTextContent('Rolled 72.50. You won ₽19.80'),
    );
    expect(screen.getByTestId('dice-roll')).toHaveTextContent('72.50');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ amount: 10, target: 50, direction: 'over' });
    expect(bodies[0].idempotency_key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(useSessionStore.getState().user?.balance).toBe(109.8);
  });

  it('shows a 422 and offers the deposit dialog when the money is short', async () => {
    server.use(
      http.post(apiPath('/dice/bet'), () =>
        unprocessable({ amount: ['insufficient_funds: Not enough money'] }),
      ),
    );
    renderWithApp(<DiceGame />);
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-error')).toHaveTextContent('Not enough money on your balance'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);
    expect(screen.getByTestId('dice-result')).toHaveTextContent('');
  });

  it('sends a retry of the same click with the same idempotency key, a new bet with a new one', async () => {
    const keys: string[] = [];
    let fail = true;
    server.use(
      http.post(apiPath('/dice/bet'), async ({ request }) => {
        const body = (await request.json()) as {
          amount: number;
          target: number;
          direction: 'over' | 'under';
          idempotency_key: string;
        };
        keys.push(body.idempotency_key);
        return fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json(diceReply(body));
      }),
    );
    renderWithApp(<DiceGame />);
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('notification-error')).toBeInTheDocument());
    expect(keys).toHaveLength(3); // the request and its two retries
    fail = false;
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('dice-result')).toHaveTextContent('Rolled 72.50'));
    expect(new Set(keys).size).toBe(1);
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(keys).toHaveLength(5));
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('never sends a second bet while one is in flight', async () => {
    let calls = 0;
    let release: () => void = () => {};
    server.use(
      http.post(apiPath('/dice/bet'), async ({ request }) => {
        calls += 1;
        const body = (await request.json()) as {
          amount: number;
          target: number;
          direction: 'over' | 'under';
        };
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(diceReply(body));
      }),
    );
    renderWithApp(<DiceGame />);
    const button = screen.getByTestId('bet-button');
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button);
    await waitFor(() => expect(calls).toBe(1));
    release();
    await waitFor(() => expect(screen.getByTestId('dice-result')).toHaveTextContent('Rolled 72.50'));
    expect(calls).toBe(1);
  });

  it('asks a guest to sign up instead of betting', async () => {
    logOut();
    let calls = 0;
    server.use(http.post(apiPath('/dice/bet'), () => ((calls += 1), HttpResponse.json({}))));
    renderWithApp(<DiceGame />);
    expect(await screen.findByTestId('game-limits')).toHaveTextContent('Bet limits: ₽1.00 – ₽10,000.00');
    fireEvent.click(screen.getByTestId('bet-button'));
    expect(useModalStore.getState().isOpen(MODAL.signup)).toBe(true);
    expect(calls).toBe(0);
  });
});
