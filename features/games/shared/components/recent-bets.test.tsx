import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bet } from '@/lib/contracts/games';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { betBase, gameHandlers, logIn, logOut } from '../testing/game-fixtures';
import { RecentBets } from './recent-bets';

const won: Bet = {
  ...betBase({ id: 5, amount: 10, payout: 19.8, multiplier: 1.98, status: 'won' }),
  game: 'coinflip',
  outcome: { side: 'heads', result: 'heads', win: true },
};
const lost: Bet = {
  ...betBase({ id: 4, amount: 2.5, payout: 0, multiplier: 0, status: 'lost' }),
  game: 'coinflip',
  outcome: { side: 'heads', result: 'tails', win: false },
};
const server = withMockServer(createMockServer(...gameHandlers([won, lost])));

describe('RecentBets', () => {
  beforeEach(() => logIn());

  it('lists the player’s bets of the game with amount, multiplier, payout and result; a row opens verification', async () => {
    const onVerify = vi.fn();
    renderWithApp(<RecentBets game="coinflip" onVerify={onVerify} />);
    const rows = await screen.findAllByTestId('recent-bet');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('₽10.00');
    expect(rows[0]).toHaveTextContent('1.98×');
    expect(rows[0]).toHaveTextContent('₽19.80');
    expect(rows[0]).toHaveTextContent('Win');
    expect(rows[1]).toHaveTextContent('Loss');
    fireEvent.click(screen.getByRole('button', { name: 'Verify bet #4' }));
    expect(onVerify).toHaveBeenCalledWith(lost);
  });

  it('says when there are no bets, and when they could not be loaded', async () => {
    const { unmount } = renderWithApp(<RecentBets game="keno" />);
    expect(await screen.findByTestId('recent-bets-empty')).toHaveTextContent(
      'You have no bets in this game yet.',
    );
    unmount();
    server.use(
      http.get(apiPath('/games/bets'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    renderWithApp(<RecentBets game="keno" />);
    expect(screen.getByTestId('recent-bets-loading')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Your bets could not be loaded.')).toBeInTheDocument());
  });

  it('asks a guest to log in instead of loading anything', () => {
    logOut();
    renderWithApp(<RecentBets game="dice" />);
    expect(screen.getByText('Sign up or log in to see your bets here.')).toBeInTheDocument();
  });
});
