/**
 * The attacks of issue 12 ("production posture"), replayed against the API server: spoofed
 * X-Forwarded-For against the per-IP limits, visitors from a blocked country, bad money amounts, and the
 * security headers of every answer (the sandbox HTML pages included).
 */
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '@/lib/contracts/money';
import { billingInvoices, gameBets } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { manualClock } from '../lib/clock';
import { RULES } from '../modules/auth/limits';
import { signBody, SIGNATURE_HEADER } from '../modules/billing/providers';
import { cashBalance, fund, key, newPlayer } from '../modules/games/testing';
import { BLOCKED_COUNTRIES_TTL_MS, GEO_BLOCKED_MESSAGE } from '../modules/geo/guard';
import { blockCountry, unblockCountry } from '../modules/geo/service';
import { client, CONFIRMED, PASSWORD, randomIp, uniqueEmail } from './accounts';
import { newInvoice, paidEvent } from './deposits';
import { createTestApp } from './helpers';

const SANDBOX_SECRET = 'a-sandbox-payment-secret-of-32-chars!';
const clock = manualClock();
const guarded: string[] = [];
/** Behind one proxy on loopback (TRUST_PROXY=127.0.0.1), like the other server tests. */
const { app, db } = await createTestApp({
  clock,
  crash: {},
  env: { SANDBOX_PAYMENT_SECRET: SANDBOX_SECRET },
  prepare: (instance) =>
    instance.addHook('onRoute', (route) => {
      if (!route.config?.geoGuard) return;
      for (const method of [route.method].flat())
        if (method !== 'HEAD') guarded.push(`${method} ${route.url}`);
    }),
});
await seedDatabase(db); // payment methods, cases
/** With TRUST_PROXY unset: the default, trusting nobody. */
const { app: direct } = await createTestApp({ env: { TRUST_PROXY: undefined } });

const signUp = (target = app, headers: Record<string, string> = {}) =>
  target.inject({
    method: 'POST',
    url: '/api/v2/auth/register/email',
    headers,
    payload: { email: uniqueEmail('sec'), password: PASSWORD, ...CONFIRMED },
  });

