import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDataReply } from '@/lib/contracts/billing';
import { payoutOverviewReply, payoutRequest } from '@/lib/contracts/payouts';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, signUpByEmail } from '../../test/accounts';
import { balances, deposit, webhook } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { activeBonusesOf } from '../bonuses/service';
import { sandboxProvider, type PaymentProvider } from '../billing/providers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerAccounts } from '../ledger/schema';
import { users } from '../users/schema';
import { approvePayout, rejectPayout, requestPayout, sendPayout } from './service';
import { payouts } from './schema';

const clock = manualClock(new Date('2031-03-01T00:00:00Z'));
const secret = 'p'.repeat(40);
const { app, db, config } = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: secret } });
// Without the welcome pack: a first deposit would otherwise start a bonus (tested apart, below).
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);

const idem = () => `k-${randomBytes(8).toString('hex')}`;
const CARD = '4111 1111 1111 1111';
const providers = new Map<string, PaymentProvider>([['sandbox', sandboxProvider(config)]]);

async function player(cash: number): Promise<{ token: string; userId: number }> {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  if (cash > 0) await deposit(app, token, cash);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, userId: row.id };
}

function withdraw(token: string, body: Record<string, unknown> = {}) {
  return client(app).post(
    '/api/v2/billing/payout',
    { method: 'sandbox-payout-card-rub', amount: 300, destination: CARD, idempotency_key: idem(), ...body },
    token,
  );
}

async function withdrawOk(token: string, body: Record<string, unknown> = {}) {
  const response = await withdraw(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return payoutRequest.parse(response.json());
}

const complete = (id: number, status: 'paid' | 'failed', extra: Record<string, unknown> = {}) =>
  client(app).post(`/sandbox/payouts/${id}/complete`, { status, ...extra });

const overview = async (token: string) => {
  const response = await client(app).get('/api/v2/billing/payouts', token);
  expect(response.statusCode, response.body).toBe(200);
  return payoutOverviewReply.parse(response.json());
};

async function systemBalance(code: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, `system:${code}:RUB`));
  return row?.balance ?? 0n;
}

describe('withdrawal screen', () => {
  it('requires a token', async () => {
    expect((await client(app).get('/api/v2/billing/payouts')).statusCode).toBe(401);
    const body = {
      method: 'sandbox-payout-card-rub',
      amount: 300,
      destination: CARD,
      idempotency_key: idem(),
    };
    expect((await client(app).post('/api/v2/billing/payout', body)).statusCode).toBe(401);
    expect((await client(app).post('/api/v2/billing/payout/1/cancel', {})).statusCode).toBe(401);
  });

  it('shows the methods with the spec minimum, the cash, and why a withdrawal is not possible yet', async () => {
    const { token } = await player(0);
    const view = await overview(token);
    expect(view.methods.map((method) => method.hash)).toEqual([
      'sandbox-payout-card-rub',
      'sandbox-payout-sbp-rub',
      'sandbox-payout-usdt-rub',
    ]);
    expect(view.min_amount).toBe(100);
    expect(view.withdrawable).toBe(0);
    expect(view.daily_left).toBe(300_000);
    expect(view.blocked).toBe('below_minimum');
    expect(view.requests).toEqual([]);
    // The crypto method is the `crypto-payouts` of the billing data (spec section 3).
    const data = billingDataReply.parse((await client(app).get('/api/v2/billing/data', token)).json());
    expect(data['crypto-payouts'].map((method) => method.hash)).toEqual(['sandbox-payout-usdt-rub']);
    await deposit(app, token, 500);
    expect((await overview(token)).blocked).toBeNull();
  });
});

