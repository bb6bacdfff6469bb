import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { minerMines } from '@/lib/fair';
import { LIMIT_KINDS, limitsReply, protectionReply, sessionReply } from '@/lib/contracts/protection';
import { runAdmin } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, PASSWORD, signUpByEmail } from '../../test/accounts';
import { balances, deposit, newInvoice, payInvoice } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { listAudit } from '../audit/service';
import { tokenFamilies } from '../auth/schema';
import { activeBonusesOf } from '../bonuses/service';
import { nextPendingGame } from '../crash/repository';
import { createChain, placeStake, setChainSalt } from '../crash/service';
import { fairSeedPairs } from '../fair/schema';
import { assertLedgerInvariants } from '../ledger/invariants';
import { users } from '../users/schema';
import { playerLimits, playerLossDays } from './schema';
import { limitsView, setAccountStatus } from './service';

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

// --- loss limits, session limits, reality checks (issue 15) ---

const putLimit = (token: string, kind: string, amount: number | null) =>
  client(app).put('/api/v2/profile/limits', { kind, amount }, token);

/** A roulette spin that always loses exactly 1: 12 on each dozen and 1 on zero (37 staked, 36 paid). */
const spin = (token: string) =>
  client(app).post(
    '/roulette/bet',
    {
      chips: [
        { type: 'dozen', value: 1, amount: 12 },
        { type: 'dozen', value: 2, amount: 12 },
        { type: 'dozen', value: 3, amount: 12 },
        { type: 'straight', value: 0, amount: 1 },
      ],
      idempotency_key: key(),
    },
    token,
  );
const dice = (token: string, amount: number) =>
  client(app).post('/dice/bet', { amount, target: 50, direction: 'over', idempotency_key: key() }, token);

const lossDaysOf = (userId: number) =>
  db
    .select({ day: playerLossDays.day, net: playerLossDays.netLossMinor })
    .from(playerLossDays)
    .where(eq(playerLossDays.userId, userId))
    .orderBy(playerLossDays.day);

/** The UTC day `days` before the test clock's. */
const dayBefore = (days: number) =>
  new Date(clock().getTime() - days * 86_400_000).toISOString().slice(0, 10);

function expectLossRefusal(
  response: { statusCode: number; body: string; json(): { errors?: Record<string, string[]> } },
  text: string,
) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors?.amount).toEqual([`loss_limit: ${text}`]);
}

