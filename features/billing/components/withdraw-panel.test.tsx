import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/i18n/format';
import type { PayoutOverview, PayoutRequest } from '@/lib/contracts/payouts';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { billingHandlers } from '@/tests/mocks/billing-handlers';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { PayIn } from './pay-in';

const rub = (amount: number) => formatterFor('en').money(amount, 'RUB');

const card = {
  hash: 'payout-card',
  name: { en: 'Bank card' },
  type: 'card' as const,
  min_amount: 100,
  max_amount: 150_000,
  default_amount: null,
  exchange_currency: 'RUB' as const,
  fee: 0,
};
const usdt = {
  ...card,
  hash: 'payout-usdt',
  name: { en: 'USDT' },
  type: 'crypto' as const,
  min_amount: 1_000,
  fee: 50,
};

const request = (overrides: Partial<PayoutRequest>): PayoutRequest => ({
  id: 1,
  method: 'payout-card',
  type: 'card',
  amount: 300,
  fee: 0,
  destination: '•••• 1111',
  status: 'review',
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
  cancellable: true,
  ...overrides,
});

let overview: PayoutOverview;
const posted: unknown[] = [];
const cancelled: string[] = [];

const server = withMockServer(
  createMockServer(
    http.get(apiPath('/api/v2/billing/payouts'), () => HttpResponse.json(overview)),
    http.post(apiPath('/api/v2/billing/payout'), async ({ request: httpRequest }) => {
      const body = (await httpRequest.json()) as { amount: number; destination: string };
      posted.push(body);
      if (body.destination === '4111 1111 1111 1112') {
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { destination: ['invalid: The card number is not valid.'] },
          },
          { status: 422 },
        );
      }
      const created = request({ id: 2, amount: body.amount });
      overview = {
        ...overview,
        withdrawable: overview.withdrawable - body.amount,
        requests: [created, ...overview.requests],
      };
      return HttpResponse.json(created);
    }),
    http.post(apiPath('/api/v2/billing/payout/:id/cancel'), ({ params }) => {
      cancelled.push(String(params.id));
      const done = request({ id: Number(params.id), status: 'cancelled', cancellable: false });
      overview = { ...overview, requests: overview.requests.map((r) => (r.id === done.id ? done : r)) };
      return HttpResponse.json(done);
    }),
    // The deposit tab, open first.
    ...billingHandlers([]),
  ),
);

async function openWithdrawTab() {
  renderWithApp(<PayIn />);
  act(() => useModalStore.getState().open(MODAL.PayIn));
  await userEvent.click(screen.getByTestId('pay-tab-withdraw'));
}

const lastNotice = () => useNotificationStore.getState().items.at(-1)?.text;

beforeEach(() => {
  posted.length = 0;
  cancelled.length = 0;
  overview = {
    methods: [card, usdt],
    withdrawable: 1_000,
    min_amount: 100,
    daily_left: 300_000,
    blocked: null,
    requests: [],
  };
  act(() =>
    useSessionStore.setState({ token: 'token-1', isLoggedIn: true, user: { ...testUser, balance: 1_000 } }),
  );
});

describe('PayIn: the withdrawal tab', () => {
  it('is a tab beside the deposit, reachable by keyboard', async () => {
    renderWithApp(<PayIn />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Deposit', 'Withdraw']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    tabs[0].focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
  });

  it('shows the cash, the limits and the fee, checks the amount, and sends the request once', async () => {
    await openWithdrawTab();
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent(rub(1_000));
    expect(screen.getByText(`From ${rub(100)} to ${rub(1_000)}; fee ${rub(0)}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('withdraw-amount'), '1000.01');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText(`The maximum now is ${rub(1_000)}`)).toBeInTheDocument();
    expect(screen.getByText('Enter where to send the money')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('withdraw-amount'));
    await userEvent.type(screen.getByTestId('withdraw-amount'), '300');
    await userEvent.type(screen.getByTestId('withdraw-destination'), '4111 1111 1111 1111');
    await userEvent.dblClick(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('payout-request')).toHaveTextContent(rub(300));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      method: 'payout-card',
      amount: 300,
      destination: '4111 1111 1111 1111',
    });
    expect(lastNotice()).toBe('Request received. It will be checked and sent to the payment system.');
    expect(screen.getByTestId('payout-status')).toHaveTextContent('Being checked');
  });

  it("names the crypto method's field and shows the server's refusal", async () => {
    await openWithdrawTab();
    await userEvent.click(await screen.findByText('USDT'));
    expect(screen.getByLabelText('Wallet address')).toBeInTheDocument();
    expect(screen.getByText(`From ${rub(1_000)} to ${rub(1_000)}; fee ${rub(50)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Bank card'));
    await userEvent.type(screen.getByTestId('withdraw-amount'), '200');
    await userEvent.type(screen.getByTestId('withdraw-destination'), '4111 1111 1111 1112');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('withdraw-form');
    await act(async () => {});
    expect(posted).toHaveLength(1);
    expect(lastNotice()).toBe('The value is invalid');
  });

  it('says why a withdrawal is not possible and keeps the form shut', async () => {
    overview = { ...overview, withdrawable: 50, blocked: 'below_minimum' };
    await openWithdrawTab();
    expect(await screen.findByTestId('withdraw-blocked')).toHaveTextContent(
      `The minimum withdrawal is ${rub(100)}. There is less cash on your balance.`,
    );
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('asks the player to give up an active bonus before withdrawing', async () => {
    overview = { ...overview, blocked: 'bonus_active' };
    await openWithdrawTab();
    await userEvent.type(await screen.findByTestId('withdraw-amount'), '300');
    await userEvent.type(screen.getByTestId('withdraw-destination'), '4111 1111 1111 1111');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Confirm that you give up the bonus')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.click(screen.getByTestId('withdraw-forfeit'));
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('payout-request');
    expect(posted[0]).toMatchObject({ forfeit_bonus: true });
  });

  it('lists the requests and cancels one that waits', async () => {
    overview = {
      ...overview,
      requests: [request({ id: 7 }), request({ id: 6, status: 'paid', cancellable: false })],
    };
    await openWithdrawTab();
    const rows = await screen.findAllByTestId('payout-request');
    expect(within(rows[1]).getByTestId('payout-status')).toHaveTextContent('Paid');
    expect(within(rows[1]).queryByTestId('payout-cancel')).toBeNull();
    await userEvent.click(within(rows[0]).getByTestId('payout-cancel'));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(cancelled).toEqual(['7']);
    expect(lastNotice()).toBe('The request is cancelled; the money is back on your balance.');
  });

  it('offers a retry when the withdrawal data cannot be loaded', async () => {
    server.use(http.get(apiPath('/api/v2/billing/payouts'), () => HttpResponse.json({}, { status: 500 })));
    await openWithdrawTab();
    expect(
      await screen.findByText('Withdrawals are unavailable right now. Please try again.'),
    ).toBeInTheDocument();
  });
});
