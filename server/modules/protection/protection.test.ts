import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { limitsReply, protectionReply } from '@/lib/contracts/protection';
import { runAdmin } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, signUpByEmail } from '../../test/accounts';
import { balances, deposit, newInvoice, payInvoice } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { activeBonusesOf } from '../bonuses/service';
import { assertLedgerInvariants } from '../ledger/invariants';
import { users } from '../users/schema';
import { playerLimits } from './schema';
import { setAccountStatus } from './service';

const clock = manualClock(new Date('2031-05-01T00:00:00Z'));
const secret = 'x'.repeat(40);
const { app, db } = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: secret } });
// No welcome pack: bets then take the bet statement's own path (its CB403), not the general one.
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);

const key = () => `k-${randomBytes(8).toString('hex')}`;

async function player(cash = 1_000) {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  if (cash > 0) await deposit(app, token, cash);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, userId: row.id, email };
}

const exclude = (token: string, days: number | null) =>
  client(app).post('/api/v2/profile/self-exclusion', { days }, token);

/** Every money-moving call that exists today, as the player makes it: its status code. */
async function moneyCalls(token: string): Promise<Record<string, number>> {
  const c = client(app);
  return {
    deposit: (
      await c.post(
        '/api/v2/billing/payment',
        { method: 'sandbox-card-rub', amount: 500, idempotency_key: key() },
        token,
      )
    ).statusCode,
    dice: (
      await c.post('/dice/bet', { amount: 1, target: 50, direction: 'over', idempotency_key: key() }, token)
    ).statusCode,
    case: (await c.post('/cases/starter/open', { idempotency_key: key() }, token)).statusCode,
    miner: (await c.post('/miner/start', { amount: 1, mines: 3, idempotency_key: key() }, token)).statusCode,
    promo: (await c.post('/bonus-system/bonus-activation', { promo: 'ANYCODE1' }, token)).statusCode,
  };
}

const ALL_REFUSED = { deposit: 403, dice: 403, case: 403, miner: 403, promo: 403 };

describe('self-exclusion', () => {
  it('takes effect at once: every deposit, bet and bonus is refused with 403; withdrawing and history still work', async () => {
    const { token } = await player();
    const before = await moneyCalls(token);
    expect(before).toMatchObject({ deposit: 200, dice: 200, case: 200, miner: 200 });

    const response = await exclude(token, 30);
    expect(response.statusCode, response.body).toBe(200);
    expect(protectionReply.parse(response.json())).toEqual({
      status: 'self_excluded',
      excluded_until: new Date(clock().getTime() + 30 * 86_400_000).toISOString(),
    });
    const cash = (await balances(app, token)).balance;
    expect(await moneyCalls(token)).toEqual(ALL_REFUSED);
    const refused = await client(app).post(
      '/dice/bet',
      { amount: 1, target: 50, direction: 'over', idempotency_key: key() },
      token,
    );
    expect(refused.json().message).toMatch(/self-excluded/);
    expect((await balances(app, token)).balance).toBe(cash);

    // What stays open: the profile, the history, a withdrawal.
    expect((await client(app).get('/profile/history', token)).statusCode).toBe(200);
    const payout = await client(app).post(
      '/api/v2/billing/payout',
      {
        method: 'sandbox-payout-card-rub',
        amount: 100,
        destination: '4111 1111 1111 1111',
        idempotency_key: key(),
      },
      token,
    );
    expect(payout.statusCode, payout.body).toBe(200);
    expect((await client(app).get('/api/v2/profile/protection', token)).json()).toMatchObject({
      status: 'self_excluded',
    });
    await assertLedgerInvariants(db);
  });

  it('is only ever lengthened while it runs, and for good is for good', async () => {
    const { token } = await player(0);
    const week = (await exclude(token, 7)).json();
    expect((await exclude(token, 1)).json()).toEqual(week);
    const month = (await exclude(token, 30)).json();
    expect(month.excluded_until > week.excluded_until).toBe(true);
    expect((await exclude(token, null)).json()).toEqual({ status: 'self_excluded', excluded_until: null });
    expect((await exclude(token, 365)).json()).toEqual({ status: 'self_excluded', excluded_until: null });
    expect((await exclude(token, 2 as never)).statusCode).toBe(422);
  });

  it('ends by itself when its period is over', async () => {
    const { token, userId } = await player();
    await exclude(token, 1);
    expect(await moneyCalls(token)).toEqual(ALL_REFUSED);
    // The period ends (moved back in the database: the session would not outlive moving the clock a day).
    await db
      .update(users)
      .set({ excludedUntil: new Date(clock().getTime() - 1) })
      .where(eq(users.id, userId));
    expect((await client(app).get('/api/v2/profile/protection', token)).json()).toEqual({
      status: 'active',
      excluded_until: null,
    });
    expect(await moneyCalls(token)).toMatchObject({ deposit: 200, dice: 200, case: 200, miner: 200 });
  });
});

