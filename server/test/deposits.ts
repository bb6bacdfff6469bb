/**
 * Helpers for tests that need money on an account: invoices through the sandbox provider, paid by its
 * signed webhook, and the balances the profile reports.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../app';
import { signBody, SIGNATURE_HEADER } from '../modules/billing/providers';
import { client, profile } from './accounts';

/** The sandbox method of each currency (limits: seed step 0003). */
export const CARD_OF: Record<string, string> = {
  RUB: 'sandbox-card-rub',
  KZT: 'sandbox-card-kzt',
  USD: 'sandbox-card-usd',
  EUR: 'sandbox-card-eur',
  INR: 'sandbox-card-inr',
};

export async function newInvoice(
  app: App,
  token: string,
  amount: number,
  currency = 'RUB',
): Promise<{ id: number; hash: string; amount: number }> {
  const response = await client(app).post(
    '/api/v2/billing/payment',
    { method: CARD_OF[currency], amount, idempotency_key: `k-${randomBytes(8).toString('hex')}` },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Pays an invoice through the sandbox page's pay call (a signed webhook inside). */
export async function payInvoice(app: App, invoiceId: number): Promise<{ outcome: string }> {
  const response = await client(app).post(`/sandbox/invoices/${invoiceId}/pay`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Creates and pays a deposit of `amount` (major units) in the user's currency. */
export async function deposit(app: App, token: string, amount: number, currency = 'RUB'): Promise<number> {
  const invoice = await newInvoice(app, token, amount, currency);
  expect((await payInvoice(app, invoice.id)).outcome).toBe('credited');
  return invoice.id;
}

/** Delivers a webhook body signed with `secret` (the test app's SANDBOX_PAYMENT_SECRET). */
export function webhook(app: App, secret: string, payload: Record<string, unknown>) {
  const raw = JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/billing/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(Buffer.from(secret), raw),
    },
    payload: raw,
  });
}

export const paidEvent = (invoice: { hash: string; amount: number }) => ({
  event_id: `evt-${randomBytes(8).toString('hex')}`,
  invoice: invoice.hash,
  status: 'paid',
  amount_minor: String(Math.round(invoice.amount * 100)),
});

export async function balances(
  app: App,
  token: string,
): Promise<{ balance: number; bonus_balance: number; total_balance: number }> {
  const response = await profile(app, token);
  expect(response.statusCode, response.body).toBe(200);
  const { balance, bonus_balance, total_balance } = response.json().user;
  return { balance, bonus_balance, total_balance };
}