describe('spoofed X-Forwarded-For', () => {
  const limit = RULES.register.max;

  it('does not move the sign-up limit of a client that connects directly (TRUST_PROXY unset)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      statuses.push((await signUp(direct, { 'x-forwarded-for': randomIp() })).statusCode);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(200));
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));
  });

  it('does not move it behind a trusted proxy either: only the address the proxy appends counts', async () => {
    const real = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      // The client makes up the first entry; the proxy on loopback appends the address it saw.
      const response = await signUp(app, { 'x-forwarded-for': `${randomIp()}, ${real}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(200));
    expect(statuses.slice(limit)).toEqual(Array(5).fill(429));
    // Another real client behind the same proxy is not affected.
    expect((await signUp(app, { 'x-forwarded-for': `${real}, ${randomIp()}` })).statusCode).toBe(200);
  });
});

describe('a blocked country', () => {
  const BY = { 'cf-ipcountry': 'BY' };
  const from = (headers: Record<string, string>) => ({
    post: (url: string, body?: unknown, token?: string) =>
      client(app).request('POST', url, { body, token, headers }),
    put: (url: string, body?: unknown, token?: string) =>
      client(app).request('PUT', url, { body, token, headers }),
  });
  const expect451 = (response: LightMyRequestResponse, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(451);
    expect(response.json(), what).toEqual({ message: GEO_BLOCKED_MESSAGE });
  };

  it('opts in every call that creates an account, logs in, moves money or bets, and no webhook', () => {
    expect(new Set(guarded)).toEqual(
      new Set([
        'POST /api/v2/auth/register/email',
        'POST /api/v2/auth/register/phone',
        'POST /api/v2/auth/login/email/password',
        'POST /api/v2/auth/login/phone/password',
        'POST /api/v2/auth/login/email/verification',
        'POST /api/v2/auth/login/phone/verification',
        'POST /api/v2/auth/login/email/resend',
        'POST /api/v2/auth/login/phone/code/resend',
        'POST /api/v2/auth/login/email/code',
        'POST /api/v2/auth/login/phone/code',
        'PUT /auth/login',
        'GET /auth/social/:provider/callback',
        'POST /sandbox/social/:provider',
        'POST /vip/rakeback/claim',
        'POST /vip/rewards/:id/claim',
        'POST /tournaments/:id/join',
        'POST /api/v2/billing/payment',
        'POST /api/v2/billing/payout',
        'POST /crash/bet',
        'POST /crash/cashout',
        'POST /rooms/:room/stake',
        'POST /sports/bets',
        'POST /sports/bets/:id/cashout',
        'POST /bonus-system/bonus-activation',
        'PUT /bonus-system/bonus-activation/cancel/:id',
        'PUT /api/v2/freeSpinsCampaigns/cancel/:id',
        'POST /sandbox/wallet/debit',
        'POST /dice/bet',
        'POST /coinflip/bet',
        'POST /keno/bet',
        'POST /roulette/bet',
        'POST /cases/:slug/open',
        'POST /casino/launch',
        'POST /miner/start',
        'POST /miner/:id/reveal',
        'POST /miner/:id/cashout',
        'POST /hilo/start',
        'POST /hilo/:id/guess',
        'POST /hilo/:id/cashout',
      ]),
    );
    expect(guarded.some((route) => route.includes('webhooks'))).toBe(false);
  });

  it('gets 451 on sign-up, log-in, deposit and bet, is let through again once unblocked', async () => {
    const player = await newPlayer(app, db, 1_000);
    const email = uniqueEmail('by');
    const registered = await client(app).post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(registered.statusCode).toBe(200);
    const social = await client(app).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
      ...CONFIRMED,
    });
    const socialUrl = new URL(social.json().url);
    const pendingInvoice = await newInvoice(app, player.token, 1_000);
    const dice = () => ({ amount: 10, target: 50, direction: 'over', idempotency_key: key() });

    // The guard has read the (empty) list; a block takes effect within BLOCKED_COUNTRIES_TTL_MS.
    expect((await from(BY).post('/dice/bet', dice(), player.token)).statusCode).toBe(200);
    await blockCountry(db, 'BY', 'licence');
    expect((await from(BY).post('/dice/bet', dice(), player.token)).statusCode).toBe(200);
    clock.advance(BLOCKED_COUNTRIES_TTL_MS);

    const balance = await cashBalance(app, player.token);
    const by = from(BY);
    expect451(
      await by.post('/api/v2/auth/register/email', {
        email: uniqueEmail(),
        password: PASSWORD,
        ...CONFIRMED,
      }),
      'sign-up',
    );
    expect451(await by.post('/api/v2/auth/login/email/password', { email, password: PASSWORD }), 'log-in');
    expect451(await by.post('/api/v2/auth/login/email/verification', { email }), 'code send');
    expect451(await by.put('/auth/login', { provider: 'google', origin: 'http://localhost:3000' }), 'social');
    const callback = await app.inject({
      method: 'POST',
      url: socialUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...BY },
      payload: new URLSearchParams({
        state: socialUrl.searchParams.get('state') ?? '',
        identity: 'alice',
      }).toString(),
    });
    expect451(callback, 'social callback');
    expect451(
      await by.post(
        '/api/v2/billing/payment',
        { method: 'sandbox-card-rub', amount: 1_000, idempotency_key: key() },
        player.token,
      ),
      'deposit',
    );
    expect451(
      await by.post('/bonus-system/bonus-activation', { promo: 'WELCOME100' }, player.token),
      'bonus',
    );
    expect451(await by.post('/dice/bet', dice(), player.token), 'bet');
    expect451(await by.post('/cases/starter/open', { idempotency_key: key() }, player.token), 'case');
    expect451(
      await by.post('/miner/start', { amount: 10, mines: 3, idempotency_key: key() }, player.token),
      'miner',
    );
    // Every other guarded call too, whatever its body: the guard answers before validation and auth.
    for (const route of guarded) {
      const [method, url] = route.split(' ');
      const response = await app.inject({
        method: method as 'POST' | 'PUT',
        url: url.replace(':id', '1').replace(':slug', 'starter').replace(':provider', 'google'),
        headers: BY,
        payload: {},
      });
      expect451(response, route);
    }
    // Nothing happened: no account, no bet, no invoice, the same balance.
    expect(await cashBalance(app, player.token)).toBe(balance);
    const [{ bets }] = await db
      .select({ bets: count() })
      .from(gameBets)
      .where(eq(gameBets.userId, player.id));
    expect(bets).toBe(2);
    // Other countries and the payment provider are not affected: the pending deposit is credited.
    expect((await from({ 'cf-ipcountry': 'KZ' }).post('/dice/bet', dice(), player.token)).statusCode).toBe(
      200,
    );
    const beforeWebhook = await cashBalance(app, player.token);
    const event = JSON.stringify(paidEvent(pendingInvoice));
    const paid = await app.inject({
      method: 'POST',
      url: '/billing/webhooks/sandbox',
      headers: {
        ...BY,
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(Buffer.from(SANDBOX_SECRET), event),
      },
      payload: event,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'credited' });
    expect(await cashBalance(app, player.token)).toBeCloseTo(beforeWebhook + 1_000, 2);

    await unblockCountry(db, 'BY');
    clock.advance(BLOCKED_COUNTRIES_TTL_MS);
    expect((await signUp(app, { ...BY, 'x-forwarded-for': randomIp() })).statusCode).toBe(200);
    expect(
      (await by.post('/api/v2/auth/login/email/password', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
    const deposit = await by.post(
      '/api/v2/billing/payment',
      { method: 'sandbox-card-rub', amount: 1_000, idempotency_key: key() },
      player.token,
    );
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect((await by.post('/dice/bet', dice(), player.token)).statusCode).toBe(200);
  });
});

describe('bad money amounts', () => {
  /** Raw JSON text of the amount, so that what the server parses is exactly this. */
  const BAD: [raw: string, what: string][] = [
    ['1e15', 'beyond MAX_AMOUNT'],
    [String(MAX_AMOUNT + 0.01), 'just beyond MAX_AMOUNT'],
    ['9007199254740993', 'beyond the exact integers of a double'],
    ['-1', 'negative'],
    ['0', 'zero'],
    ['0.001', 'three decimals'],
    ['"1"', 'a string'],
    ['null', 'null (what JSON.stringify makes of NaN)'],
    ['1e999', 'Infinity'],
    ['-1e999', '-Infinity'],
    ['[10]', 'an array'],
  ];
  const CALLS: { url: string; field: string; body: (amount: string) => string }[] = [
    {
      url: '/dice/bet',
      field: 'amount',
      body: (a) => `{"amount":${a},"target":50,"direction":"over","idempotency_key":"${key()}"}`,
    },
    {
      url: '/coinflip/bet',
      field: 'amount',
      body: (a) => `{"amount":${a},"side":"heads","idempotency_key":"${key()}"}`,
    },
    {
      url: '/keno/bet',
      field: 'amount',
      body: (a) => `{"amount":${a},"picks":[1,2,3],"risk":"low","idempotency_key":"${key()}"}`,
    },
    {
      url: '/roulette/bet',
      field: 'chips.0.amount',
      body: (a) => `{"chips":[{"type":"red","amount":${a}}],"idempotency_key":"${key()}"}`,
    },
    {
      url: '/miner/start',
      field: 'amount',
      body: (a) => `{"amount":${a},"mines":3,"idempotency_key":"${key()}"}`,
    },
    { url: '/hilo/start', field: 'amount', body: (a) => `{"amount":${a},"idempotency_key":"${key()}"}` },
    {
      url: '/api/v2/billing/payment',
      field: 'amount',
      body: (a) => `{"method":"sandbox-card-rub","amount":${a},"idempotency_key":"${key()}"}`,
    },
    {
      url: '/sandbox/wallet/debit',
      field: 'amount',
      body: (a) => `{"amount":${a},"idempotency_key":"${key()}"}`,
    },
  ];

  it('are a 422 on the amount field for every call taking money, and change nothing', async () => {
    const player = await newPlayer(app, db, 0);
    await fund(db, player.id, 'RUB', 10_000);
    const before = await cashBalance(app, player.token);
    for (const call of CALLS) {
      for (const [raw, what] of BAD) {
        const response = await app.inject({
          method: 'POST',
          url: call.url,
          headers: {
            authorization: `Bearer ${player.token}`,
            'content-type': 'application/json',
            'x-forwarded-for': randomIp(),
          },
          payload: call.body(raw),
        });
        const label = `${call.url} ${what}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
        const reply = response.json();
        expect(reply, label).toEqual({
          message: expect.any(String),
          errors: { [call.field]: [expect.any(String)] },
        });
        expect(reply.errors[call.field][0], label).toMatch(/^(required|invalid|too_small|too_big): /);
      }
    }
    // The 500 of the issue: 1e15 on a dice bet.
    const dice = await client(app).post(
      '/dice/bet',
      { amount: 1e15, target: 50, direction: 'over', idempotency_key: key() },
      player.token,
    );
    expect(dice.statusCode).toBe(422);
    expect(dice.json().errors.amount).toEqual([expect.stringMatching(/^too_big: /)]);
    // A JavaScript client's NaN and Infinity go out as null.
    for (const amount of [NaN, Infinity]) {
      const response = await client(app).post(
        '/api/v2/billing/payment',
        { method: 'sandbox-card-rub', amount, idempotency_key: key() },
        player.token,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ amount: ['required: The amount field is required.'] });
    }
    // A bare NaN is not JSON at all: the body cannot be read, a 422 on the body in the spec's format.
    const notJson = await app.inject({
      method: 'POST',
      url: '/dice/bet',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      payload: `{"amount":NaN,"target":50,"direction":"over","idempotency_key":"${key()}"}`,
    });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json()).toEqual({
      message: expect.any(String),
      errors: { body: ['invalid_json: The request body is not valid JSON.'] },
    });

    expect(await cashBalance(app, player.token)).toBe(before);
    const [{ bets }] = await db
      .select({ bets: count() })
      .from(gameBets)
      .where(eq(gameBets.userId, player.id));
    const [{ created }] = await db
      .select({ created: count() })
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, player.id));
    expect([bets, created]).toEqual([0, 0]);
  });
});