describe('limits of every kind', () => {
  const values: Record<string, [number, number, number]> = {
    deposit_day: [1_000, 500, 2_000],
    deposit_week: [1_000, 500, 2_000],
    deposit_month: [1_000, 500, 2_000],
    loss_day: [100, 50.5, 200],
    loss_week: [100, 50.5, 200],
    loss_month: [100, 50.5, 200],
    session_minutes: [120, 60, 240],
    reality_check_minutes: [30, 15, 60],
  };
  it.each(LIMIT_KINDS.map((kind) => [kind]))(
    '%s: set and lowered at once, raised or removed only after 24 hours',
    async (kind) => {
      const { token, userId } = await player(0);
      const [first, lower, higher] = values[kind];
      const view = async (response: Promise<{ json(): unknown }>) =>
        limitsReply.parse((await response).json())[kind];
      expect(await view(putLimit(token, kind, first))).toEqual({
        amount: first,
        next_amount: null,
        next_from: null,
      });
      expect(await view(putLimit(token, kind, lower))).toEqual({
        amount: lower,
        next_amount: null,
        next_from: null,
      });
      const day = new Date(clock().getTime() + 24 * 60 * 60 * 1000);
      expect(await view(putLimit(token, kind, higher))).toEqual({
        amount: lower,
        next_amount: higher,
        next_from: day.toISOString(),
      });
      expect(await view(client(app).get('/api/v2/profile/limits', token))).toMatchObject({
        amount: lower,
        next_amount: higher,
      });
      // The delay holds to the millisecond.
      expect((await limitsView(db, userId, new Date(day.getTime() - 1)))[kind].amount).toBe(lower);
      expect((await limitsView(db, userId, day))[kind]).toEqual({
        amount: higher,
        next_amount: null,
        next_from: null,
      });
      // Lowering again drops the waiting raise; removing waits too.
      expect(await view(putLimit(token, kind, lower))).toEqual({
        amount: lower,
        next_amount: null,
        next_from: null,
      });
      expect(await view(putLimit(token, kind, null))).toEqual({
        amount: lower,
        next_amount: null,
        next_from: day.toISOString(),
      });
      expect((await limitsView(db, userId, day))[kind].amount).toBeNull();
    },
  );

  it('refuses minutes outside their range and money with more than two decimals: 422 on amount, nothing changes', async () => {
    const { token } = await player(0);
    const cases: [string, number, RegExp][] = [
      ['session_minutes', 14, /^too_small: .*15 minutes/],
      ['session_minutes', 1441, /^too_big: .*1440 minutes/],
      ['session_minutes', 30.5, /^invalid: /],
      ['reality_check_minutes', 9, /^too_small: .*10 minutes/],
      ['reality_check_minutes', 121, /^too_big: .*120 minutes/],
      ['loss_day', 10.001, /^invalid: /],
      ['loss_week', -1, /^too_small: /],
    ];
    for (const [kind, amount, error] of cases) {
      const response = await putLimit(token, kind, amount);
      expect(response.statusCode, `${kind} ${amount}`).toBe(422);
      expect(response.json().errors.amount[0]).toMatch(error);
    }
    const limits = limitsReply.parse((await client(app).get('/api/v2/profile/limits', token)).json());
    expect(Object.values(limits).every((limit) => limit.amount === null)).toBe(true);
    expect((await putLimit(token, 'session_minutes', 15)).statusCode).toBe(200);
    expect((await putLimit(token, 'reality_check_minutes', 120)).statusCode).toBe(200);
  });

  it('writes each change the player makes to the audit log, with the kind before and after', async () => {
    const { token, userId } = await player(0);
    await putLimit(token, 'loss_day', 100);
    await putLimit(token, 'loss_day', 250);
    await putLimit(token, 'loss_day', 250); // the same raise again: nothing changes, nothing is logged
    await putLimit(token, 'session_minutes', 5); // refused
    await putLimit(token, 'session_minutes', 60);
    const entries = await listAudit(db, { userId, limit: 10 });
    const next = new Date(clock().getTime() + 24 * 60 * 60 * 1000).toISOString();
    expect(entries.map((entry) => entry.after)).toEqual([
      { kind: 'session_minutes', amount: '60', next_amount: null, next_from: null },
      { kind: 'loss_day', amount: '10000', next_amount: '25000', next_from: next },
      { kind: 'loss_day', amount: '10000', next_amount: null, next_from: null },
    ]);
    expect(entries.map((entry) => entry.before)).toEqual([
      { kind: 'session_minutes', amount: null, next_amount: null, next_from: null },
      { kind: 'loss_day', amount: '10000', next_amount: null, next_from: null },
      { kind: 'loss_day', amount: null, next_amount: null, next_from: null },
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actor: `player:${userId}`,
        action: 'limits.set',
        subjectType: 'user',
        subjectId: String(userId),
        userId,
      });
      expect(entry.at.toISOString()).toBe(clock().toISOString());
    }
  });
});

