import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { failingUntilRecovered } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { sportBet, sportBetLeg, sportsBetsHandlers, unprocessable } from '@/tests/mocks/sports-bets-handlers';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { sportBetsQueryOptions } from './api/get-bets';
import { MyBets } from './my-bets';

const server = withMockServer(createMockServer(...sportsBetsHandlers().handlers));

function sports(options: Parameters<typeof sportsBetsHandlers>[0] = {}) {
  const { handlers, calls } = sportsBetsHandlers(options);
  server.use(...handlers);
  return calls;
}

const openExpress = sportBet({
  id: 11,
  kind: 'express',
  stake: 100,
  odds: 3.885,
  potential_payout: 388.5,
  cashout: 150.25,
  legs: [
    sportBetLeg(1, { odds: 1.85, result: 'won' }),
    sportBetLeg(2, { odds: 2.1, market_key: 'total', line: 2.5, code: 'over' }),
  ],
});
const settledSystem = sportBet({
  id: 12,
  kind: 'system',
  system_k: 2,
  stake: 30,
  odds: null,
  potential_payout: 98.1,
  status: 'won',
  payout: 48.75,
  settled_at: '2026-03-14T21:00:00.000Z',
  legs: [
    sportBetLeg(1, { odds: 1.85, result: 'won' }),
    sportBetLeg(2, { odds: 2.1, result: 'lost' }),
    sportBetLeg(3, { odds: 1.5, result: 'void', code: '2' }),
  ],
});

const text = (element: HTMLElement) => plainSpaces(element.textContent);

afterEach(() => {
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('my sports bets', () => {
  it('lists open bets with their legs, stake, odds and potential payout, and settled ones with results and payout', async () => {
    signInTestUser();
    sports({ open: [openExpress], settled: [settledSystem] });
    renderWithApp(<MyBets />);
    const open = await screen.findByTestId('sport-bet');
    expect(within(open).getByTestId('sport-bet-kind')).toHaveTextContent('Express Bet #11');
    expect(within(open).getByTestId('sport-bet-status')).toHaveTextContent('Open');
    const legs = within(open).getAllByTestId('sport-bet-leg');
    expect(legs[0]).toHaveTextContent('Home 1 – Away 1');
    expect(legs[0]).toHaveTextContent('Match result: Home 1');
    expect(within(legs[0]).getByTestId('sport-bet-leg-result')).toHaveTextContent('Won');
    expect(legs[1]).toHaveTextContent('Total: Over 2.5');
    expect(legs[1]).toHaveTextContent('2.10');
    expect(within(legs[1]).getByTestId('sport-bet-leg-result')).toHaveTextContent('Not settled');
    expect(text(within(open).getByTestId('sport-bet-stake'))).toBe('₽100.00');
    expect(within(open).getByTestId('sport-bet-odds')).toHaveTextContent('3.885');
    expect(text(within(open).getByTestId('sport-bet-potential'))).toBe('₽388.50');
    expect(text(within(open).getByTestId('cashout'))).toBe('Cash out ₽150.25');

    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    const settled = await screen.findByTestId('sport-bet');
    expect(within(settled).getByTestId('sport-bet-kind')).toHaveTextContent('System 2/3 Bet #12');
    expect(within(settled).getByTestId('sport-bet-status')).toHaveTextContent('Won');
    expect(
      within(settled)
        .getAllByTestId('sport-bet-leg-result')
        .map((r) => r.textContent),
    ).toEqual(['Won', 'Lost', 'Void']);
    expect(within(settled).queryByTestId('sport-bet-odds')).toBeNull();
    expect(text(within(settled).getByTestId('sport-bet-payout'))).toBe('₽48.75');
    expect(within(settled).queryByTestId('cashout')).toBeNull();
  });

  it('cashes out for the value shown after a confirm, and asks again with the new value when it changed', async () => {
    signInTestUser({ balance: 0 });
    const calls = sports({
      open: [openExpress],
      cashout: (body, call) =>
        call === 1
          ? unprocessable({ amount: ['changed: The cash-out value changed.'], value: ['140.5'] })
          : {
              bet: { ...openExpress, status: 'cashed_out', payout: Number(body.amount), cashout: null },
              balance: 1_140.5,
            },
    });
    renderWithApp(<MyBets />);
    await userEvent.click(await screen.findByTestId('cashout'));
    expect(text(screen.getByTestId('cashout-question'))).toBe(
      'Cash out this bet for ₽150.25? The bet closes and the amount goes to your balance.',
    );
    expect(calls.cashouts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(text(await screen.findByRole('alert'))).toBe(
      'The cash-out value changed to ₽140.50. Cash out for the new value?',
    );
    expect(calls.cashouts).toEqual([{ id: '11', body: { amount: 150.25 } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(text(await screen.findByTestId('notification-success'))).toContain('Bet cashed out for ₽140.50');
    expect(calls.cashouts[1]).toEqual({ id: '11', body: { amount: 140.5 } });
    expect(useSessionStore.getState().user?.balance).toBe(1_140.5);
  });

  it('says when cash-out is paused by a suspended market or no longer offered', async () => {
    signInTestUser();
    let answer = unprocessable({ amount: ['suspended: A market is suspended.'] });
    sports({ open: [openExpress], cashout: () => answer });
    renderWithApp(<MyBets />);
    await userEvent.click(await screen.findByTestId('cashout'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('cashout-note')).toHaveTextContent(
      'Cash-out is paused while a market of this bet is suspended',
    );
    answer = unprocessable({ amount: ['unavailable: No cash-out.'] });
    await userEvent.click(screen.getByTestId('cashout'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('cashout-note')).toHaveTextContent(
      'Cash-out is no longer available for this bet.',
    );
  });

  it('says when there are no bets, and when they could not be loaded', async () => {
    signInTestUser();
    sports();
    const failing = failingUntilRecovered('/sports/bets', () => ({ items: [] }));
    server.use(failing.handler);
    renderWithApp(<MyBets heading />);
    expect(screen.getByRole('heading', { name: 'Sports bets' })).toBeInTheDocument();
    expect(await screen.findByTestId('my-bets-error')).toHaveTextContent('Your bets could not be loaded.');
    failing.recover();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('my-bets-empty')).toHaveTextContent('No open bets');
    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(await screen.findByTestId('my-bets-empty')).toHaveTextContent('No settled bets yet');
  });

  it('reads the open bets again every 10 s, the settled ones only when asked', () => {
    expect(sportBetsQueryOptions('open').refetchInterval).toBe(10_000);
    expect(sportBetsQueryOptions('settled').refetchInterval).toBe(false);
  });

  it('asks a guest to sign in, and reads nothing', async () => {
    const calls = sports({ open: [openExpress] });
    renderWithApp(<MyBets />);
    await userEvent.click(await screen.findByTestId('my-bets-sign-in'));
    expect(useModalStore.getState().isOpen(MODAL.login)).toBe(true);
    expect(calls.lists).toEqual([]);
  });
});
