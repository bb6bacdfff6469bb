import { randomBytes } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDataReply, historyReply, invoice as invoiceSchema } from '@/lib/contracts/billing';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, profile, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerEntries, ledgerTransfers } from '../ledger/schema';
import { signBody, SIGNATURE_HEADER } from './providers';
import { billingInvoices, billingPaymentReviews, billingWebhookEvents } from './schema';

const clock = manualClock(new Date('2031-01-01T00:00:00Z'));
const secret = 's'.repeat(40);
const { app, db } = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: secret } });
// Deposits alone: the welcome pack's bonuses on deposits are tested in bonuses/*.test.ts.
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);

const idem = () => `k-${randomBytes(8).toString('hex')}`;

async function newInvoice(token: string, body: Record<string, unknown> = {}) {
  const response = await client(app).post(
    '/api/v2/billing/payment',
    { method: 'sandbox-card-rub', amount: 500, idempotency_key: idem(), ...body },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: number;
    hash: string;
    amount: number;
    life_time: number;
    card: { card_number: string };
  };
}

function webhook(payload: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/billing/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature ?? signBody(Buffer.from(secret), raw),
    },
    payload: raw,
  });
}

const paidEvent = (inv: { hash: string }, amountMinor = '50000', eventId = `evt-${idem()}`) => ({
  event_id: eventId,
  invoice: inv.hash,
  status: 'paid',
  amount_minor: amountMinor,
});

const statusOf = (token: string, id: number) => client(app).get(`/billing/payment/status/${id}`, token);
const balanceOf = async (token: string) => (await profile(app, token)).json().user.balance as number;

async function snapshot() {
  const [[t], [e], [i], [w]] = await Promise.all([
    db.select({ n: count() }).from(ledgerTransfers),
    db.select({ n: count() }).from(ledgerEntries),
    db.select({ n: count() }).from(billingInvoices),
    db.select({ n: count() }).from(billingWebhookEvents),
  ]);
  return [t.n, e.n, i.n, w.n];
}

describe('GET /api/v2/billing/data', () => {
  it('lists the methods of the user currency and region, with and without limits', async () => {
    const { token } = await signUpByEmail(app);
    const response = await client(app).get('/api/v2/billing/data', token);
    expect(response.statusCode).toBe(200);
    const data = billingDataReply.parse(response.json());
    expect(data.payments.methods.map((m) => m.hash)).toEqual([
      'sandbox-card-rub',
      'sandbox-sbp-rub',
      'sandbox-card-nolimits-rub',
    ]);
    expect(data.payments.methods[0]).toMatchObject({
      min_amount: 100,
      max_amount: 300000,
      default_amount: 1000,
      type: 'card',
      exchange_currency: 'RUB',
    });
    expect(data.payments.methods[2]).toMatchObject({
      min_amount: null,
      max_amount: null,
      default_amount: null,
    });
    const kz = await client(app).request('GET', '/api/v2/billing/data', {
      token,
      headers: { 'cf-ipcountry': 'KZ' },
    });
    expect(kz.json().payments.methods.map((m: { hash: string }) => m.hash)).not.toContain('sandbox-sbp-rub');
    const { token: kzt } = await signUpByPhone(app, { currency: 'KZT' });
    const kztData = await client(app).request('GET', '/api/v2/billing/data', {
      token: kzt,
      headers: { 'cf-ipcountry': 'KZ' },
    });
    expect(kztData.json().payments.methods.map((m: { hash: string }) => m.hash)).toEqual([
      'sandbox-card-kzt',
      'sandbox-phone-kzt',
    ]);
  });

  it('requires a token', async () => {
    expect((await client(app).get('/api/v2/billing/data')).statusCode).toBe(401);
  });
});