describe('loss limits', () => {
  it('count from the first loss limit on; an instant bet is refused at the boundary and wins count', async () => {
    const { token, userId } = await player(1_000);
    // Without a loss limit nothing is counted (and a bet before the first one never counts).
    expect((await spin(token)).statusCode).toBe(200);
    expect(await lossDaysOf(userId)).toEqual([]);

    expect((await putLimit(token, 'loss_day', 40)).statusCode).toBe(200);
    // Each spin stakes 37 and pays 36: net loss 1 a spin. Counted without its payout the second would fail.
    for (let i = 1; i <= 4; i += 1) {
      const response = await spin(token);
      expect(response.statusCode, `spin ${i}: ${response.body}`).toBe(200);
    }
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: 400n }]);
    const cash = (await balances(app, token)).balance;
    expect(cash).toBe(995);
    // 4 lost + 37 staked > 40: refused, naming the limit and what is left; nothing moves.
    expectLossRefusal(await spin(token), 'Your daily loss limit allows bets of at most 36.00 more.');
    expectLossRefusal(await dice(token, 36.01), 'Your daily loss limit allows bets of at most 36.00 more.');
    expect((await balances(app, token)).balance).toBe(cash);
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: 400n }]);
    // Exactly up to the limit is allowed, whatever the bet then pays.
    const boundary = await dice(token, 36);
    expect(boundary.statusCode, boundary.body).toBe(200);
    const payout = Math.round(boundary.json().bet.payout * 100);
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: BigInt(400 + 3_600 - payout) }]);

    // A raise waits 24 hours: the limit in force still refuses.
    await putLimit(token, 'loss_day', 10_000);
    const left = (4_000 - (400 + 3_600 - payout)) / 100;
    expectLossRefusal(
      await dice(token, left + 1),
      `Your daily loss limit allows bets of at most ${left.toFixed(2)} more.`,
    );
    await assertLedgerInvariants(db);
  });

  it('count UTC days: today, the last 7 and the last 30; the refusal names the limit with the least left', async () => {
    const { token, userId } = await player(1_000);
    await putLimit(token, 'loss_week', 100);
    await putLimit(token, 'loss_month', 1_000);
    await db.insert(playerLossDays).values([
      { userId, currency: 'RUB', day: dayBefore(6), netLossMinor: 5_000n }, // in the week
      { userId, currency: 'RUB', day: dayBefore(7), netLossMinor: 91_000n }, // in the month only
      { userId, currency: 'RUB', day: dayBefore(30), netLossMinor: 500_000n }, // in neither
    ]);
    // week 50, month 960 lost: a spin (37) fits both, and loses 1.
    expect((await spin(token)).statusCode).toBe(200);
    // week 51 (49 left), month 961 (39 left).
    expectLossRefusal(await dice(token, 39.01), 'Your monthly loss limit allows bets of at most 39.00 more.');
    await putLimit(token, 'loss_month', 2_000); // waits 24 hours
    expectLossRefusal(await dice(token, 39.01), 'Your monthly loss limit allows bets of at most 39.00 more.');
    await putLimit(token, 'loss_month', 980); // at once: 19 left
    expectLossRefusal(await dice(token, 20), 'Your monthly loss limit allows bets of at most 19.00 more.');
    await putLimit(token, 'loss_week', 60); // at once: 9 left
    expectLossRefusal(await dice(token, 10), 'Your weekly loss limit allows bets of at most 9.00 more.');
    expect((await dice(token, 9)).statusCode).toBe(200);
  });

  it("refuse a stateful game's start at the boundary; a round's cash-out lowers the net loss", async () => {
    const { token, userId } = await player(1_000);
    await putLimit(token, 'loss_day', 10);
    const c = client(app);
    const start = await c.post('/miner/start', { amount: 10, mines: 3, idempotency_key: key() }, token);
    expect(start.statusCode, start.body).toBe(200);
    const round = start.json().bet;
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: 1_000n }]);
    // Nothing left today: a round's start and an instant bet are refused, and move nothing.
    const hilo = (amount: number) => c.post('/hilo/start', { amount, idempotency_key: key() }, token);
    expectLossRefusal(await hilo(1), 'Your daily loss limit allows bets of at most 0.00 more.');
    expectLossRefusal(await dice(token, 1), 'Your daily loss limit allows bets of at most 0.00 more.');
    expect((await balances(app, token)).balance).toBe(990);

    // Cash out after a safe tile: the payout lowers the net loss below zero, leaving the payout to stake.
    const [pair] = await db
      .select()
      .from(fairSeedPairs)
      .where(and(eq(fairSeedPairs.userId, userId), eq(fairSeedPairs.active, true)));
    const mines = minerMines(
      { serverSeed: pair.serverSeed, clientSeed: round.client_seed, nonce: round.nonce },
      3,
    );
    const tile = [...Array(25).keys()].find((t) => !mines.includes(t))!;
    expect((await c.post(`/miner/${round.id}/reveal`, { tile, step: 0 }, token)).statusCode).toBe(200);
    const cashout = await c.post(`/miner/${round.id}/cashout`, { step: 1 }, token);
    expect(cashout.statusCode, cashout.body).toBe(200);
    const payout = Math.round(cashout.json().bet.payout * 100);
    expect(payout).toBeGreaterThan(1_000);
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: BigInt(1_000 - payout) }]);
    const left = (payout / 100).toFixed(2);
    expectLossRefusal(
      await hilo(payout / 100 + 0.01),
      `Your daily loss limit allows bets of at most ${left} more.`,
    );
    const exact = await hilo(payout / 100);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: 1_000n }]);
    await assertLedgerInvariants(db);
  });

  it('start afresh when a loss limit is set after a time without any', async () => {
    const { token, userId } = await player(1_000);
    await putLimit(token, 'loss_day', 100);
    expect((await spin(token)).statusCode).toBe(200);
    expect(await lossDaysOf(userId)).toHaveLength(1);
    // The limit is gone (its removal took effect): nothing counts, and a new limit starts from zero.
    await putLimit(token, 'loss_day', null);
    await db
      .update(playerLimits)
      .set({ nextFrom: new Date(clock().getTime() - 1) })
      .where(eq(playerLimits.userId, userId));
    expect((await spin(token)).statusCode).toBe(200);
    expect(await lossDaysOf(userId)).toEqual([{ day: dayBefore(0), net: 100n }]);
    await putLimit(token, 'loss_week', 500);
    expect(await lossDaysOf(userId)).toEqual([]);
  });
});

