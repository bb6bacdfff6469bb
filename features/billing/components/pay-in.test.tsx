import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bonusKeys } from '@/lib/session/bonus-keys';
import { formatterFor } from '@/lib/i18n/format';
import { profileQueryKey } from '@/lib/session/get-profile';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { billingHandlers, testInvoice, type CreateInvoiceRequest } from '@/tests/mocks/billing-handlers';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { INVOICE_STORAGE_KEY, useInvoiceStore } from '../stores/invoice-store';
import { InvoiceWatcher } from './invoice-watcher';
import { PayIn } from './pay-in';

const created: CreateInvoiceRequest[] = [];
const server = withMockServer(createMockServer(...billingHandlers(created)));
const rub = (amount: number) => formatterFor('en').money(amount, 'RUB');

/** PayIn as the modal host mounts it: the dialog's content beside the always-mounted watcher. */
function renderPayIn() {
  const result = renderWithApp(
    <>
      <PayIn />
      <InvoiceWatcher />
    </>,
  );
  act(() => useModalStore.getState().open(MODAL.PayIn));
  return result;
}

/** Waits in real time (fake timers leave setTimeout real) until `check` holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1)
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(check()).toBe(true);
}

const amountInput = () => screen.getByTestId('pay-amount') as HTMLInputElement;

beforeEach(() => {
  created.length = 0;
  sessionStorage.clear();
  act(() => {
    useInvoiceStore.getState().clear();
    useSessionStore.setState({ token: 'token-1', isLoggedIn: true, user: { ...testUser, balance: 0 } });
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PayIn: the form', () => {
  it('asks a guest to log in and opens the login dialog', async () => {
    act(() => useSessionStore.getState().clearSession());
    renderPayIn();
    await userEvent.click(screen.getByTestId('pay-login'));
    expect(useModalStore.getState().openModals.at(-1)).toBe(MODAL.login);
  });

  it("uses the method's own limits and default, and falls back to 100 / 300000 / 100 when it has none", async () => {
    renderPayIn();
    await screen.findByTestId('deposit-form');
    expect(screen.getByText('Bank card')).toBeInTheDocument();
    expect(amountInput().value).toBe('1000');
    expect(screen.getByText(`From ${rub(500)} to ${rub(50_000)}`)).toBeInTheDocument();

    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '499');
    await userEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText(`The minimum is ${rub(500)}`)).toBeInTheDocument();

    await userEvent.click(screen.getByText('Fast payments'));
    expect(amountInput().value).toBe('100');
    expect(screen.getByText(`From ${rub(100)} to ${rub(300_000)}`)).toBeInTheDocument();
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '300001');
    await userEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText(`The maximum is ${rub(300_000)}`)).toBeInTheDocument();
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), 'abc');
    await userEvent.click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('Enter the amount as a number')).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it('shows only the quick amounts inside the limits; a chip fills the amount', async () => {
    renderPayIn();
    await screen.findByTestId('deposit-form');
    expect(screen.getByTestId('pay-chip-10000')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-chip-100')).toBeNull();
    await userEvent.click(screen.getByTestId('pay-chip-2000'));
    expect(amountInput().value).toBe('2000');
  });

  it('creates the invoice and shows the card in groups of four and the phone as +X (XXX) XXX-XX-XX', async () => {
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '500');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('invoice-view');
    expect(created).toEqual([{ method: 'card-rub', amount: 500, idempotency_key: expect.any(String) }]);
    expect(screen.getByTestId('invoice-card')).toHaveTextContent('4276 1234 5678 9012');
    expect(screen.getByTestId('invoice-phone')).toHaveTextContent('+7 (916) 123-45-67');
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent(rub(500));
    expect(screen.getByTestId('invoice-commission')).toHaveTextContent(rub(15));
    expect(screen.getByTestId('invoice-shop-amount')).toHaveTextContent(rub(485));
    expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('20:00');
    expect(useInvoiceStore.getState().config?.invoice.id).toBeDefined();
    expect(sessionStorage.getItem(INVOICE_STORAGE_KEY)).toContain('4276123456789012');
  });

  it('a double click creates one invoice, with one idempotency key', async () => {
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.dblClick(screen.getByTestId('pay-submit'));
    await screen.findByTestId('invoice-view');
    expect(created).toHaveLength(1);
  });

  it('retries a failed attempt with the same idempotency key, and a new amount gets a new key', async () => {
    let fail = true;
    const keys: string[] = [];
    server.use(
      http.post(apiPath('/api/v2/billing/payment'), async ({ request }) => {
        const body = (await request.json()) as CreateInvoiceRequest;
        keys.push(body.idempotency_key);
        if (fail) return HttpResponse.json({ message: 'down' }, { status: 503 });
        return HttpResponse.json(testInvoice({ amount: body.amount }));
      }),
    );
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0].text).toBe(
      'The invoice could not be created. Please try again.',
    );
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    await userEvent.clear(amountInput());
    await userEvent.type(amountInput(), '600');
    fail = false;
    await userEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('invoice-view');
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server validation errors in one notification', async () => {
    server.use(
      http.post(apiPath('/api/v2/billing/payment'), () =>
        HttpResponse.json(
          { message: 'invalid', errors: { amount: ['amount_too_big: too big'] } },
          { status: 422 },
        ),
      ),
    );
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(useNotificationStore.getState().items).toHaveLength(1));
    expect(useNotificationStore.getState().items[0]).toMatchObject({ kind: 'error', text: 'amount_too_big' });
  });

  it('says so and offers a retry when the billing data cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/api/v2/billing/data'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'boom' }, { status: 400 });
      }),
    );
    renderPayIn();
    await userEvent.click(await screen.findByTestId('pay-retry'));
    await waitFor(() => expect(calls).toBe(2));
  });
});

describe('PayIn: the invoice', () => {
  /** Seeds an invoice and a status call that counts the same seconds down (status 1, waiting). */
  function seedInvoice(lifeTime = 1200) {
    const end = Date.now() + lifeTime * 1000;
    server.use(
      http.get(apiPath('/billing/payment/status/:id'), () =>
        HttpResponse.json({
          status: 1,
          amount: 500,
          life_time: Math.max(0, Math.ceil((end - Date.now()) / 1000)),
        }),
      ),
    );
    act(() =>
      useInvoiceStore
        .getState()
        .setInvoice(testInvoice({ life_time: lifeTime }), 'RUB', end - lifeTime * 1000),
    );
  }

  it('counts down every second (mm:ss)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    seedInvoice(65);
    renderPayIn();
    expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('01:05');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('01:04');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('01:00');
  });

  it('polls the status every 5 s; on status 3 it stops, clears the invoice, closes PayIn, opens SuccessPayment and refreshes the profile', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let polls = 0;
    let paid = false;
    seedInvoice();
    server.use(
      http.get(apiPath('/billing/payment/status/:id'), ({ params }) => {
        polls += 1;
        expect(params.id).toBe('7001');
        return HttpResponse.json({ status: paid ? 3 : 1, amount: 500, life_time: 1000 });
      }),
    );
    const { queryClient } = renderPayIn();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await until(() => polls === 1);
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(polls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await until(() => polls === 2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await until(() => polls === 3);
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);

    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await until(() => useModalStore.getState().isOpen(MODAL.SuccessPayment));
    expect(polls).toBe(4);
    expect(useInvoiceStore.getState().config).toBeNull();
    expect(sessionStorage.getItem(INVOICE_STORAGE_KEY)).not.toContain('7001');
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(false);
    expect(useModalStore.getState().payloads[MODAL.SuccessPayment]).toEqual({ amount: 500, currency: 'RUB' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileQueryKey });
    // The welcome-pack data (and every bonus query) is refreshed too (spec section 4).
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bonusKeys.all });

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(polls).toBe(4);
  });

  it("follows the server's seconds left when the clocks disagree", async () => {
    seedInvoice(1200);
    server.use(
      http.get(apiPath('/billing/payment/status/:id'), () =>
        HttpResponse.json({ status: 1, amount: 500, life_time: 300 }),
      ),
    );
    renderPayIn();
    await waitFor(() => expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('05:00'));
  });

  it('drops the invoice when its time runs out and brings the form back with an explanation', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    seedInvoice(2);
    renderPayIn();
    expect(screen.getByTestId('invoice-countdown')).toHaveTextContent('00:02');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByTestId('pay-notice')).toHaveTextContent('The invoice has expired');
    expect(useInvoiceStore.getState().config).toBeNull();
    expect(screen.getByTestId('deposit-form')).toBeInTheDocument();
  });

  it('keeps polling while PayIn is closed, and opens SuccessPayment when the invoice is paid', async () => {
    let paid = false;
    seedInvoice();
    server.use(
      http.get(apiPath('/billing/payment/status/:id'), () =>
        HttpResponse.json({ status: paid ? 3 : 1, amount: 500, life_time: paid ? 0 : 1000 }),
      ),
    );
    // Only the watcher is mounted: the dialog was closed right after the invoice was created.
    renderWithApp(<InvoiceWatcher />);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await until(() => useModalStore.getState().isOpen(MODAL.SuccessPayment));
    expect(useInvoiceStore.getState().config).toBeNull();
    expect(useInvoiceStore.getState().lastEnd).toBe('paid');
  });

  it('drops an invoice the server does not know for this user (another account logged in on the tab)', async () => {
    seedInvoice();
    server.use(
      http.get(apiPath('/billing/payment/status/:id'), () =>
        HttpResponse.json({ message: 'Invoice not found.' }, { status: 404 }),
      ),
    );
    renderWithApp(<InvoiceWatcher />);
    await until(() => useInvoiceStore.getState().config === null);
    expect(useModalStore.getState().isOpen(MODAL.SuccessPayment)).toBe(false);
  });

  it('keeps the invoice over a reload while it lives (sessionStorage)', async () => {
    seedInvoice();
    const saved = sessionStorage.getItem(INVOICE_STORAGE_KEY);
    act(() => useInvoiceStore.setState({ config: null }));
    sessionStorage.setItem(INVOICE_STORAGE_KEY, saved!);
    await act(() => useInvoiceStore.persist.rehydrate());
    expect(useInvoiceStore.getState().config?.invoice.id).toBe(7001);
    renderPayIn();
    expect(screen.getByTestId('invoice-card')).toHaveTextContent('4276 1234 5678 9012');
  });

  it('offers the sandbox payment page when the API runs locally', async () => {
    const { sandboxInvoiceUrl } = await import('../sandbox');
    expect(sandboxInvoiceUrl(7, 'http://localhost:4000', undefined)).toBe(
      'http://localhost:4000/sandbox/invoices/7',
    );
    expect(sandboxInvoiceUrl(7, 'http://127.0.0.1:4100/', undefined)).toBe(
      'http://127.0.0.1:4100/sandbox/invoices/7',
    );
    expect(sandboxInvoiceUrl(7, 'https://api.site.com', undefined)).toBeNull();
    expect(sandboxInvoiceUrl(7, 'https://api.site.com', '1')).toBe('https://api.site.com/sandbox/invoices/7');
  });
});

describe('PayIn: a hosted payment page', () => {
  it("links the provider's page, opening in a new window, when the invoice has one", async () => {
    server.use(
      http.post(apiPath('/api/v2/billing/payment'), async ({ request }) => {
        const body = (await request.json()) as CreateInvoiceRequest;
        return HttpResponse.json(
          testInvoice({
            amount: body.amount,
            type: 'crypto',
            card: { card_number: null, phone_number: null },
            pay_url: 'https://pay.cryptomus.example/pay/abc',
          }),
        );
      }),
    );
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('invoice-view');
    const link = screen.getByRole('link', { name: 'Pay on the payment page (opens in a new window)' });
    expect(link).toHaveAttribute('href', 'https://pay.cryptomus.example/pay/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('invoice-card')).toBeNull();
  });

  it('shows no such link for a card invoice', async () => {
    renderPayIn();
    await screen.findByTestId('deposit-form');
    await userEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('invoice-view');
    expect(screen.queryByTestId('invoice-pay-url')).toBeNull();
  });
});