describe('POST /api/v2/billing/payment', () => {
  it('creates an invoice with a card to pay to, and returns the same one for a repeated key', async () => {
    const { token } = await signUpByEmail(app);
    const key = idem();
    const first = await newInvoice(token, { idempotency_key: key, amount: 1234.5 });
    expect(invoiceSchema.parse(first)).toMatchObject({
      type: 'card',
      amount: 1234.5,
      shop_amount: 1234.5,
      commission: 0,
      life_time: 1200,
      sum_was_changed: false,
    });
    expect(first.card.card_number).toMatch(/^2200\d{12}$/);
    const again = await newInvoice(token, { idempotency_key: key, amount: 1234.5 });
    expect(again.id).toBe(first.id);
    const phone = await newInvoice(token, { method: 'sandbox-sbp-rub' });
    expect(phone).toMatchObject({
      type: 'phone',
      card: { card_number: null, phone_number: expect.stringMatching(/^\+7900\d{7}$/) },
    });
  });

  it('409s a reused key with another amount, and changes nothing', async () => {
    const { token } = await signUpByEmail(app);
    const key = idem();
    await newInvoice(token, { idempotency_key: key });
    const before = await snapshot();
    const response = await client(app).post(
      '/api/v2/billing/payment',
      { method: 'sandbox-card-rub', amount: 501, idempotency_key: key },
      token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  it('422s bad input in the error format and creates nothing', async () => {
    const { token } = await signUpByEmail(app);
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ method: 'sandbox-card-rub', amount: 99.99 }, 'amount', /^too_small: .*100/],
      [{ method: 'sandbox-card-rub', amount: 300000.01 }, 'amount', /^too_big: /],
      [{ method: 'sandbox-card-nolimits-rub', amount: 50 }, 'amount', /^too_small: .*100/],
      [{ method: 'sandbox-card-nolimits-rub', amount: 300001 }, 'amount', /^too_big: .*300000/],
      [{ method: 'sandbox-card-kzt', amount: 1000 }, 'method', /^invalid: /],
      [{ method: 'nope', amount: 1000 }, 'method', /^invalid: /],
      [{ method: 'sandbox-card-rub', amount: 100.001 }, 'amount', /^invalid: /],
      [{ method: 'sandbox-card-rub', amount: -5 }, 'amount', /^too_small: /],
      [{ method: 'sandbox-card-rub', amount: '500' }, 'amount', /^invalid: /],
      [{ method: 'sandbox-card-rub' }, 'amount', /^required: /],
    ];
    for (const [body, field, pattern] of cases) {
      const response = await client(app).post(
        '/api/v2/billing/payment',
        { idempotency_key: idem(), ...body },
        token,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toMatch(pattern);
    }
    const noKey = await client(app).post(
      '/api/v2/billing/payment',
      { method: 'sandbox-card-rub', amount: 500 },
      token,
    );
    expect(noKey.json().errors.idempotency_key[0]).toMatch(/^required: /);
    expect(
      (
        await client(app).post('/api/v2/billing/payment', {
          method: 'sandbox-card-rub',
          amount: 500,
          idempotency_key: idem(),
        })
      ).statusCode,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});

describe('paying an invoice', () => {
  it('the sandbox pay button credits the balance once; status goes 1 → 3; history shows the deposit', async () => {
    const { token } = await signUpByEmail(app);
    const inv = await newInvoice(token, { amount: 500 });
    expect((await statusOf(token, inv.id)).json()).toEqual({ status: 1, amount: 500, life_time: 1200 });
    const page = await app.inject({ method: 'GET', url: `/sandbox/invoices/${inv.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toMatch(/<button type="submit">Pay 500\.00 RUB<\/button>/);
    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/invoices/${inv.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect((await statusOf(token, inv.id)).json()).toEqual({ status: 3, amount: 500, life_time: 0 });
    expect((await profile(app, token)).json().user).toMatchObject({
      balance: 500,
      bonus: 0,
      bonus_balance: 0,
      total_balance: 500,
    });
    const again = await client(app).post(`/sandbox/invoices/${inv.id}/pay`, {});
    expect(again.json()).toMatchObject({ outcome: 'already_paid' });
    expect(await balanceOf(token)).toBe(500);
    const history = historyReply.parse((await client(app).get('/profile/history', token)).json());
    expect(history).toMatchObject({ page: 1, per_page: 20, total: 1 });
    expect(history.items[0]).toMatchObject({
      wallet: 'cash',
      kind: 'deposit',
      amount: 500,
      balance_after: 500,
      currency: 'RUB',
    });
    await assertLedgerInvariants(db);
  });

  it('the same webhook delivered 10 times in parallel credits once', async () => {
    const { token } = await signUpByEmail(app);
    const inv = await newInvoice(token);
    const event = paidEvent(inv);
    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(await balanceOf(token)).toBe(500);
    // Ten different events for the same invoice: still once.
    await Promise.all(Array.from({ length: 10 }, () => webhook(paidEvent(inv))));
    expect(await balanceOf(token)).toBe(500);
    await assertLedgerInvariants(db);
  });

  it('a webhook racing 10 status polls credits once and every poll sees 1 or 3', async () => {
    const { token } = await signUpByEmail(app);
    const inv = await newInvoice(token);
    const [hook, ...polls] = await Promise.all([
      webhook(paidEvent(inv)),
      ...Array.from({ length: 10 }, () => statusOf(token, inv.id)),
    ]);
    expect(hook.json()).toMatchObject({ outcome: 'credited' });
    expect(polls.every((p) => [1, 3].includes(p.json().status))).toBe(true);
    expect((await statusOf(token, inv.id)).json().status).toBe(3);
    expect(await balanceOf(token)).toBe(500);
    await assertLedgerInvariants(db);
  });

  it('a payment confirmed after the invoice life is credited late, whether or not a poll expired it first', async () => {
    const { email, password, token: first } = await signUpByEmail(app);
    const polled = await newInvoice(first);
    const unpolled = await newInvoice(first);
    const failed = await newInvoice(first);
    clock.advance(1199_000);
    // Access tokens are shorter-lived than invoices: log in again.
    const logIn = async () =>
      (await client(app).post('/api/v2/auth/login/email/password', { email, password })).json()
        .token as string;
    let token = await logIn();
    expect((await statusOf(token, polled.id)).json()).toMatchObject({ status: 1, life_time: 1 });
    clock.advance(1_000);
    expect((await statusOf(token, polled.id)).json()).toMatchObject({ status: 4, life_time: 0 });
    const page = await app.inject({ method: 'GET', url: `/sandbox/invoices/${unpolled.id}` });
    expect(page.body).toContain('can no longer be paid');
    // A failure reported after the life only expires the invoice.
    expect((await webhook({ ...paidEvent(failed), status: 'failed' })).json()).toMatchObject({
      outcome: 'expired',
    });
    // The provider took the money: it is credited, late, once.
    clock.advance(3_600_000);
    expect((await webhook(paidEvent(polled))).json()).toMatchObject({ outcome: 'credited_late' });
    expect((await webhook(paidEvent(unpolled))).json()).toMatchObject({ outcome: 'credited_late' });
    expect((await webhook(paidEvent(unpolled))).json()).toMatchObject({ outcome: 'already_paid' });
    token = await logIn();
    expect((await statusOf(token, polled.id)).json()).toMatchObject({ status: 3, life_time: 0 });
    expect((await statusOf(token, unpolled.id)).json()).toMatchObject({ status: 3, life_time: 0 });
    expect(await balanceOf(token)).toBe(1000);
    const history = historyReply.parse((await client(app).get('/profile/history', token)).json());
    expect(history.items.map((item) => [item.kind, item.amount])).toEqual([
      ['deposit', 500],
      ['deposit', 500],
    ]);
    await assertLedgerInvariants(db);
  });

  it('a payment that cannot be credited by itself is kept for review, never dropped', async () => {
    const { token } = await signUpByEmail(app);
    const mismatched = await newInvoice(token);
    const failed = await newInvoice(token);
    // Another amount than the invoice's, alive or late.
    expect((await webhook(paidEvent(mismatched, '49000'))).json()).toMatchObject({
      outcome: 'amount_mismatch',
    });
    // Paid after the provider reported it failed.
    expect((await webhook({ ...paidEvent(failed), status: 'failed' })).json()).toMatchObject({
      outcome: 'failed',
    });
    const paidAfterFailed = paidEvent(failed);
    expect((await webhook(paidAfterFailed)).json()).toMatchObject({ outcome: 'paid_after_failed' });
    // The same event again: one review.
    expect((await webhook(paidAfterFailed)).json()).toMatchObject({
      outcome: 'paid_after_failed',
      duplicate: true,
    });
    expect((await statusOf(token, mismatched.id)).json().status).toBe(1);
    expect((await statusOf(token, failed.id)).json().status).toBe(5);
    expect(await balanceOf(token)).toBe(0);
    const reviews = await db
      .select()
      .from(billingPaymentReviews)
      .where(inArray(billingPaymentReviews.invoiceId, [mismatched.id, failed.id]))
      .orderBy(billingPaymentReviews.id);
    expect(reviews.map((r) => [r.invoiceId, r.reason, r.amountMinor, r.status])).toEqual([
      [mismatched.id, 'amount_mismatch', 49_000n, 'open'],
      [failed.id, 'paid_after_failed', 50_000n, 'open'],
    ]);
    await assertLedgerInvariants(db);
  });

  it('a bad signature is 401 and changes nothing; bad webhook bodies are 4xx and change nothing', async () => {
    const { token } = await signUpByEmail(app);
    const inv = await newInvoice(token);
    const before = await snapshot();
    const event = paidEvent(inv);
    const raw = JSON.stringify(event);
    expect((await webhook(event, 'sha256=' + '0'.repeat(64))).statusCode).toBe(401);
    expect((await webhook(event, signBody(Buffer.from('x'.repeat(40)), raw))).statusCode).toBe(401);
    expect((await webhook(event, '')).statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await webhook({ ...event, amount_minor: 'lots' })).statusCode).toBe(422);
    const notJson = await app.inject({
      method: 'POST',
      url: '/billing/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(Buffer.from(secret), '{nope'),
      },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/billing/webhooks/acme',
          headers: { 'content-type': 'application/json' },
          payload: raw,
        })
      ).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
    // A wrong amount is recorded as an event and a review, and credits nothing.
    expect((await webhook(paidEvent(inv, '1'))).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await statusOf(token, inv.id)).json().status).toBe(1);
    expect(await balanceOf(token)).toBe(0);
  });

  it('status of another user\u2019s or an unknown invoice is 404; a bad id is 422', async () => {
    const { token: owner } = await signUpByEmail(app);
    const { token: other } = await signUpByEmail(app);
    const inv = await newInvoice(owner);
    expect((await statusOf(other, inv.id)).statusCode).toBe(404);
    expect((await statusOf(owner, 999_999)).statusCode).toBe(404);
    expect((await client(app).get('/billing/payment/status/abc', owner)).statusCode).toBe(422);
    expect((await client(app).get(`/billing/payment/status/${inv.id}`)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/sandbox/invoices/999999' })).statusCode).toBe(404);
  });
});

describe('GET /profile/history', () => {
  it('pages newest first and validates its query', async () => {
    const { token } = await signUpByEmail(app);
    for (const amount of [100, 200, 300]) {
      const inv = await newInvoice(token, { amount });
      await client(app).post(`/sandbox/invoices/${inv.id}/pay`, {});
    }
    const page = (await client(app).get('/profile/history?page=2&per_page=2', token)).json();
    expect(page).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(
      page.items.map((i: { amount: number; balance_after: number }) => [i.amount, i.balance_after]),
    ).toEqual([[100, 100]]);
    const first = (await client(app).get('/profile/history?per_page=2', token)).json();
    expect(first.items.map((i: { balance_after: number }) => i.balance_after)).toEqual([600, 300]);
    for (const query of ['page=0', 'per_page=101', 'page=x']) {
      expect((await client(app).get(`/profile/history?${query}`, token)).statusCode).toBe(422);
    }
    expect((await client(app).get('/profile/history')).statusCode).toBe(401);
  });
});
