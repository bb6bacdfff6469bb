/**
 * The Cryptomus provider against a local server speaking the Cryptomus API (server/test/fake-cryptomus.ts):
 * its signatures both ways, its statuses, its webhook retries, answers lost on the way, and the
 * reconciliation that finds what a lost callback did not say.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { invoice as invoiceReply } from '@/lib/contracts/billing';
import { payoutRequest } from '@/lib/contracts/payouts';
import { runAdmin } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, signUpByEmail } from '../../test/accounts';
import { balances } from '../../test/deposits';
import { startFakeCryptomus } from '../../test/fake-cryptomus';
import { createTestApp } from '../../test/helpers';
import { listAudit } from '../audit/service';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerAccounts } from '../ledger/schema';
import { insertPayoutMethod } from '../payouts/repository';
import { payouts } from '../payouts/schema';
import { approvePayout } from '../payouts/service';
import { users } from '../users/schema';
import { cryptomusSign, decimalToMinor, paymentEvent, phpJson, verifyCryptomusWebhook } from './cryptomus';
import { paymentProviders } from './providers';
import { reconcile } from './reconcile';
import { insertMethod } from './repository';
import { billingInvoices } from './schema';
import { openReviewsOf } from './service';

describe('Cryptomus signatures and amounts', () => {
  it('signs md5(base64(body) + key) and verifies a webhook signed over the PHP-encoded body', () => {
    const body = { type: 'payment', uuid: 'u-1', order_id: 'o1', url: 'https://x.test/a/b', status: 'paid' };
    const json = phpJson(body);
    expect(json).toContain('https:\\/\\/x.test\\/a\\/b');
    // md5("" base64 "" + "k") is md5("k").
    expect(cryptomusSign('', 'k')).toBe('8ce4b16b22b58894aa86c421e8759df3');
    const raw = phpJson({ ...body, sign: cryptomusSign(json, 'key') });
    expect(verifyCryptomusWebhook(raw, 'key')).toBe(true);
    expect(verifyCryptomusWebhook(raw, 'other key')).toBe(false);
    expect(verifyCryptomusWebhook(raw.replace('"paid"', '"fail"'), 'key')).toBe(false);
    // The same body sent with unescaped slashes still verifies (re-encoded as PHP would).
    expect(verifyCryptomusWebhook(raw.replace(/\\\//g, '/'), 'key')).toBe(true);
    expect(verifyCryptomusWebhook('{"sign":"zz"}', 'key')).toBe(false);
    expect(verifyCryptomusWebhook('not json', 'key')).toBe(false);
  });

  it('reads decimal amounts into minor units, half up', () => {
    expect(decimalToMinor('100')).toBe(10_000n);
    expect(decimalToMinor('100.5')).toBe(10_050n);
    expect(decimalToMinor('0.015')).toBe(2n);
    expect(decimalToMinor('0.01499999')).toBe(1n);
    expect(() => decimalToMinor('-1')).toThrow();
    expect(() => decimalToMinor('1e3')).toThrow();
  });

  it('maps the statuses: paid and paid_over credit, wrong_amount is a share for review, fail ends, others wait', () => {
    const base = { uuid: 'u', order_id: 'h', amount: '500.00' };
    expect(paymentEvent({ ...base, status: 'paid' })).toMatchObject({ status: 'paid', amountMinor: 50_000n });
    expect(paymentEvent({ ...base, status: 'paid_over' })).toMatchObject({
      status: 'paid',
      amountMinor: 50_000n,
    });
    expect(
      paymentEvent({ ...base, status: 'wrong_amount', payment_amount: '4.5', payer_amount: '5' }),
    ).toMatchObject({ status: 'paid', amountMinor: 45_000n });
    for (const status of ['fail', 'cancel', 'system_fail'])
      expect(paymentEvent({ ...base, status })).toMatchObject({ status: 'failed' });
    for (const status of ['check', 'process', 'confirm_check', 'wrong_amount_waiting', 'refund_paid'])
      expect(paymentEvent({ ...base, status })).toBeNull();
    expect(paymentEvent({ ...base, status: 'paid' })!.eventId).toBe('payment:u:paid');
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const keys = {
  merchantId: 'b2a1e7f0-0000-4000-8000-000000000001',
  paymentKey: 'pay-key-1',
  payoutKey: 'payout-key-1',
};
const fake = await startFakeCryptomus({ ...keys, retryDelaysMs: [150, 150, 150] });
afterAll(() => fake.close());
const port = await freePort();
const clock = manualClock(new Date('2031-05-01T00:00:00Z'));
const { app, db, config } = await createTestApp({
  clock,
  env: {
    CRYPTOMUS_MERCHANT_ID: keys.merchantId,
    CRYPTOMUS_PAYMENT_KEY: keys.paymentKey,
    CRYPTOMUS_PAYOUT_KEY: keys.payoutKey,
    CRYPTOMUS_API_URL: fake.url,
    CRYPTOMUS_TIMEOUT_MS: '2000',
    API_PUBLIC_URL: `http://127.0.0.1:${port}`,
    RECONCILE_INTERVAL_SECONDS: '0',
  },
});
await app.listen({ host: '127.0.0.1', port });
// Without the welcome pack: a first deposit would otherwise start a bonus.
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);
await insertMethod(db, {
  hash: 'cryptomus-rub',
  provider: 'cryptomus',
  type: 'crypto',
  nameEn: 'Crypto (Cryptomus)',
  currency: 'RUB',
  params: {},
});
await insertPayoutMethod(db, {
  hash: 'cryptomus-usdt-rub',
  provider: 'cryptomus',
  type: 'crypto',
  nameEn: 'USDT TRC-20',
  currency: 'RUB',
  feeMinor: 1_000n,
  params: { to_currency: 'USDT', network: 'tron' },
});
const providers = paymentProviders(config);
const ADDRESS = 'TQ5s3qHZ3bqKAbq1MYmX2f8h5GkSxT7ZpN';
const idem = () => `k-${randomBytes(8).toString('hex')}`;

async function player() {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, userId: row.id };
}

async function newInvoice(token: string, amount = 500) {
  const response = await client(app).post(
    '/api/v2/billing/payment',
    { method: 'cryptomus-rub', amount, idempotency_key: idem() },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return invoiceReply.parse(response.json());
}

const cash = async (token: string) => (await balances(app, token)).balance;
const cashOf = async (userId: number) => {
  const [account] = await db
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, `user:${userId}:RUB:cash`));
  return account?.balance ?? 0n;
};
const reconcileNow = () => reconcile(db, { providers, now: clock(), graceMs: 0 });

describe('deposits through Cryptomus', () => {
  it('creates the payment on its API and credits the player once on its signed webhook', async () => {
    const { token } = await player();
    const invoice = await newInvoice(token);
    expect(invoice.type).toBe('crypto');
    expect(invoice.pay_url).toMatch(/^http:\/\/pay\.cryptomus\.invalid\/pay\//);
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/v1/payment');
    expect(call.body).toMatchObject({
      amount: '500.00',
      currency: 'RUB',
      order_id: invoice.hash,
      url_callback: `http://127.0.0.1:${port}/billing/webhooks/cryptomus`,
      lifetime: 1200,
    });

    // A state on the way is acknowledged and moves nothing.
    await fake.settlePayment(invoice.hash, 'process');
    expect(fake.deliveries.at(-1)).toMatchObject({ attempt: 1, status: 200 });
    expect(await cash(token)).toBe(0);

    await fake.settlePayment(invoice.hash, 'paid');
    expect(fake.deliveries.at(-1)).toMatchObject({ attempt: 1, status: 200 });
    expect(await cash(token)).toBe(500);
    const status = await client(app).get(`/billing/payment/status/${invoice.id}`, token);
    expect(status.json().status).toBe(3);

    // Cryptomus sends the same state again: nothing moves twice.
    await fake.resendPayment(invoice.hash);
    expect(fake.deliveries.at(-1)).toMatchObject({ status: 200 });
    expect(await cash(token)).toBe(500);
    await assertLedgerInvariants(db);
  });

  it('refuses a webhook whose signature does not hold, or signed with the payout key', async () => {
    const { token } = await player();
    const invoice = await newInvoice(token);
    const body = {
      type: 'payment',
      uuid: randomBytes(8).toString('hex'),
      order_id: invoice.hash,
      amount: '500.00',
      status: 'paid',
      is_final: true,
    };
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/billing/webhooks/cryptomus',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const forged = phpJson({ ...body, sign: cryptomusSign(phpJson(body), 'guessed') });
    expect((await post(forged)).statusCode).toBe(401);
    const wrongKey = phpJson({ ...body, sign: cryptomusSign(phpJson(body), keys.payoutKey) });
    expect((await post(wrongKey)).statusCode).toBe(401);
    const tampered = phpJson({ ...body, sign: cryptomusSign(phpJson(body), keys.paymentKey) }).replace(
      '500.00',
      '5000.00',
    );
    expect((await post(tampered)).statusCode).toBe(401);
    expect(await cash(token)).toBe(0);
  });

  it('is credited when Cryptomus retries a webhook our server could not take the first time', async () => {
    const { token } = await player();
    const invoice = await newInvoice(token);
    // Our API goes away for a moment: the first delivery finds nobody.
    await new Promise<void>((resolve) => {
      app.server.close(() => resolve());
      app.server.closeAllConnections();
    });
    const before = fake.deliveries.length;
    const settled = fake.settlePayment(invoice.hash, 'paid');
    await expect.poll(() => fake.deliveries.length, { timeout: 5_000 }).toBeGreaterThan(before);
    expect(fake.deliveries.at(-1)).toMatchObject({ attempt: 1, status: 0 });
    await new Promise<void>((resolve) => app.server.listen(port, '127.0.0.1', () => resolve()));
    await settled;
    expect(fake.deliveries.at(-1)).toMatchObject({ attempt: 2, status: 200 });
    expect(await cash(token)).toBe(500);
  });

  it('reconciles a payment whose callback was lost, and a late one after the invoice life, once', async () => {
    const { token, userId } = await player();
    const lost = await newInvoice(token, 300);
    const late = await newInvoice(token, 200);
    fake.state.dropWebhooks = true;
    try {
      await fake.settlePayment(lost.hash, 'paid');
      expect(await cash(token)).toBe(0);
      let report = await reconcileNow();
      expect(report.lines).toContainEqual(
        expect.objectContaining({ subject: 'invoice', id: lost.id, was: 'created', outcome: 'credited' }),
      );
      expect(report.lines).toContainEqual(
        expect.objectContaining({ subject: 'invoice', id: late.id, answer: 'pending', outcome: 'none' }),
      );
      expect(await cash(token)).toBe(300);
      const [entry] = await listAudit(db, { subjectType: 'invoice', subjectId: String(lost.id), limit: 5 });
      expect(entry).toMatchObject({
        actor: 'system',
        action: 'invoice.reconcile',
        before: { status: 1 },
        after: { status: 3, outcome: 'credited' },
      });

      // The second invoice's life ends here; the player pays it on Cryptomus afterwards.
      clock.advance(1_300_000);
      await fake.settlePayment(late.hash, 'paid');
      report = await reconcileNow();
      expect(report.lines).toContainEqual(
        expect.objectContaining({ subject: 'invoice', id: late.id, outcome: 'credited_late' }),
      );
      // (The access token has expired meanwhile: the balance is read from the ledger.)
      expect(await cashOf(userId)).toBe(50_000n);
      // Nothing is credited twice: a further run finds nothing to do for them.
      report = await reconcileNow();
      expect(report.lines.filter((l) => l.id === lost.id || l.id === late.id)).toEqual([]);
      expect(await cashOf(userId)).toBe(50_000n);
    } finally {
      fake.state.dropWebhooks = false;
    }
  });

  it('credits once when two reconciliations (two API processes) find the same lost payment at once', async () => {
    const { token } = await player();
    const invoice = await newInvoice(token, 700);
    fake.state.dropWebhooks = true;
    try {
      await fake.settlePayment(invoice.hash, 'paid');
    } finally {
      fake.state.dropWebhooks = false;
    }
    const [first, second] = await Promise.all([reconcileNow(), reconcileNow()]);
    const outcomes = [...first.lines, ...second.lines]
      .filter((line) => line.id === invoice.id && line.subject === 'invoice')
      .map((line) => line.outcome)
      .sort();
    expect(outcomes[0]).toBe('credited');
    expect(outcomes.slice(1).every((outcome) => outcome.endsWith('(already applied)'))).toBe(true);
    expect(await cash(token)).toBe(700);
    await assertLedgerInvariants(db);
  });

  it('puts an underpaid payment before the operator with its share, never crediting it by itself', async () => {
    const { token } = await player();
    const invoice = await newInvoice(token);
    await fake.settlePayment(invoice.hash, 'wrong_amount', { payment_amount: '4.5', payer_amount: '5.0' });
    expect(await cash(token)).toBe(0);
    const [review] = await openReviewsOf(db, invoice.id);
    expect(review).toMatchObject({ reason: 'amount_mismatch', amountMinor: 45_000n });
  });

  it('answers 503 when the create answer is lost; the retry with the same key gets the same order', async () => {
    const { token } = await player();
    const key = idem();
    const create = () =>
      client(app).post(
        '/api/v2/billing/payment',
        { method: 'cryptomus-rub', amount: 400, idempotency_key: key },
        token,
      );
    fake.state.loseAnswers = 1;
    const lost = await create();
    expect(lost.statusCode, lost.body).toBe(503);
    const orders = fake.payments.size;
    const retried = await create();
    expect(retried.statusCode, retried.body).toBe(200);
    const invoice = invoiceReply.parse(retried.json());
    expect(fake.payments.size).toBe(orders);
    expect(invoice.pay_url).toContain(fake.payments.get(invoice.hash)!.uuid);
    await fake.settlePayment(invoice.hash, 'paid');
    expect(await cash(token)).toBe(400);
  });

  it('reconciles an order whose create answer was lost and that the player never saw', async () => {
    const { token } = await player();
    fake.state.loseAnswers = 1;
    const lost = await client(app).post(
      '/api/v2/billing/payment',
      { method: 'cryptomus-rub', amount: 300, idempotency_key: idem() },
      token,
    );
    expect(lost.statusCode).toBe(503);
    const order = [...fake.payments.values()].at(-1)!;
    const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.hash, order.order_id));
    expect(row).toMatchObject({ status: 1, providerRef: null });
    fake.state.dropWebhooks = true;
    try {
      await fake.settlePayment(order.order_id, 'cancel');
    } finally {
      fake.state.dropWebhooks = false;
    }
    const report = await reconcileNow();
    expect(report.lines).toContainEqual(
      expect.objectContaining({ subject: 'invoice', id: row.id, outcome: 'failed' }),
    );
    expect(await cash(token)).toBe(0);
  });
});

describe('payouts through Cryptomus', () => {
  async function richPlayer() {
    const p = await player();
    const invoice = await newInvoice(p.token, 5_000);
    await fake.settlePayment(invoice.hash, 'paid');
    expect(await cash(p.token)).toBe(5_000);
    return p;
  }

  async function withdraw(token: string, amount: number) {
    const response = await client(app).post(
      '/api/v2/billing/payout',
      { method: 'cryptomus-usdt-rub', amount, destination: ADDRESS, idempotency_key: idem() },
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return payoutRequest.parse(response.json());
  }

  const payoutRow = async (id: number) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0];

  it('sends an approved payout with the method parameters, and settles it on the signed paid webhook', async () => {
    const { token } = await richPlayer();
    const requested = await withdraw(token, 1_000);
    expect(requested.status).toBe('review');
    const approved = await approvePayout(db, {
      id: requested.id,
      reviewer: 'alice',
      providers,
      now: clock(),
    });
    expect(approved.done && approved.payout.status).toBe('sent');
    const order = fake.payouts.get(`payout-${requested.id}`)!;
    expect(order.request).toMatchObject({
      amount: '990.00',
      currency: 'RUB',
      address: ADDRESS,
      to_currency: 'USDT',
      network: 'tron',
      url_callback: `http://127.0.0.1:${port}/billing/webhooks/cryptomus`,
    });
    expect((await payoutRow(requested.id)).providerRef).toBe(order.uuid);
    await fake.settlePayout(order.order_id, 'process');
    expect((await payoutRow(requested.id)).status).toBe('sent');
    await fake.settlePayout(order.order_id, 'paid');
    expect((await payoutRow(requested.id)).status).toBe('paid');
    expect(await cash(token)).toBe(4_000);
    await assertLedgerInvariants(db);
  });

  it('finds a payout whose create answer was lost by its order id, and pays it once', async () => {
    const { token } = await richPlayer();
    const first = await withdraw(token, 500);
    await approvePayout(db, { id: first.id, reviewer: 'alice', providers, now: clock() });
    await fake.settlePayout(`payout-${first.id}`, 'paid');
    // The next payout needs no review; its create reaches Cryptomus but the answer is lost.
    fake.state.loseAnswers = 1;
    const second = await withdraw(token, 700);
    expect((await payoutRow(second.id)).status).toBe('approved');
    expect(fake.payouts.has(`payout-${second.id}`)).toBe(true);
    await fake.settlePayout(`payout-${second.id}`, 'paid');
    const row = await payoutRow(second.id);
    expect(row.status).toBe('paid');
    expect(row.providerRef).toBe(fake.payouts.get(`payout-${second.id}`)!.uuid);
    expect(await cash(token)).toBe(3_800);
    await assertLedgerInvariants(db);
  });

  it('reconciles a payout without callbacks: sent again without a second order, then returned when it failed', async () => {
    const { token } = await richPlayer();
    const first = await withdraw(token, 500);
    await approvePayout(db, { id: first.id, reviewer: 'alice', providers, now: clock() });
    await fake.settlePayout(`payout-${first.id}`, 'paid');
    fake.state.dropWebhooks = true;
    fake.state.loseAnswers = 1;
    try {
      const second = await withdraw(token, 700);
      expect((await payoutRow(second.id)).status).toBe('approved');
      const orders = fake.payouts.size;
      let report = await reconcileNow();
      expect(report.lines).toContainEqual(
        expect.objectContaining({ subject: 'payout', id: second.id, outcome: 'sent', answer: 'pending' }),
      );
      expect(fake.payouts.size).toBe(orders);
      expect((await payoutRow(second.id)).status).toBe('sent');

      await fake.settlePayout(`payout-${second.id}`, 'fail');
      report = await reconcileNow();
      expect(report.lines).toContainEqual(
        expect.objectContaining({ subject: 'payout', id: second.id, was: 'sent', outcome: 'failed' }),
      );
      expect((await payoutRow(second.id)).status).toBe('failed');
      const entries = await listAudit(db, { subjectType: 'payout', subjectId: String(second.id), limit: 5 });
      expect(entries.map((e) => [e.actor, e.action, e.after])).toEqual([
        ['system', 'payout.reconcile', expect.objectContaining({ status: 'failed', outcome: 'failed' })],
        ['system', 'payout.send', expect.objectContaining({ status: 'sent' })],
      ]);
      expect(await cash(token)).toBe(4_500);
      report = await reconcileNow();
      expect(report.lines.filter((l) => l.subject === 'payout' && l.id === second.id)).toEqual([]);
    } finally {
      fake.state.dropWebhooks = false;
    }
    await assertLedgerInvariants(db);
  });

  it('offers Cryptomus payout methods only with the payout key', async () => {
    const { token } = await player();
    const data = await client(app).get('/api/v2/billing/data', token);
    expect(data.json()['crypto-payouts'].map((m: { hash: string }) => m.hash)).toContain(
      'cryptomus-usdt-rub',
    );
    expect(data.json()['crypto-payments'].map((m: { hash: string }) => m.hash)).toContain('cryptomus-rub');
    const withoutPayouts = paymentProviders({
      ...config,
      cryptomus: { ...config.cryptomus!, payoutKey: null },
    });
    expect(withoutPayouts.get('cryptomus')!.takesPayouts).toBe(false);
  });
});

describe('npm run admin -- method and reconcile', () => {
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin([...argv, '--operator', 'carol'], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      connect: async () => ({ db, close: async () => undefined }),
      providers,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('adds, lists and disables a provider method, each change in the audit log', async () => {
    const usdtKzt =
      'method add cryptomus-usdt-kzt --kind payout --provider cryptomus --type crypto --currency KZT';
    const added = await admin(
      ...`${usdtKzt} --min 1000 --fee 50 --param to_currency=USDT --param network=tron`.split(' '),
      '--name-en',
      'USDT TRC-20',
    );
    expect(added, added.err).toMatchObject({ code: 0 });
    // The same hash again; a parameter without a value; a type no provider has.
    expect((await admin(...usdtKzt.split(' '), '--name-en', 'x')).code).toBe(1);
    expect((await admin(...`${usdtKzt} --name-en x --param to_currency`.split(' '))).code).toBe(2);
    const wire =
      'method add x-rub --kind deposit --provider cryptomus --type wire --currency RUB --name-en x';
    expect((await admin(...wire.split(' '))).code).toBe(2);
    const listed = await admin('method', 'list', '--kind', 'payout');
    expect(listed.out).toMatch(
      /cryptomus-usdt-kzt\s+cryptomus\s+crypto\s+KZT\s+1000\.00\.\.-\s+50\.00\s+yes\s+\{"network":"tron","to_currency":"USDT"\}/,
    );
    expect((await admin('method', 'disable', 'cryptomus-usdt-kzt', '--kind', 'payout')).code).toBe(0);
    expect((await admin('method', 'list', '--kind', 'payout')).out).toMatch(/cryptomus-usdt-kzt.*\bno\b/);
    const entries = await listAudit(db, {
      subjectType: 'payout_method',
      subjectId: 'cryptomus-usdt-kzt',
      limit: 10,
    });
    expect(entries.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      ['operator:carol', 'method.disable', { enabled: true }, { enabled: false }],
      [
        'operator:carol',
        'method.add',
        null,
        expect.objectContaining({ hash: 'cryptomus-usdt-kzt', feeMinor: '5000' }),
      ],
    ]);
  });

  it('reconcile run prints what it did', async () => {
    // The CLI runs on the real clock: this invoice is made ten minutes ago, past the callback's grace.
    clock.set(new Date(Date.now() - 10 * 60_000));
    const { token } = await player();
    const invoice = await newInvoice(token, 250);
    fake.state.dropWebhooks = true;
    try {
      await fake.settlePayment(invoice.hash, 'paid');
    } finally {
      fake.state.dropWebhooks = false;
    }
    const run = await admin('reconcile', 'run', '--since-hours', '1');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain(`invoice ${invoice.id} (cryptomus, was created): provider says final:payment:`);
    expect(run.out).toMatch(new RegExp(`invoice ${invoice.id} .*; credited`));
    const [entry] = await listAudit(db, { subjectType: 'invoice', subjectId: String(invoice.id), limit: 5 });
    expect(entry).toMatchObject({ actor: 'operator:carol', action: 'invoice.reconcile' });
    expect((await admin('reconcile', 'run', '--since-hours', '0')).code).toBe(2);
  });
});