describe('the operator', () => {
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const connect = vi.fn(async () => ({ db, close: async () => undefined }));
    const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
    return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
  }

  it('suspends and reinstates an account, with the reason; never lifts a self-exclusion', async () => {
    const { token, email } = await player();
    expect(await admin('account', 'suspend', email)).toMatchObject({ code: 2, connected: false });
    const suspended = await admin('account', 'suspend', email, '--reason', 'chargeback under review');
    expect(suspended).toMatchObject({ code: 0 });
    expect(suspended.out).toMatch(/active -> suspended \(chargeback under review\)/);
    expect(await moneyCalls(token)).toEqual(ALL_REFUSED);
    expect(
      (
        await client(app).post(
          '/dice/bet',
          { amount: 1, target: 50, direction: 'over', idempotency_key: key() },
          token,
        )
      ).json().message,
    ).toMatch(/suspended/);
    // A suspended player cannot exclude themselves out of it either.
    expect((await exclude(token, 7)).statusCode).toBe(403);
    expect((await admin('account', 'status', email)).out).toMatch(
      /suspended\n\s+reason: chargeback under review/,
    );

    expect((await admin('account', 'reinstate', email, '--reason', 'resolved')).code).toBe(0);
    expect(await moneyCalls(token)).toMatchObject({ deposit: 200, dice: 200 });

    await exclude(token, 7);
    const lifted = await admin('account', 'reinstate', email, '--reason', 'player asked');
    expect(lifted.out).toMatch(/not lifted\. Nothing changed\./);
    expect(await moneyCalls(token)).toEqual(ALL_REFUSED);
  });
});

describe('a deposit paid after the player stopped playing', () => {
  it('is credited (the money is theirs) without its bonus', async () => {
    const full = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: secret } });
    await seedDatabase(full.db, seedSteps);
    const { token, email } = await signUpByEmail(full.app, { currency: 'RUB' });
    const [user] = await full.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const invoice = await newInvoice(full.app, token, 1_000);
    await setAccountStatus(full.db, { userId: user.id, status: 'suspended', reason: 'test', now: clock() });
    expect((await payInvoice(full.app, invoice.id)).outcome).toBe('credited');
    expect(await balances(full.app, token)).toMatchObject({ balance: 1_000, bonus_balance: 0 });
    expect(await activeBonusesOf(full.db, user.id, 'RUB')).toEqual([]);
    await assertLedgerInvariants(full.db);
  });
});

describe('deposit limits', () => {
  const setLimit = (token: string, kind: string, amount: number | null) =>
    client(app).put('/api/v2/profile/limits', { kind, amount }, token);
  const invoice = (token: string, amount: number, idempotency_key = key()) =>
    client(app).post(
      '/api/v2/billing/payment',
      { method: 'sandbox-card-rub', amount, idempotency_key },
      token,
    );
  const refusedAbove = async (token: string, amount: number) => {
    const response = await invoice(token, amount);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.amount[0]).toMatch(/^deposit_limit: /);
  };

  it('counts paid and still payable deposits in the window; lowering is at once, raising waits 24 hours', async () => {
    const { token, userId } = await player(0);
    const set = await setLimit(token, 'deposit_day', 1_000);
    expect(set.statusCode, set.body).toBe(200);
    expect(limitsReply.parse(set.json()).deposit_day).toEqual({
      amount: 1_000,
      next_amount: null,
      next_from: null,
    });

    await deposit(app, token, 600);
    await refusedAbove(token, 500);
    const open = await invoice(token, 400); // created, not paid yet: it counts
    expect(open.statusCode, open.body).toBe(200);
    await refusedAbove(token, 100);
    // A repeated request answers its first invoice; it is not a new deposit.
    const replayKey = key();
    await setLimit(token, 'deposit_week', 5_000);
    expect((await client(app).get('/api/v2/profile/limits', token)).json().deposit_week.amount).toBe(5_000);

    // Raising waits: the old limit stays in force for 24 hours.
    const raised = limitsReply.parse((await setLimit(token, 'deposit_day', 3_000)).json()).deposit_day;
    expect(raised).toEqual({
      amount: 1_000,
      next_amount: 3_000,
      next_from: new Date(clock().getTime() + 24 * 60 * 60 * 1000).toISOString(),
    });
    await refusedAbove(token, 100);
    await db
      .update(playerLimits)
      .set({ nextFrom: new Date(clock().getTime() - 1) })
      .where(eq(playerLimits.userId, userId));
    const first = await invoice(token, 500, replayKey);
    expect(first.statusCode, first.body).toBe(200);

    // Lowering: at once (the day's deposits, 1 500 counted, are already above it).
    await setLimit(token, 'deposit_day', 100);
    await refusedAbove(token, 100);
    const replay = await invoice(token, 500, replayKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(first.json().id);

    // Removing waits too.
    const removed = limitsReply.parse((await setLimit(token, 'deposit_day', null)).json()).deposit_day;
    expect(removed).toMatchObject({ amount: 100, next_amount: null });
    expect(removed.next_from).not.toBeNull();
    await refusedAbove(token, 100);
  });

  it('refuses a bad limit with 422 and changes nothing', async () => {
    const { token } = await player(0);
    for (const body of [
      { kind: 'deposit_year', amount: 100 },
      { kind: 'deposit_day', amount: -5 },
      { kind: 'deposit_day', amount: 0.001 },
      { kind: 'deposit_day' },
    ]) {
      const response = await client(app).put('/api/v2/profile/limits', body, token);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await client(app).get('/api/v2/profile/limits', token)).json().deposit_day.amount).toBeNull();
  });
});