describe('session limit', () => {
  it('refuses bets and deposits once the session is that old; a new log-in starts a new session', async () => {
    const { token, userId, email } = await player(1_000);
    expect((await putLimit(token, 'session_minutes', 15)).statusCode).toBe(200);
    expect((await dice(token, 1)).statusCode).toBe(200);
    // The session (the token family) started 15 minutes ago.
    await db
      .update(tokenFamilies)
      .set({ createdAt: new Date(clock().getTime() - 15 * 60_000) })
      .where(eq(tokenFamilies.userId, userId));
    const cash = (await balances(app, token)).balance;
    expect(await moneyCalls(token)).toMatchObject({ deposit: 403, dice: 403, case: 403, miner: 403 });
    expect(
      (await client(app).post('/hilo/start', { amount: 1, idempotency_key: key() }, token)).statusCode,
    ).toBe(403);
    const refused = await dice(token, 1);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/session limit is reached/),
      code: 'session_limit',
    });
    expect((await balances(app, token)).balance).toBe(cash);
    expect(
      sessionReply.parse((await client(app).get('/api/v2/profile/session', token)).json()),
    ).toMatchObject({
      session_minutes: 15,
      limit_reached: true,
    });

    const login = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expect(await moneyCalls(login.json().token)).toMatchObject({
      deposit: 200,
      dice: 200,
      case: 200,
      miner: 200,
    });
    await assertLedgerInvariants(db);
  });
});

describe('GET /api/v2/profile/session', () => {
  it("answers the session's start, minutes played, net result since it started, the interval and the limit", async () => {
    const { token, email, userId } = await player(1_000);
    const started = clock();
    await putLimit(token, 'reality_check_minutes', 10);
    await putLimit(token, 'session_minutes', 60);
    expect((await spin(token)).statusCode).toBe(200);
    expect((await spin(token)).statusCode).toBe(200);
    clock.advance(60_000);
    const login = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
    const second = login.json().token as string;
    expect((await spin(second)).statusCode).toBe(200);
    // A room stake and a crash bet count too (the crash bet's game never runs here: its stake counts).
    const roomStake = await client(app).post(
      '/rooms/red/stake',
      { amount: 2, idempotency_key: key() },
      second,
    );
    expect(roomStake.statusCode, roomStake.body).toBe(200);
    await createChain(db, { length: 3, now: clock() });
    await setChainSalt(db, { salt: `salt-${key()}`, now: clock() });
    const game = await nextPendingGame(db);
    await placeStake(db, {
      player: { id: userId, currency: 'RUB', sessionStartedAt: clock() },
      gameId: game!.game.id,
      amountMinor: 400n,
      autoCashout: null,
      key: key(),
      now: clock(),
    });
    clock.advance(5 * 60_000);

    const first = await client(app).get('/api/v2/profile/session', token);
    expect(first.statusCode, first.body).toBe(200);
    expect(sessionReply.parse(first.json())).toEqual({
      started_at: started.toISOString(),
      now: clock().toISOString(),
      minutes_played: 6,
      net_result: -9,
      currency: 'RUB',
      reality_check_minutes: 10,
      session_minutes: 60,
      ends_at: new Date(started.getTime() + 60 * 60_000).toISOString(),
      limit_reached: false,
    });
    expect(
      sessionReply.parse((await client(app).get('/api/v2/profile/session', second)).json()),
    ).toMatchObject({
      started_at: new Date(started.getTime() + 60_000).toISOString(),
      minutes_played: 5,
      net_result: -7,
    });
    expect((await client(app).get('/api/v2/profile/session')).statusCode).toBe(401);
  });
});
