import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PayoutOverview, PayoutRequest } from '@/lib/contracts/payouts';
import { formatterFor } from '@/lib/i18n/format';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { billingKeys } from '../api/query-keys';
import { PayoutHistory } from './payout-history';

const rub = (amount: number) => formatterFor('en').money(amount, 'RUB');

const request = (overrides: Partial<PayoutRequest>): PayoutRequest => ({
  id: 1,
  method: 'payout-card',
  type: 'card',
  amount: 300,
  fee: 0,
  destination: '•••• 1111',
  status: 'sent',
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
  cancellable: false,
  ...overrides,
});

let overview: PayoutOverview;
let failing = false;
withMockServer(
  createMockServer(
    http.get(apiPath('/api/v2/billing/payouts'), () =>
      failing ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json(overview),
    ),
  ),
);

beforeEach(() => {
  failing = false;
  overview = {
    methods: [],
    withdrawable: 0,
    min_amount: 100,
    daily_left: 300_000,
    blocked: null,
    requests: [request({ id: 2, status: 'sent' }), request({ id: 1, amount: 500, status: 'rejected' })],
  };
  act(() => useSessionStore.setState({ token: 'token-1', isLoggedIn: true, user: { ...testUser } }));
});

describe('PayoutHistory (profile history)', () => {
  it('lists the requests with their status, and announces a change of status', async () => {
    const { queryClient } = renderWithApp(<PayoutHistory />);
    const list = await screen.findByTestId('payout-requests');
    expect(screen.getByRole('heading', { level: 2, name: 'Your withdrawal requests' })).toBeInTheDocument();
    const rows = within(list).getAllByTestId('payout-request');
    expect(rows.map((row) => within(row).getByTestId('payout-status').dataset.status)).toEqual([
      'sent',
      'rejected',
    ]);
    expect(rows[1]).toHaveTextContent(rub(500));
    expect(useNotificationStore.getState().items).toEqual([]);

    overview = { ...overview, requests: [request({ id: 2, status: 'paid' }), overview.requests[1]] };
    await act(() => queryClient.invalidateQueries({ queryKey: billingKeys.payouts() }));
    expect(await screen.findByText(`Your withdrawal of ${rub(300)}: Paid`)).toBeInTheDocument();
    expect(useNotificationStore.getState().items.map((item) => item.kind)).toEqual(['success']);
  });

  it('shows nothing without requests, and a retry when they cannot be loaded', async () => {
    overview = { ...overview, requests: [] };
    const { unmount } = renderWithApp(<PayoutHistory />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('payout-requests')).toBeNull();
    unmount();

    failing = true;
    renderWithApp(<PayoutHistory />);
    expect(await screen.findByTestId('payout-history-error')).toHaveTextContent(
      'Withdrawals are unavailable right now. Please try again.',
    );
    failing = false;
    overview = { ...overview, requests: [request({})] };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payout-requests')).toBeInTheDocument();
  });
});
