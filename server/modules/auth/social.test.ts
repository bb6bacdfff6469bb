import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bonusActivations, socialIdentities, users } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, CONFIRMED, profile, signInBySocial, signUpByEmail, uniqueEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const clock = manualClock();
const { app, db } = await createTestApp({ clock });
await seedDatabase(db);
const { app: configured } = await createTestApp({ env: { API_PUBLIC_URL: 'https://api.aurum.example/' } });

/** Starts a flow from the sign-up dialog (both boxes ticked) unless `body` says otherwise. */
async function start(body: Record<string, unknown>) {
  return client(app).put('/auth/login', {
    provider: 'google',
    origin: 'http://localhost:3000',
    ...CONFIRMED,
    ...body,
  });
}

async function stateUrl(body: Record<string, unknown> = {}) {
  const response = await start(body);
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().url);
}

const post = (path: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('PUT /auth/login', () => {
  it('answers the sandbox provider URL with a signed state', async () => {
    const response = await start({ provider: 'telegram', currency: 'KZT', promo: 'welcome100' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe('http://localhost');
    expect(url.pathname).toBe('/sandbox/social/telegram');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('builds the URL from the forwarded host behind a trusted proxy, or from API_PUBLIC_URL', async () => {
    const proxied = await client(app).request('PUT', '/auth/login', {
      body: { provider: 'google', origin: 'http://localhost:3000' },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.casino.example' },
    });
    expect(proxied.json().url).toMatch(/^https:\/\/api\.casino\.example\/sandbox\/social\/google\?state=/);

    const response = await client(configured).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
    });
    expect(response.json().url).toMatch(/^https:\/\/api\.aurum\.example\/sandbox\/social\/google\?state=/);
  });

  it('refuses an origin outside WEB_ORIGINS and bad input with 422', async () => {
    const evil = await start({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(422);
    expect(evil.json().errors).toEqual({ origin: ['not_allowed: The origin is not allowed.'] });

    const lookalike = await start({ origin: 'http://localhost:3000.evil.example' });
    expect(lookalike.statusCode).toBe(422);

    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'facebook' }, 'provider'],
      [{ origin: 'not a url' }, 'origin'],
      [{ currency: 'GBP' }, 'currency'],
      [{ promo: 'x'.repeat(65) }, 'promo'],
      [{ age_confirmed: 'yes' }, 'age_confirmed'],
      [{ terms_accepted: 1 }, 'terms_accepted'],
    ];
    for (const [body, field] of cases) {
      const response = await start(body);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
  it('refuses a promo code that does not apply with 422 promo invalid', async () => {
    for (const body of [{ promo: 'NOPE' }, { promo: 'KZSTART', currency: 'KZT' }, { promo: 'KZSTART' }]) {
      const response = await start(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toEqual({ promo: ['invalid: The promo code is invalid.'] });
    }
    const kz = await client(app).request('PUT', '/auth/login', {
      body: { provider: 'google', origin: 'http://localhost:3000', promo: 'KZSTART', currency: 'KZT' },
      headers: { 'cf-ipcountry': 'KZ' },
    });
    expect(kz.statusCode).toBe(200);
  });
});

describe('the sandbox provider page', () => {
  it('lists the test identities and a custom form, as an accessible HTML page', async () => {
    const url = await stateUrl();
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<h1>Sign in with Google</h1>');
    for (const name of ['Alice Sandbox', 'Борис Тестов', 'Айгерим Сынақ']) expect(page.body).toContain(name);
    expect(page.body.match(/name="identity"/g)).toHaveLength(3);
    expect(page.body).toContain('<label for="name">Name</label>');
    expect(page.body).toContain('<label for="email">');
    expect(page.body).toContain(`value="${url.searchParams.get('state')}"`);
  });

  it('refuses a missing, forged, expired or other-provider state', async () => {
    const url = await stateUrl();
    const state = url.searchParams.get('state') ?? '';
    const bad = [
      '/sandbox/social/google',
      '/sandbox/social/google?state=garbage',
      `/sandbox/social/google?state=${state.slice(0, -2)}xx`,
      `/sandbox/social/vk?state=${state}`,
    ];
    for (const path of bad) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(400);
      expect(response.body).toContain('invalid or has expired');
    }
    expect(
      (await app.inject({ method: 'GET', url: `/sandbox/social/facebook?state=${state}` })).statusCode,
    ).toBe(422);

    clock.advance(10 * 60_000 + 1_000);
    expect((await app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(400);
    expect((await post(url.pathname, { state, identity: 'alice' })).statusCode).toBe(400);
  });

  it('completes: posts { type, token, is_new } to the opener at the validated origin; new once, then known', async () => {
    const url = await stateUrl({
      provider: 'vk',
      origin: 'http://127.0.0.1:3000/ru/vip-club?x=1',
      currency: 'EUR',
      promo: 'WELCOME100',
      partner: 'p1',
      adplace: 'a1',
      stag: 's1',
    });
    const done = await post(url.pathname, { state: url.searchParams.get('state') ?? '', identity: 'boris' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    const nonce = /<script nonce="([^"]+)">/.exec(done.body)?.[1];
    expect(nonce).toBeDefined();
    expect(done.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    expect(done.body).toContain('var targetOrigin = "http://127.0.0.1:3000";');
    expect(done.body).toContain('window.opener.postMessage(message, targetOrigin);');
    expect(done.body).toContain('window.close();');
    const message = JSON.parse(/var message = (\{.*?\});/.exec(done.body)?.[1] ?? 'null');
    expect(message).toEqual({ type: 'social-login', token: expect.any(String), is_new: true });

    const user = (await profile(app, message.token)).json().user;
    expect(user).toMatchObject({
      name: 'Борис Тестов',
      email: 'boris@sandbox.example',
      is_email_verified: true,
      register_method: 'vk',
      currency: 'EUR',
      is_password_exists: false,
    });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ promo: 'WELCOME100', partner: 'p1', adplace: 'a1', stag: 's1' });
    // The promo code started a waiting bonus with the account.
    const activations = await db.select().from(bonusActivations).where(eq(bonusActivations.userId, user.id));
    expect(activations).toMatchObject([{ source: 'promo', status: 'waiting', currency: 'EUR' }]);

    const again = await signInBySocial(app, { provider: 'vk', identity: 'boris' });
    expect(again.isNew).toBe(false);
    expect((await profile(app, again.token)).json().user.id).toBe(user.id);

    // The same person at another provider is another account.
    const google = await signInBySocial(app, { provider: 'google', identity: 'boris' });
    expect(google.isNew).toBe(true);
  });

  it('takes a custom identity, validating it on the page', async () => {
    const url = await stateUrl();
    const state = url.searchParams.get('state') ?? '';
    const invalid = await post(url.pathname, { state, name: '', email: 'not-an-email' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('role="alert"');
    expect(invalid.body).toContain('aria-invalid="true" aria-describedby="name-error"');
    expect(invalid.body).toContain('Enter a name.');
    expect(invalid.body).toContain('Enter a valid e-mail address, or leave it empty.');
    expect(invalid.body).toContain('value="not-an-email"');

    const email = uniqueEmail();
    const first = await signInBySocial(app, { custom: { name: 'Custom Person', email } });
    expect(first.isNew).toBe(true);
    expect((await profile(app, first.token)).json().user).toMatchObject({
      name: 'Custom Person',
      email,
      register_method: 'google',
    });
    expect((await signInBySocial(app, { custom: { name: 'Other Name', email } })).isNew).toBe(false);
  });

  it('does not take over an account whose e-mail the identity carries: the new account has no e-mail', async () => {
    const { email } = await signUpByEmail(app);
    const social = await signInBySocial(app, { provider: 'telegram', custom: { name: 'Copycat', email } });
    expect(social.isNew).toBe(true);
    expect((await profile(app, social.token)).json().user).toMatchObject({
      email: null,
      register_method: 'telegram',
    });
  });

  it('escapes what it renders', async () => {
    const url = await stateUrl();
    const response = await post(url.pathname, {
      state: url.searchParams.get('state') ?? '',
      name: '',
      email: '"><script>alert(1)</script>',
    });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses an unknown identity and a form without state', async () => {
    const url = await stateUrl();
    expect(
      (await post(url.pathname, { state: url.searchParams.get('state') ?? '', identity: 'mallory' }))
        .statusCode,
    ).toBe(400);
    expect((await post(url.pathname, { identity: 'alice' })).statusCode).toBe(400);
  });
});

describe('the sign-up confirmations through the flow (issue 15)', () => {
  const rowOf = async (token: string) => {
    const { id } = (await profile(app, token)).json().user;
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  };
  const identitiesOf = async (subject: string) =>
    db.select().from(socialIdentities).where(eq(socialIdentities.subject, subject));

  async function complete(startBody: Record<string, unknown>, name: string) {
    const url = await stateUrl(startBody);
    return post(url.pathname, { state: url.searchParams.get('state') ?? '', name, email: '' });
  }

  it('a new account made through a provider stores when both were given', async () => {
    clock.advance(60_000);
    const at = clock(); // the manual clock stands still
    const name = `Consent ${uniqueEmail()}`;
    const { token, isNew } = await signInBySocial(app, { custom: { name } });
    expect(isNew).toBe(true);
    const row = await rowOf(token);
    expect(row.ageConfirmedAt).toEqual(at);
    expect(row.termsAcceptedAt).toEqual(at);
  });

  it('an identity without an account is not registered without both: 422 on the page, nothing created', async () => {
    const before = (await db.select().from(users)).length;
    const cases: Record<string, unknown>[] = [
      { age_confirmed: undefined, terms_accepted: undefined },
      { age_confirmed: false, terms_accepted: false },
      { age_confirmed: true, terms_accepted: false },
      { age_confirmed: false, terms_accepted: true },
      { age_confirmed: null, terms_accepted: true },
    ];
    for (const body of cases) {
      const name = `Unconfirmed ${uniqueEmail()}`;
      const page = await complete(body, name);
      expect(page.statusCode, JSON.stringify(body)).toBe(422);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('role="alert"');
      expect(page.body).toContain('confirm that you are 18 or older, accept the terms and conditions');
      expect(page.body).not.toContain('postMessage');
      expect(await identitiesOf(`custom:${name.toLowerCase()}`)).toEqual([]);
    }
    expect((await db.select().from(users)).length).toBe(before);
  });

  it('a log-in of an account the identity already has needs neither, and keeps the stored times', async () => {
    clock.advance(60_000);
    const at = clock();
    const name = `Returning ${uniqueEmail()}`;
    const first = await signInBySocial(app, { custom: { name } });
    expect(first.isNew).toBe(true);
    const created = await rowOf(first.token);

    clock.advance(3 * 86_400_000);
    for (const body of [
      { age_confirmed: undefined, terms_accepted: undefined },
      { age_confirmed: false, terms_accepted: false },
    ]) {
      const again = await signInBySocial(app, { custom: { name }, start: body });
      expect(again.isNew).toBe(false);
      const row = await rowOf(again.token);
      expect(row.id).toBe(created.id);
      expect(row.ageConfirmedAt).toEqual(at);
      expect(row.termsAcceptedAt).toEqual(at);
    }
    expect(await identitiesOf(`custom:${name.toLowerCase()}`)).toHaveLength(1);
  });
});

describe('in production', async () => {
  const { app: production } = await createTestApp({
    env: { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' },
  });

  it('has no sandbox provider: PUT /auth/login answers 422 provider unavailable and /sandbox is absent', async () => {
    const response = await client(production).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      provider: ['unavailable: Log-in with this provider is not available.'],
    });
    expect(
      (await production.inject({ method: 'GET', url: '/sandbox/social/google?state=x' })).statusCode,
    ).toBe(404);
  });

  it('reports social log-in as unavailable in the profile features', async () => {
    const { token } = await signUpByEmail(production);
    expect((await profile(production, token)).json().features).toEqual({
      social_login: false,
      sms_login: true,
    });
  });
});
