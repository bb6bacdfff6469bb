import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bonus as bonusSchema,
  bonusActivation,
  bonusActivationsReply,
  waitingBonusReply,
  welcomePackReply,
} from '@/lib/contracts/bonuses';
import { billingDataReply } from '@/lib/contracts/billing';
import { seedDatabase } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, PASSWORD, profile, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { balances, deposit, newInvoice, paidEvent, payInvoice, webhook } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { bonusActivations, promoCodes } from './schema';
import { createPromo } from './repository';

const clock = manualClock(new Date('2031-01-01T00:00:00Z'));
const secret = 's'.repeat(40);
const { app, db } = await createTestApp({
  clock,
  env: { SANDBOX_PAYMENT_SECRET: secret, RATE_LIMIT_ENABLED: 'false' },
});
await seedDatabase(db);

const DAY = 86_400;
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  client(app).request('GET', url, { token, headers });

async function login(email: string): Promise<string> {
  const response = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

const waiting = async (token: string) =>
  waitingBonusReply.parse((await get('/bonus-system/bonus-activation/waiting-reg-and-dep', token)).json())
    .bonus;
const activations = async (token: string) =>
  bonusActivationsReply.parse((await get('/bonus-system/bonus-activations', token)).json()).items;

async function counts() {
  const [[a], [t], [p]] = await Promise.all([
    db.select({ n: count() }).from(bonusActivations),
    db.select({ n: count() }).from(ledgerTransfers),
    db.select({ n: count() }).from(promoCodes),
  ]);
  return [a.n, t.n, p.n];
}

function promo(code: string, extra: Partial<Parameters<typeof createPromo>[1]> = {}) {
  return createPromo(
    db,
    {
      code,
      nameEn: `Promo ${code}`,
      percent: 50,
      wager: 10,
      limits: { RUB: { min_deposit_minor: 10_000, max_bonus_minor: 100_000 } },
      ...extra,
    },
    clock(),
  );
}

describe('GET /bonus-system/bonus/{promo}', () => {
  it('answers the offer in the currency and language asked for, whatever the case of the code', async () => {
    const guest = await get('/bonus-system/bonus/welcome100');
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-store');
    expect(bonusSchema.parse(guest.json())).toEqual({
      code: 'WELCOME100',
      name: 'Welcome bonus +100 %',
      description: expect.stringContaining('35 times'),
      percent: 100,
      min_deposit: 500,
      max_bonus: 50000,
      wager: 35,
      currency: 'RUB',
      expires_in: 7 * DAY,
      region: null,
    });
    expect((await get('/bonus-system/bonus/Welcome100?currency=USD')).json()).toMatchObject({
      currency: 'USD',
      min_deposit: 5,
      max_bonus: 500,
    });
    const names: [string, string][] = [
      ['ru-RU,ru;q=0.9', 'Приветственный бонус +100 %'],
      ['kk-KZ', 'Қош келдіңіз бонусы +100 %'],
      ['de-DE', 'Welcome bonus +100 %'],
    ];
    for (const [language, name] of names) {
      const reply = await get('/bonus-system/bonus/WELCOME100', undefined, { 'accept-language': language });
      expect(reply.json().name, language).toBe(name);
    }
    // The currency: the query's, else the user's, else KZT in Kazakhstan and RUB elsewhere.
    const kz = await get('/bonus-system/bonus/WELCOME100', undefined, { 'cf-ipcountry': 'KZ' });
    expect(kz.json()).toMatchObject({ currency: 'KZT', min_deposit: 2500, max_bonus: 250000 });
    const { token } = await signUpByEmail(app, { currency: 'EUR' });
    expect((await get('/bonus-system/bonus/WELCOME100', token)).json().currency).toBe('EUR');
    expect((await get('/bonus-system/bonus/WELCOME100?currency=INR', token)).json().currency).toBe('INR');
    // A token that does not authenticate makes a guest, not a 401.
    expect((await get('/bonus-system/bonus/WELCOME100', 'not-a-token')).json().currency).toBe('RUB');
  });

  it('counts down to the end of a promo that has one', async () => {
    await promo('SOON1', { endsAt: new Date(clock().getTime() + 3_600_000) });
    expect((await get('/bonus-system/bonus/soon1')).json()).toMatchObject({
      code: 'SOON1',
      expires_in: 3600,
    });
  });

  it('404s codes that are unknown, disabled, not started, ended, or not for that currency or region', async () => {
    const now = clock().getTime();
    await promo('OFF1', { enabled: false });
    await promo('LATER1', { startsAt: new Date(now + DAY * 1000) });
    await promo('ENDED1', { startsAt: new Date(now - 2 * DAY * 1000), endsAt: new Date(now) });
    for (const url of [
      '/bonus-system/bonus/NOPE',
      '/bonus-system/bonus/OFF1',
      '/bonus-system/bonus/LATER1',
      '/bonus-system/bonus/ENDED1',
      '/bonus-system/bonus/SOON1?currency=USD',
      '/bonus-system/bonus/KZSTART',
      '/bonus-system/bonus/KZSTART?currency=KZT',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Bonus not found.' });
    }
    const kz = { 'cf-ipcountry': 'KZ' };
    expect((await get('/bonus-system/bonus/kzstart', undefined, kz)).json()).toMatchObject({
      code: 'KZSTART',
      percent: 150,
      currency: 'KZT',
      region: 'KZ',
    });
    expect((await get('/bonus-system/bonus/KZSTART?currency=RUB', undefined, kz)).statusCode).toBe(404);
  });

  it('422s a malformed code or currency', async () => {
    const cases: [string, string][] = [
      ['/bonus-system/bonus/bad%20code', 'promo'],
      ['/bonus-system/bonus/has.dot', 'promo'],
      [`/bonus-system/bonus/${'A'.repeat(65)}`, 'promo'],
      ['/bonus-system/bonus/WELCOME100?currency=GBP', 'currency'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(response.json().errors), url).toEqual([field]);
    }
  });
});

describe('bonus activations', () => {
  it('a sign-up with a promo code waits for the deposit, counts down, and expires after wait_days', async () => {
    const { email, token } = await signUpByEmail(app, { extra: { promo: 'welcome100' } });
    const first = await waiting(token);
    expect(first).toMatchObject({
      id: expect.any(Number),
      source: 'promo',
      status: 'waiting',
      code: 'WELCOME100',
      name: 'Welcome bonus +100 %',
      percent: 100,
      min_deposit: 500,
      max_bonus: 50000,
      wager: 35,
      currency: 'RUB',
      expires_in: 7 * DAY,
      region: null,
      amount: 0,
      wager_required: 0,
      wagered: 0,
      created_at: clock().toISOString(),
    });
    clock.advance(DAY * 1000);
    const later = await login(email);
    expect((await waiting(later))?.expires_in).toBe(6 * DAY);
    clock.advance(6 * DAY * 1000);
    const expired = await login(email);
    expect(await waiting(expired)).toBeNull();
    expect(await activations(expired)).toMatchObject([{ id: first!.id, status: 'expired', expires_in: 0 }]);
    // An expired wait no longer pays: the first deposit gets the welcome pack instead.
    await deposit(app, expired, 1000);
    expect((await activations(expired)).map((a) => [a.source, a.status])).toEqual([
      ['welcome_pack', 'active'],
      ['promo', 'expired'],
    ]);
  });

  it('requires a token', async () => {
    for (const url of [
      '/bonus-system/bonus-activation/waiting-reg-and-dep',
      '/bonus-system/bonus-activations',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
    expect(
      (await client(app).post('/bonus-system/bonus-activation', { promo: 'WELCOME100' })).statusCode,
    ).toBe(401);
    expect((await client(app).put('/bonus-system/bonus-activation/cancel/1')).statusCode).toBe(401);
  });

  it('a logged-in player activates a code once at a time; bad codes are 422 and change nothing', async () => {
    const { token } = await signUpByEmail(app);
    expect(await waiting(token)).toBeNull();
    const activate = (promo: unknown) => client(app).post('/bonus-system/bonus-activation', { promo }, token);
    const created = await activate('welcome100');
    expect(created.statusCode, created.body).toBe(200);
    expect(bonusActivation.parse(created.json())).toMatchObject({ status: 'waiting', code: 'WELCOME100' });
    expect((await waiting(token))?.id).toBe(created.json().id);

    const before = await counts();
    const cases: [unknown, string][] = [
      ['WELCOME100', 'already_waiting: You already have a bonus waiting for a deposit.'],
      ['NOPE', 'invalid: The promo code is invalid.'],
      ['KZSTART', 'invalid: The promo code is invalid.'],
      ['bad code', 'invalid_format: The promo field format is invalid.'],
      ['', 'required: The promo field is required.'],
      [42, 'invalid: The promo field must be a string.'],
    ];
    for (const [promo, error] of cases) {
      const response = await activate(promo);
      expect(response.statusCode, String(promo)).toBe(422);
      expect(Object.keys(response.json().errors), String(promo)).toEqual(['promo']);
      expect(response.json().errors.promo[0], String(promo)).toBe(error);
    }
    expect(await counts()).toEqual(before);
    expect(await activations(token)).toHaveLength(1);
  });

  it('cancels a waiting bonus (which can then be activated again) and an active one, whose rest goes back', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const first = (await waiting(token))!;
    const cancel = (id: number | string, as = token) =>
      client(app).put(`/bonus-system/bonus-activation/cancel/${id}`, undefined, as);
    const cancelled = await cancel(first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bonusActivation.parse(cancelled.json())).toMatchObject({ id: first.id, status: 'cancelled' });
    expect(await waiting(token)).toBeNull();

    const again = await client(app).post('/bonus-system/bonus-activation', { promo: 'WELCOME100' }, token);
    expect(again.statusCode).toBe(200);
    await deposit(app, token, 1500);
    expect(await balances(app, token)).toEqual({ balance: 1500, bonus_balance: 1500, total_balance: 3000 });
    const active = (await activations(token))[0];
    expect(active).toMatchObject({
      id: again.json().id,
      status: 'active',
      amount: 1500,
      wager_required: 52500,
    });

    // Someone else's bonus, an unknown one, or a bad id: nothing changes.
    const { token: other } = await signUpByEmail(app);
    const before = await counts();
    expect((await cancel(active.id, other)).statusCode).toBe(404);
    expect((await cancel(active.id, other)).json()).toEqual({ message: 'Bonus not found.' });
    expect((await cancel(2_147_483_647)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648'])
      expect((await cancel(bad)).statusCode, bad).toBe(422);
    expect(await counts()).toEqual(before);

    const forfeited = await cancel(active.id);
    expect(forfeited.json()).toMatchObject({ status: 'cancelled', amount: 1500 });
    expect(await balances(app, token)).toEqual({ balance: 1500, bonus_balance: 0, total_balance: 1500 });
    const history = (await get('/profile/history', token)).json();
    expect(history.items[0]).toMatchObject({
      wallet: 'bonus',
      kind: 'bonus',
      amount: -1500,
      balance_after: 0,
      description: 'Bonus WELCOME100 cancelled',
    });
    const twice = await cancel(active.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      id: ['not_cancellable: Only a waiting or active bonus can be cancelled.'],
    });
    // A code once credited cannot be activated again by the same player.
    const reuse = await client(app).post('/bonus-system/bonus-activation', { promo: 'welcome100' }, token);
    expect(reuse.json().errors).toEqual({ promo: ['already_used: You have already used this promo code.'] });
    await assertLedgerInvariants(db);
  });
});

describe('crediting on deposit', () => {
  it('pays the first deposit of at least the minimum, capped at the maximum, once', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 499.99);
    expect(await balances(app, token)).toEqual({ balance: 499.99, bonus_balance: 0, total_balance: 499.99 });
    expect((await waiting(token))?.status).toBe('waiting');

    const invoiceId = await deposit(app, token, 80000);
    expect(await balances(app, token)).toEqual({
      balance: 80499.99,
      bonus_balance: 50000,
      total_balance: 130499.99,
    });
    expect(await waiting(token)).toBeNull();
    const [active] = await activations(token);
    expect(active).toMatchObject({ status: 'active', amount: 50000, wager_required: 1750000, wagered: 0 });
    const [row] = await db.select().from(bonusActivations).where(eq(bonusActivations.id, active.id));
    expect(row.invoiceId).toBe(invoiceId);

    // Paying the invoice again changes nothing.
    expect((await payInvoice(app, invoiceId)).outcome).toBe('already_paid');
    expect((await balances(app, token)).bonus_balance).toBe(50000);
    const history = (await get('/profile/history', token)).json();
    expect(history.items[0]).toMatchObject({
      wallet: 'bonus',
      kind: 'bonus',
      amount: 50000,
      description: 'Bonus WELCOME100',
    });
    // Both deposits counted for the welcome pack, whose stages 1 and 2 have passed.
    const pack = welcomePackReply.parse((await get('/api/v3/welcome-pack/get-welcome-packs', token)).json());
    expect(pack.deposits_made).toBe(2);
    expect(pack.stages.map((s) => s.status)).toEqual(['done', 'done', 'current', 'locked']);
    await assertLedgerInvariants(db);
  });

  it('the same paid webhook delivered 10 times in parallel credits the bonus once', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const invoice = await newInvoice(app, token, 1000);
    const event = paidEvent(invoice);
    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(app, secret, event)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    await Promise.all(Array.from({ length: 10 }, () => webhook(app, secret, paidEvent(invoice))));
    expect(await balances(app, token)).toEqual({ balance: 1000, bonus_balance: 1000, total_balance: 2000 });
    const [active] = await activations(token);
    const credits = await db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `activation:${active.id}:%`));
    expect(credits[0].n).toBe(1);
    await assertLedgerInvariants(db);
  });

  it('one bonus per deposit: a promo credited on deposit 1 means no welcome stage 1', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 600);
    const items = await activations(token);
    expect(items.map((a) => [a.source, a.amount])).toEqual([['promo', 600]]);
    expect((await get('/profile/freeSpins', token)).json().data).toEqual([]);
  });
});