describe('a payout’s life', () => {
  it('first payout: held at once, reviewed, approved by a named operator, sent, paid by the signed callback', async () => {
    const { token, userId } = await player(1_000);
    const pendingBefore = await systemBalance('payouts:sandbox');
    const clearingBefore = await systemBalance('clearing:sandbox');
    const request = await withdrawOk(token);
    expect(request).toMatchObject({ status: 'review', amount: 300, fee: 0, cancellable: true });
    expect(request.destination).toBe('•••• 1111');
    expect((await balances(app, token)).balance).toBe(700);
    expect(await systemBalance('payouts:sandbox')).toBe(pendingBefore + 30_000n);
    const [row] = await db.select().from(payouts).where(eq(payouts.id, request.id));
    expect(row).toMatchObject({ userId, reviewReasons: 'first_payout', destination: '4111111111111111' });

    const approved = await approvePayout(db, { id: request.id, reviewer: 'alice', providers, now: clock() });
    expect(approved.done).toBe(true);
    expect(approved.payout).toMatchObject({
      status: 'sent',
      reviewer: 'alice',
      providerRef: `sbxp_${request.id}`,
    });

    const paid = await complete(request.id, 'paid', { event_id: `evt-paid-${request.id}` });
    expect(paid.json()).toMatchObject({ outcome: 'paid', duplicate: false });
    expect((await balances(app, token)).balance).toBe(700);
    expect(await systemBalance('payouts:sandbox')).toBe(pendingBefore);
    expect(await systemBalance('clearing:sandbox')).toBe(clearingBefore + 30_000n);
    expect((await overview(token)).requests[0]).toMatchObject({
      id: request.id,
      status: 'paid',
      cancellable: false,
    });

    // The same event again, and another "paid" for the same payout: nothing moves.
    expect((await complete(request.id, 'paid', { event_id: `evt-paid-${request.id}` })).json()).toMatchObject(
      {
        outcome: 'paid',
        duplicate: true,
      },
    );
    expect((await complete(request.id, 'paid')).json()).toMatchObject({ outcome: 'already_paid' });
    expect((await complete(request.id, 'failed')).json()).toMatchObject({ outcome: 'already_paid' });
    expect((await balances(app, token)).balance).toBe(700);
    await assertLedgerInvariants(db);

    // Paid once before and under the review threshold: the next one goes to the provider at once.
    const second = await withdrawOk(token, { amount: 200 });
    expect(second.status).toBe('sent');
    expect((await balances(app, token)).balance).toBe(500);
    await assertLedgerInvariants(db);
  });

  it('rejected by the operator: the money comes back, once', async () => {
    const { token } = await player(1_000);
    const request = await withdrawOk(token, { amount: 400 });
    expect((await balances(app, token)).balance).toBe(600);
    const rejected = await rejectPayout(db, {
      id: request.id,
      reviewer: 'bob',
      note: 'card not verified',
      now: clock(),
    });
    expect(rejected.done).toBe(true);
    expect(rejected.payout).toMatchObject({
      status: 'rejected',
      reviewer: 'bob',
      reviewNote: 'card not verified',
    });
    expect((await balances(app, token)).balance).toBe(1_000);
    // Again, or approved afterwards: nothing happens.
    expect(
      (await rejectPayout(db, { id: request.id, reviewer: 'bob', note: 'again', now: clock() })).done,
    ).toBe(false);
    expect(
      (await approvePayout(db, { id: request.id, reviewer: 'carol', providers, now: clock() })).done,
    ).toBe(false);
    expect((await balances(app, token)).balance).toBe(1_000);
    await assertLedgerInvariants(db);
  });

  it('failed at the provider: the money comes back with the reason', async () => {
    const { token } = await player(1_000);
    const request = await withdrawOk(token);
    await approvePayout(db, { id: request.id, reviewer: 'alice', providers, now: clock() });
    expect((await complete(request.id, 'failed', { reason: 'card blocked' })).json()).toMatchObject({
      outcome: 'failed',
    });
    expect((await balances(app, token)).balance).toBe(1_000);
    const [row] = await db.select().from(payouts).where(eq(payouts.id, request.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'card blocked' });
    // A late "paid" after the failure moves nothing: the money is back with the player.
    expect((await complete(request.id, 'paid')).json()).toMatchObject({ outcome: 'already_failed' });
    expect((await balances(app, token)).balance).toBe(1_000);
    await assertLedgerInvariants(db);
  });

  it('cancelled by the player while it waits; not once it is with the provider; never someone else’s', async () => {
    const { token } = await player(1_000);
    const other = await player(0);
    const request = await withdrawOk(token);
    const foreign = await client(app).post(`/api/v2/billing/payout/${request.id}/cancel`, {}, other.token);
    expect(foreign.statusCode).toBe(404);
    const cancelled = await client(app).post(`/api/v2/billing/payout/${request.id}/cancel`, {}, token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellable: false });
    expect((await balances(app, token)).balance).toBe(1_000);
    const again = await client(app).post(`/api/v2/billing/payout/${request.id}/cancel`, {}, token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.id[0]).toMatch(/^already_finished: /);

    const sent = await withdrawOk(token);
    await approvePayout(db, { id: sent.id, reviewer: 'alice', providers, now: clock() });
    const late = await client(app).post(`/api/v2/billing/payout/${sent.id}/cancel`, {}, token);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.id[0]).toMatch(/^already_sent: /);
    expect((await balances(app, token)).balance).toBe(700);
    await assertLedgerInvariants(db);
  });

  it('a provider that cannot be reached leaves the request approved and held; approving again sends it', async () => {
    const { token, userId } = await player(1_000);
    const first = await withdrawOk(token);
    await approvePayout(db, { id: first.id, reviewer: 'alice', providers, now: clock() });
    await complete(first.id, 'paid');
    const base = sandboxProvider(config);
    const down = new Map<string, PaymentProvider>([
      ['sandbox', { ...base, createPayout: () => Promise.reject(new Error('connect ECONNREFUSED')) }],
    ]);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const row = await requestPayout(db, {
      user,
      method: 'sandbox-payout-card-rub',
      amount: 200,
      destination: CARD,
      idempotencyKey: idem(),
      forfeitBonus: false,
      providers: down,
      now: clock(),
    });
    expect(row).toMatchObject({ status: 'approved', providerRef: null });
    expect((await balances(app, token)).balance).toBe(500);
    const sent = await approvePayout(db, { id: row.id, reviewer: 'bob', providers, now: clock() });
    expect(sent.done).toBe(false); // not waiting for review: approving only sends it
    expect((await sendPayout(db, row.id, providers, clock())).status).toBe('sent');
    await assertLedgerInvariants(db);
  });

  it('two operators approving at once: sent to the provider once', async () => {
    const { token } = await player(1_000);
    const request = await withdrawOk(token);
    let sends = 0;
    const base = sandboxProvider(config);
    const counting = new Map<string, PaymentProvider>([
      [
        'sandbox',
        {
          ...base,
          async createPayout(payout) {
            sends += 1;
            return base.createPayout(payout);
          },
        },
      ],
    ]);
    const results = await Promise.all([
      approvePayout(db, { id: request.id, reviewer: 'alice', providers: counting, now: clock() }),
      approvePayout(db, { id: request.id, reviewer: 'bob', providers: counting, now: clock() }),
      sendPayout(db, request.id, counting, clock()),
    ]);
    const reviews = results.slice(0, 2) as Awaited<ReturnType<typeof approvePayout>>[];
    expect(reviews.filter((result) => result.done)).toHaveLength(1);
    expect(sends).toBe(1);
    await assertLedgerInvariants(db);
  });
});

