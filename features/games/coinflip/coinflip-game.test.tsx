import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { betBase, gameHandlers, logIn, reduceMotion, unprocessable } from '../shared/testing/game-fixtures';
import { CoinflipGame } from './coinflip-game';

const server = withMockServer(createMockServer(...gameHandlers()));

describe('CoinflipGame', () => {
  beforeAll(reduceMotion);
  beforeEach(() => logIn({ balance: 50 }));

  it('bets on the chosen side and shows where the coin landed', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/coinflip/bet'), async ({ request }) => {
        const body = (await request.json()) as { amount: number; side: 'heads' | 'tails' };
        bodies.push(body);
        return HttpResponse.json({
          bet: {
            ...betBase({ id: 11, amount: body.amount, payout: 0, multiplier: 0, status: 'lost' }),
            game: 'coinflip',
            outcome: { side: body.side, result: 'heads', win: false },
          },
          balance: 45,
        });
      }),
    );
    renderWithApp(<CoinflipGame />);
    expect(screen.getByText('1.98×')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Tails'));
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('coinflip-result')).toHaveTextContent(
        'The coin landed on Heads. No win this time',
      ),
    );
    expect(screen.getByTestId('coin')).toHaveAttribute('data-side', 'heads');
    expect(bodies).toEqual([{ amount: 5, side: 'tails', idempotency_key: expect.any(String) }]);
    expect(useSessionStore.getState().user?.balance).toBe(45);
  });

  it('shows the server refusal of an amount and takes no result', async () => {
    server.use(
      http.post(apiPath('/coinflip/bet'), () =>
        unprocessable({ amount: ['too_big: The amount is above the limit'] }),
      ),
    );
    renderWithApp(<CoinflipGame />);
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-error')).toHaveTextContent('The value is too large'),
    );
    expect(screen.getByTestId('coinflip-result')).toHaveTextContent('');
    expect(screen.queryByTestId('deposit-offer')).toBeNull();
    expect(screen.getByTestId('bet-button')).toBeEnabled();
  });
});
