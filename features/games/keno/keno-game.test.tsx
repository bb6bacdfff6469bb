import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { betBase, gameHandlers, logIn, reduceMotion, unprocessable } from '../shared/testing/game-fixtures';
import { KenoGame, randomPicks } from './keno-game';

const server = withMockServer(createMockServer(...gameHandlers()));
const square = (n: number) =>
  within(screen.getByTestId('keno-board')).getByText(String(n)).closest('button')!;

describe('KenoGame', () => {
  beforeAll(reduceMotion);
  beforeEach(() => logIn({ balance: 100 }));

  it('picks squares, shows their pay table row, and reveals the hits of the reply', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/keno/bet'), async ({ request }) => {
        const body = (await request.json()) as {
          amount: number;
          picks: number[];
          risk: 'low' | 'medium' | 'high';
        };
        bodies.push(body);
        return HttpResponse.json({
          bet: {
            ...betBase({ id: 21, amount: body.amount, payout: 25, multiplier: 2.5, status: 'won' }),
            game: 'keno',
            outcome: {
              picks: body.picks,
              risk: body.risk,
              hits: [7, 1, 2, 3, 4, 5, 6, 8, 9, 12],
              matched: [7, 12],
            },
          },
          balance: 115,
        });
      }),
    );
    renderWithApp(<KenoGame />);
    expect(screen.getByTestId('bet-button')).toBeDisabled(); // nothing picked
    fireEvent.click(square(12));
    fireEvent.click(square(7));
    fireEvent.click(square(33));
    expect(square(7)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByLabelText('Low'));
    const table = screen.getByTestId('keno-paytable');
    expect(table).toHaveTextContent('Pay table for 3 picks');
    expect(table).toHaveTextContent('0.00×1.34×2.50×4.81×');
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('keno-result')).toHaveTextContent('2 of 3 matched. You won ₽25.00'),
    );
    expect(bodies).toEqual([
      { amount: 10, picks: [7, 12, 33], risk: 'low', idempotency_key: expect.any(String) },
    ]);
    expect(square(7)).toHaveAttribute('data-state', 'match');
    expect(square(1)).toHaveAttribute('data-state', 'hit');
    expect(square(33)).toHaveAttribute('data-state', 'picked');
  });

  it('moves between squares with the arrow keys and stops at 10 picks', () => {
    renderWithApp(<KenoGame />);
    square(1).focus();
    fireEvent.keyDown(square(1), { key: 'ArrowDown' });
    expect(square(9)).toHaveFocus();
    fireEvent.click(screen.getByTestId('keno-auto-pick'));
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(10);
    const free = screen.getAllByRole('button', { pressed: false }).find((b) => b.dataset.state === 'free')!;
    fireEvent.click(free);
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(10);
    expect(randomPicks(10, () => 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows a 422 on the picks', async () => {
    server.use(
      http.post(apiPath('/keno/bet'), () => unprocessable({ picks: ['invalid: The picks are invalid'] })),
    );
    renderWithApp(<KenoGame />);
    fireEvent.click(square(5));
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('notification-error')).toHaveTextContent('The value is invalid'),
    );
    expect(screen.getByTestId('keno-result')).toHaveTextContent('');
  });
});