describe('a request the rules refuse changes nothing', () => {
  it('answers 422 in the spec format for each broken rule, and 409 for a reused key', async () => {
    const { token } = await player(1_000);
    const refused = async (body: Record<string, unknown>, field: string, key: string) => {
      const response = await withdraw(token, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]?.[0]).toMatch(new RegExp(`^${key}: `));
    };
    await refused({ amount: 99.99 }, 'amount', 'too_small');
    await refused({ amount: 150_000.01 }, 'amount', 'too_big');
    await refused({ amount: 1_000.01 }, 'amount', 'insufficient_funds');
    await refused({ destination: '4111 1111 1111 1112' }, 'destination', 'invalid');
    await refused(
      { method: 'sandbox-payout-usdt-rub', amount: 1_000, destination: 'not a wallet' },
      'destination',
      'invalid',
    );
    await refused({ method: 'sandbox-payout-card-kzt' }, 'method', 'invalid');
    await refused({ method: 'nope' }, 'method', 'invalid');
    await refused({ amount: 'lots' }, 'amount', 'invalid');
    expect((await balances(app, token)).balance).toBe(1_000);
    expect((await overview(token)).requests).toEqual([]);

    const key = idem();
    const first = await withdrawOk(token, { idempotency_key: key });
    const replay = await withdrawOk(token, { idempotency_key: key });
    expect(replay.id).toBe(first.id);
    expect((await withdraw(token, { idempotency_key: key, amount: 301 })).statusCode).toBe(409);
    expect((await balances(app, token)).balance).toBe(700);
    await assertLedgerInvariants(db);
  });

  it('keeps to the 24-hour limit; returned requests do not count', async () => {
    const { token, userId } = await player(300_000);
    await deposit(app, token, 300_000);
    await withdrawOk(token, { amount: 150_000 });
    const second = await withdrawOk(token, { amount: 150_000 });
    expect((await overview(token)).blocked).toBe('daily_limit');
    const over = await withdraw(token, { amount: 100 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount[0]).toMatch(/^daily_limit: /);
    await client(app).post(`/api/v2/billing/payout/${second.id}/cancel`, {}, token);
    expect((await overview(token)).daily_left).toBe(150_000);
    // A day later (the requests' time moved back: the session would not outlive the clock's move).
    await db
      .update(payouts)
      .set({ createdAt: new Date(clock().getTime() - 24 * 60 * 60 * 1000 - 1) })
      .where(eq(payouts.userId, userId));
    expect((await overview(token)).daily_left).toBe(300_000);
    await assertLedgerInvariants(db);
  });

  it('a player whose verification is needed is reviewed, even after a paid payout', async () => {
    const { token, userId } = await player(1_000);
    const first = await withdrawOk(token);
    await approvePayout(db, { id: first.id, reviewer: 'alice', providers, now: clock() });
    await complete(first.id, 'paid');
    await db.update(users).set({ verificationRequired: true }).where(eq(users.id, userId));
    const next = await withdrawOk(token, { amount: 100 });
    expect(next.status).toBe('review');
    const [row] = await db.select().from(payouts).where(eq(payouts.id, next.id));
    expect(row.reviewReasons).toBe('verification');
  });
});