describe('the welcome pack', () => {
  it('guests see the stages in the currency asked for (else the region\u2019s), in their language', async () => {
    const rub = welcomePackReply.parse((await get('/api/v3/welcome-pack/get-welcome-packs-guest')).json());
    expect(rub).toMatchObject({
      publicTitle: 'Welcome pack: bonuses on your first 4 deposits and 75 free spins',
      currency: 'RUB',
      deposits_made: null,
    });
    expect(rub.stages).toEqual([
      {
        stage: 1,
        deposit_number: 1,
        title: '1st deposit: +100 % and 50 free spins',
        percent: 100,
        min_deposit: 500,
        max_bonus: 50000,
        wager: 35,
        free_spins: 50,
        status: null,
      },
      expect.objectContaining({ stage: 2, percent: 75, max_bonus: 40000, free_spins: 0 }),
      expect.objectContaining({ stage: 3, percent: 60, max_bonus: 30000, free_spins: 25 }),
      expect.objectContaining({ stage: 4, percent: 50, max_bonus: 25000, free_spins: 0 }),
    ]);
    const kz = await get('/api/v3/welcome-pack/get-welcome-packs-guest', undefined, {
      'cf-ipcountry': 'KZ',
      'accept-language': 'ru',
    });
    expect(kz.json()).toMatchObject({
      currency: 'KZT',
      publicTitle: expect.stringMatching(/^Приветственный пакет/),
      stages: expect.arrayContaining([
        expect.objectContaining({ min_deposit: 2500, title: '1-й депозит: +100 % и 50 фриспинов' }),
      ]),
    });
    expect(
      (await get('/api/v3/welcome-pack/get-welcome-packs-guest?currency=USD')).json().stages[0],
    ).toMatchObject({
      min_deposit: 5,
      max_bonus: 500,
    });
    expect((await get('/api/v3/welcome-pack/get-welcome-packs-guest?currency=GBP')).statusCode).toBe(422);
    expect((await get('/api/v3/welcome-pack/get-welcome-packs')).statusCode).toBe(401);
  });

  it('pays stage n on the n-th deposit once, with its free spins; a deposit below a stage\u2019s minimum skips it', async () => {
    const { token } = await signUpByEmail(app);
    const pack = async () =>
      welcomePackReply.parse((await get('/api/v3/welcome-pack/get-welcome-packs', token)).json());
    expect(await pack()).toMatchObject({ currency: 'RUB', deposits_made: 0 });
    expect((await pack()).stages.map((s) => s.status)).toEqual(['current', 'locked', 'locked', 'locked']);

    await deposit(app, token, 1000);
    expect(await balances(app, token)).toEqual({ balance: 1000, bonus_balance: 1000, total_balance: 2000 });
    const spins = (await get('/profile/freeSpins', token)).json().data;
    expect(spins).toEqual([
      {
        id: expect.any(Number),
        campaign_id: 1,
        name: '50 free spins in Aurora Wilds',
        game: { id: 'aurora-wilds', name: 'Aurora Wilds' },
        count: 50,
        bet: 10,
        currency: 'RUB',
        expiration_at: new Date(clock().getTime() + 7 * DAY * 1000).toISOString(),
      },
    ]);
    expect((await pack()).stages.map((s) => s.status)).toEqual(['done', 'current', 'locked', 'locked']);

    await deposit(app, token, 200); // deposit 2, under stage 2's minimum of 500: no bonus, stage passed
    expect((await balances(app, token)).bonus_balance).toBe(1000);
    expect(await pack()).toMatchObject({ deposits_made: 2 });
    expect((await pack()).stages.map((s) => s.status)).toEqual(['done', 'done', 'current', 'locked']);

    await deposit(app, token, 1000); // deposit 3: 60 % and 25 spins
    expect(await balances(app, token)).toEqual({ balance: 2200, bonus_balance: 1600, total_balance: 3800 });
    const items = await activations(token);
    expect(items.map((a) => [a.source, a.code, a.name, a.amount, a.wager_required, a.status])).toEqual([
      ['welcome_pack', 'WELCOME-PACK-3', '3rd deposit: +60 % and 25 free spins', 600, 21000, 'active'],
      ['welcome_pack', 'WELCOME-PACK-1', '1st deposit: +100 % and 50 free spins', 1000, 35000, 'active'],
    ]);
    expect(items[0].description).toBe('Welcome pack: bonuses on your first 4 deposits and 75 free spins');
    expect(
      (await get('/profile/freeSpins', token))
        .json()
        .data.map((s: { campaign_id: number; count: number }) => [s.campaign_id, s.count]),
    ).toEqual([
      [1, 50],
      [2, 25],
    ]);
    await assertLedgerInvariants(db);
  });

  it('a KZT player gets the stage in tenge', async () => {
    const { token } = await signUpByPhone(app, { currency: 'KZT' });
    await deposit(app, token, 2000, 'KZT'); // under the KZT minimum of 2 500
    expect((await balances(app, token)).bonus_balance).toBe(0);
    await deposit(app, token, 10000, 'KZT'); // deposit 2: +75 %
    expect(await balances(app, token)).toEqual({ balance: 12000, bonus_balance: 7500, total_balance: 19500 });
    await assertLedgerInvariants(db);
  });
});

describe('GET /api/v2/billing/data payments.bonus', () => {
  it('names the waiting bonus, else the current welcome stage, else nothing', async () => {
    const bonusName = async (token: string, language = 'en') =>
      billingDataReply.parse(
        (await get('/api/v2/billing/data', token, { 'accept-language': language })).json(),
      ).payments.bonus;
    const { token: promoUser } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    expect(await bonusName(promoUser)).toEqual({ name: 'Welcome bonus +100 %' });
    expect(await bonusName(promoUser, 'ru')).toEqual({ name: 'Приветственный бонус +100 %' });

    const { token } = await signUpByEmail(app);
    expect(await bonusName(token)).toEqual({ name: '1st deposit: +100 % and 50 free spins' });
    await deposit(app, token, 100);
    expect(await bonusName(token, 'kk')).toEqual({ name: '2-депозит: +75 %' });
    for (let i = 0; i < 3; i += 1) await deposit(app, token, 100);
    expect(await bonusName(token)).toBeNull();
  });
});

describe('profile balances', () => {
  it('report the bonus balance beside cash', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 700);
    expect((await profile(app, token)).json().user).toMatchObject({
      balance: 700,
      bonus: 700,
      bonus_balance: 700,
      total_balance: 1400,
    });
  });
});