describe('security headers', () => {
  const expectApiHeaders = (response: LightMyRequestResponse, what: string) => {
    const h = response.headers;
    expect(h['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
    expect(h['x-content-type-options'], what).toBe('nosniff');
    expect(h['referrer-policy'], what).toBe('no-referrer');
    expect(h['x-frame-options'], what).toBe('DENY');
    expect(h['content-security-policy'], what).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none'",
    );
  };

  it('are on every answer of the JSON API: 200, 401, 404, 422, 451, preflight', async () => {
    const player = await newPlayer(app, db, 100);
    const answers: [string, Promise<LightMyRequestResponse>][] = [
      ['200', app.inject({ method: 'GET', url: '/health' })],
      ['401', app.inject({ method: 'GET', url: '/profile/user' })],
      ['404', app.inject({ method: 'GET', url: '/no/such/call' })],
      ['422', client(app).post('/dice/bet', { amount: -1 }, player.token)],
      [
        'preflight',
        app.inject({
          method: 'OPTIONS',
          url: '/dice/bet',
          headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
        }),
      ],
    ];
    await blockCountry(db, 'AF', 'headers test');
    clock.advance(BLOCKED_COUNTRIES_TTL_MS);
    answers.push([
      '451',
      client(app).request('POST', '/dice/bet', { headers: { 'cf-ipcountry': 'AF' }, body: {} }),
    ]);
    for (const [what, pending] of answers) {
      const response = await pending;
      expect(String(response.statusCode).slice(0, 3), what).toBe(what === 'preflight' ? '204' : what);
      expectApiHeaders(response, what);
    }
    await unblockCountry(db, 'AF');
  });

  /** The nonces of the page's script elements, and whether the CSP allows exactly those. */
  function scriptsAllowed(response: LightMyRequestResponse): { scripts: number; allowed: boolean } {
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/) ?? [];
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)];
    const allowed = scripts.every(([, attributes]) => {
      const nonce = /\bnonce="([^"]+)"/.exec(attributes)?.[1];
      return nonce !== undefined && scriptSrc.includes(`'nonce-${nonce}'`);
    });
    return { scripts: scripts.length, allowed };
  }

  it('give the sandbox social pages their own policy: they render, their script runs, the opener stays', async () => {
    const start = await client(app).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
      ...CONFIRMED,
    });
    const url = new URL(start.json().url);
    const chooser = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(chooser.statusCode).toBe(200);
    expect(chooser.body).toContain('Continue as');
    expect(chooser.headers['content-security-policy']).toContain("script-src 'none'");
    expect(scriptsAllowed(chooser)).toEqual({ scripts: 0, allowed: true });
    expect(chooser.headers['cross-origin-opener-policy']).toBeUndefined();

    const done = await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: url.searchParams.get('state') ?? '',
        identity: 'alice',
      }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('window.opener.postMessage');
    expect(scriptsAllowed(done)).toEqual({ scripts: 1, allowed: true });
    expect(done.headers['cross-origin-opener-policy']).toBeUndefined();
    for (const page of [chooser, done]) {
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.headers['strict-transport-security']).toBeDefined();
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('give the sandbox invoice page its own policy: it renders and its form posts to the API', async () => {
    const player = await newPlayer(app, db);
    const invoice = await newInvoice(app, player.token, 1_000);
    const page = await app.inject({ method: 'GET', url: `/sandbox/invoices/${invoice.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/sandbox/invoices/${invoice.id}/pay"`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'unsafe-inline'");
    expect(scriptsAllowed(page)).toEqual({ scripts: 0, allowed: true });
    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/invoices/${invoice.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
  });
});