describe('bonus money', () => {
  it('never leaves; cash waits for an active bonus unless the player forfeits it', async () => {
    const full = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: secret } });
    await seedDatabase(full.db, seedSteps);
    const { token, email } = await signUpByEmail(full.app, { currency: 'RUB' });
    await deposit(full.app, token, 1_000);
    const [user] = await full.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await activeBonusesOf(full.db, user.id, 'RUB')).toHaveLength(1);
    const money = await balances(full.app, token);
    expect(money.bonus_balance).toBeGreaterThan(0);

    const view = await client(full.app).get('/api/v2/billing/payouts', token);
    expect(view.json()).toMatchObject({ blocked: 'bonus_active', withdrawable: 1_000 });
    const body = {
      method: 'sandbox-payout-card-rub',
      amount: 300,
      destination: CARD,
      idempotency_key: idem(),
    };
    const refused = await client(full.app).post('/api/v2/billing/payout', body, token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount[0]).toMatch(/^bonus_active: /);
    // More than the cash is never taken from the bonus balance.
    const tooMuch = await client(full.app).post(
      '/api/v2/billing/payout',
      { ...body, idempotency_key: idem(), amount: 1_000.01, forfeit_bonus: true },
      token,
    );
    expect(tooMuch.json().errors.amount[0]).toMatch(/^insufficient_funds: /);
    expect(await activeBonusesOf(full.db, user.id, 'RUB')).toHaveLength(1);

    const forfeited = await client(full.app).post(
      '/api/v2/billing/payout',
      { ...body, idempotency_key: idem(), forfeit_bonus: true },
      token,
    );
    expect(forfeited.statusCode, forfeited.body).toBe(200);
    expect(await activeBonusesOf(full.db, user.id, 'RUB')).toHaveLength(0);
    expect(await balances(full.app, token)).toMatchObject({ balance: 700, bonus_balance: 0 });
    await assertLedgerInvariants(full.db);
  });
});

describe('the payout callback', () => {
  it('is refused without a valid signature and ignores an unknown payout', async () => {
    const unsigned = await app.inject({
      method: 'POST',
      url: '/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-signature': 'sha256=00' },
      payload: JSON.stringify({ event_id: 'e1', payout: 'sbxp_1', status: 'paid' }),
    });
    expect(unsigned.statusCode).toBe(401);
    const unknown = await webhook(app, secret, { event_id: idem(), payout: 'sbxp_999999', status: 'paid' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ outcome: 'unknown_payout' });
    await assertLedgerInvariants(db);
  });
});
