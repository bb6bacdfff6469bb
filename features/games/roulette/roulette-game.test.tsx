import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { betBase, gameHandlers, logIn, reduceMotion, unprocessable } from '../shared/testing/game-fixtures';
import { RouletteGame } from './roulette-game';
import { canPlace, chipsOf } from './table';

const server = withMockServer(createMockServer(...gameHandlers()));
const spot = (key: string) => document.querySelector(`[data-spot="${key}"]`) as HTMLButtonElement;

describe('RouletteGame', () => {
  beforeAll(reduceMotion);
  beforeEach(() => logIn({ balance: 100 }));

  it('places chips, bets their sum and shows the pocket the wheel lands on', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/roulette/bet'), async ({ request }) => {
        const body = (await request.json()) as { chips: { type: string; value?: number; amount: number }[] };
        bodies.push(body);
        return HttpResponse.json({
          bet: {
            ...betBase({ id: 31, amount: 15, payout: 200, multiplier: 13.3333, status: 'won' }),
            game: 'roulette',
            outcome: {
              pocket: 17,
              color: 'black',
              chips: [
                { type: 'red', amount: 10, win: false, payout: 0 },
                { type: 'straight', value: 17, amount: 5, win: true, payout: 180 },
              ],
            },
          },
          balance: 285,
        });
      }),
    );
    renderWithApp(<RouletteGame />);
    fireEvent.change(screen.getByLabelText('Chip value'), { target: { value: '5' } });
    fireEvent.click(spot('red:'));
    fireEvent.click(spot('red:'));
    fireEvent.click(spot('straight:17'));
    fireEvent.click(spot('dozen:2'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByTestId('roulette-total')).toHaveTextContent('Total bet: ₽15.00 (max ₽10,000.00)');
    expect(spot('straight:17')).toHaveAccessibleName('Place a chip on 17 black, pays 36×, staked ₽5.00');
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() =>
      expect(screen.getByTestId('roulette-result')).toHaveTextContent(
        'The ball landed on 17 black. You won ₽200.00',
      ),
    );
    expect(bodies).toEqual([
      {
        chips: [
          { type: 'red', amount: 10 },
          { type: 'straight', value: 17, amount: 5 },
        ],
        idempotency_key: expect.any(String),
      },
    ]);
    expect(spot('straight:17').className).toContain('ring-gold');
    expect(spot('red:').className).not.toContain('ring-gold');
    const angle = Number(screen.getByTestId('roulette-wheel').getAttribute('data-angle'));
    // 17 is 8 pockets clockwise from 0 (WHEEL_ORDER): the wheel stops turned so that it sits under the pointer.
    const off = (((angle + 8 * (360 / 37)) % 360) + 360) % 360;
    expect(Math.min(off, 360 - off)).toBeCloseTo(0, 6);
    expect(angle).toBeGreaterThanOrEqual(4 * 360);
  });

  it('keeps the total within the maximum and shows a 422', async () => {
    server.use(
      http.post(apiPath('/roulette/bet'), () => unprocessable({ chips: ['too_many: Too many chips'] })),
    );
    renderWithApp(<RouletteGame />);
    fireEvent.change(screen.getByLabelText('Chip value'), { target: { value: '6000' } });
    fireEvent.click(spot('odd:'));
    fireEvent.click(spot('even:'));
    expect(screen.getByTestId('roulette-total')).toHaveTextContent(
      'This chip would take the total above the maximum bet',
    );
    expect(screen.getByTestId('roulette-total')).toHaveTextContent('Total bet: ₽6,000.00');
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('notification-error')).toHaveTextContent('Too many items'));
    expect(screen.getByTestId('roulette-result')).toHaveTextContent('');
  });

  it('adds chips per spot and refuses a 21st spot', () => {
    const placed = Array.from({ length: 20 }, (_, value) => ({
      type: 'straight' as const,
      value,
      amountMinor: 100,
    }));
    expect(canPlace(placed, { type: 'straight', value: 20 }, 1, 10_000)).toBe('spots');
    expect(canPlace(placed, { type: 'straight', value: 3 }, 1, 10_000)).toBeNull();
    expect(chipsOf([...placed.slice(0, 2), { type: 'straight', value: 0, amountMinor: 250 }])).toEqual([
      { type: 'straight', value: 0, amount: 3.5 },
      { type: 'straight', value: 1, amount: 1 },
    ]);
  });
});
