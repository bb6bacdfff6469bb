import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signInAtOidcProvider, startOidcProvider } from '../../../scripts/oidc-dev-provider.mjs';
import { socialIdentities, socialLoginFlows, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { client, CONFIRMED, profile, signUpByEmail, uniqueEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { sendJson, startFakeServer } from '../../test/http-fake';
import { loadConfig } from '../../config';
import { checkTelegramLogin, telegramHash, TELEGRAM_AUTH_MAX_AGE_S } from './telegram-login';

const API = 'http://api.test';
const oidc = await startOidcProvider({
  redirectUris: ['google', 'yandex', 'vk'].map((p) => `${API}/auth/social/${p}/callback`),
  accounts: {
    unverified: { name: 'Not Verified', email: 'unverified@oidc.example', email_verified: false },
  },
});
afterAll(() => oidc.close());

/** Yandex ID's user-info call in its own format (`Authorization: OAuth`), answered from the provider's. */
const yandexInfo = await startFakeServer(async (request, response) => {
  const token = /^OAuth (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const answer = await fetch(`${oidc.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
  const claims = (await answer.json()) as Record<string, unknown>;
  sendJson(
    response,
    answer.status,
    answer.ok
      ? { id: claims.sub, login: claims.sub, default_email: claims.email, real_name: claims.name }
      : claims,
  );
});
afterAll(() => yandexInfo.close());

const BOT_TOKEN = '123456:TEST-bot-token_for-hmac';
const clock = manualClock();
const { app, db } = await createTestApp({
  clock,
  env: {
    API_PUBLIC_URL: API,
    GOOGLE_CLIENT_ID: 'aurum-test',
    GOOGLE_CLIENT_SECRET: 'aurum-test-secret',
    GOOGLE_ISSUER: oidc.issuer,
    YANDEX_CLIENT_ID: 'aurum-test',
    YANDEX_CLIENT_SECRET: 'aurum-test-secret',
    YANDEX_AUTHORIZATION_URL: `${oidc.issuer}/auth`,
    YANDEX_TOKEN_URL: `${oidc.issuer}/token`,
    YANDEX_USERINFO_URL: `${yandexInfo.url}/info`,
    // The local provider speaks OpenID Connect only: it wants the openid scope.
    YANDEX_SCOPE: 'openid email profile',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'aurum_test_bot',
  },
});

type Provider = 'google' | 'yandex' | 'telegram' | 'vk';

/** `PUT /auth/login`, then the popup's first stop: the start address, its cookie and where it leads. */
async function begin(provider: Provider = 'google', body: Record<string, unknown> = {}) {
  const put = await client(app).put('/auth/login', {
    provider,
    origin: 'http://localhost:3000',
    ...CONFIRMED,
    ...body,
  });
  expect(put.statusCode, put.body).toBe(200);
  const startUrl = new URL(put.json().url);
  const started = await app.inject({ method: 'GET', url: startUrl.pathname + startUrl.search });
  const cookie = String(started.headers['set-cookie'] ?? '').split(';')[0];
  return { startUrl, started, cookie, state: startUrl.searchParams.get('state') ?? '' };
}

const callback = (url: URL | string, cookie?: string) => {
  const parsed = new URL(url, API);
  return app.inject({
    method: 'GET',
    url: parsed.pathname + parsed.search,
    headers: cookie ? { cookie } : {},
  });
};

function messageOf(body: string): { type: string; token: string; is_new: boolean } {
  const match = /var message = (\{.*?\});/.exec(body);
  if (!match) throw new Error(`no message on the page: ${body.slice(0, 400)}`);
  return JSON.parse(match[1]);
}

/** A whole log-in through the local provider as `login`; answers the callback's response. */
async function signIn(login: string, provider: Provider = 'google', body: Record<string, unknown> = {}) {
  const { started, cookie } = await begin(provider, body);
  expect(started.statusCode, started.body).toBe(302);
  const back = await signInAtOidcProvider(String(started.headers.location), login);
  return callback(back, cookie);
}

describe('a real OpenID Connect provider (Google through a local oidc-provider)', () => {
  it('answers our start address, which sends the popup to the provider with PKCE, state and nonce', async () => {
    const { startUrl, started, cookie, state } = await begin();
    expect(startUrl.origin + startUrl.pathname).toBe(`${API}/auth/social/google/start`);
    expect(state).toMatch(/^[\w-]{43}$/);
    expect(started.statusCode).toBe(302);
    expect(cookie).toBe(`social_flow_google=${state}`);
    expect(String(started.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    // No opener policy on the way: it would cut the popup off from the web app waiting for its message.
    expect(started.headers['cross-origin-opener-policy']).toBeUndefined();
    const location = new URL(String(started.headers.location));
    expect(location.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'aurum-test',
      response_type: 'code',
      redirect_uri: `${API}/auth/social/google/callback`,
      scope: 'openid email profile',
      state,
      code_challenge_method: 'S256',
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    // The state is stored only as its hash.
    const rows = await db.select().from(socialLoginFlows);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    // The start address works once.
    const again = await app.inject({ method: 'GET', url: startUrl.pathname + startUrl.search });
    expect(again.statusCode).toBe(400);
  });

  it('signs a new player up through the provider and posts our session token to the opener', async () => {
    const login = `new${Date.now()}`;
    const done = await signIn(login, 'google', { currency: 'EUR' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('var targetOrigin = "http://localhost:3000";');
    const message = messageOf(done.body);
    expect(message).toEqual({ type: 'social-login', token: expect.any(String), is_new: true });
    const user = (await profile(app, message.token)).json().user;
    expect(user).toMatchObject({
      name: `OIDC ${login}`,
      email: `${login}@oidc.example`,
      is_email_verified: true,
      register_method: 'google',
      currency: 'EUR',
    });
    // The same account again: signed in, not new.
    const again = messageOf((await signIn(login)).body);
    expect(again.is_new).toBe(false);
    expect((await profile(app, again.token)).json().user.id).toBe(user.id);
  });

  it('links the provider account to an existing player with the same verified e-mail', async () => {
    const login = `linked${Date.now()}`;
    // The local provider gives `<name>@oidc.example`: a player with exactly that address, verified.
    const mine = await signUpByEmail(app, { email: `${login}@oidc.example` });
    const mineId = (await profile(app, mine.token)).json().user.id;
    await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, mineId));

    const done = await signIn(login, 'google', { age_confirmed: false, terms_accepted: false });
    expect(done.statusCode, done.body).toBe(200);
    const message = messageOf(done.body);
    expect(message.is_new).toBe(false);
    expect((await profile(app, message.token)).json().user.id).toBe(mineId);
    const linked = await db.select().from(socialIdentities).where(eq(socialIdentities.subject, login));
    expect(linked).toMatchObject([{ provider: 'google', userId: mineId }]);
  });

  it('does not link to an account whose e-mail is not verified, nor when the provider does not vouch', async () => {
    const login = `plain${Date.now()}`;
    const unverifiedHere = await signUpByEmail(app, { email: `${login}@oidc.example` });
    const hereId = (await profile(app, unverifiedHere.token)).json().user.id;
    const done = await signIn(login);
    const message = messageOf(done.body);
    expect(message.is_new).toBe(true);
    const user = (await profile(app, message.token)).json().user;
    expect(user.id).not.toBe(hereId);
    expect(user.email).toBeNull();

    const verified = await signUpByEmail(app, { email: 'unverified@oidc.example' });
    const verifiedId = (await profile(app, verified.token)).json().user.id;
    await db.update(users).set({ isEmailVerified: true }).where(eq(users.id, verifiedId));
    const other = messageOf((await signIn('unverified')).body);
    expect(other.is_new).toBe(true);
    expect((await profile(app, other.token)).json().user.id).not.toBe(verifiedId);
  });

  it('refuses a replayed callback, a forged state and a callback without the browser cookie', async () => {
    const { started, cookie } = await begin();
    const back = await signInAtOidcProvider(String(started.headers.location), `replay${Date.now()}`);
    expect((await callback(back)).statusCode).toBe(400); // no cookie: refused, the flow stays
    const first = await callback(back, cookie);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await callback(back, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('invalid or has expired');
    expect(replay.body).not.toContain('postMessage');

    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect((await callback(forged, `social_flow_google=${'x'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('refuses an ID token with another nonce', async () => {
    const { started, cookie } = await begin();
    const location = new URL(String(started.headers.location));
    location.searchParams.set('nonce', 'a-nonce-this-flow-never-made-0123456789abcd');
    const back = await signInAtOidcProvider(location.href, `nonce${Date.now()}`);
    const done = await callback(back, cookie);
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain('could not be confirmed');
    expect(done.body).not.toContain('postMessage');
  });

  it('refuses a flow that expired at the provider', async () => {
    const { started, cookie } = await begin();
    const back = await signInAtOidcProvider(String(started.headers.location), `slow${Date.now()}`);
    clock.advance(10 * 60_000 + 1_000);
    try {
      expect((await callback(back, cookie)).statusCode).toBe(400);
    } finally {
      clock.set(new Date());
    }
  });

  it('refuses a flow the player cancelled at the provider', async () => {
    const { started, cookie } = await begin();
    const back = await signInAtOidcProvider(String(started.headers.location), null);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const done = await callback(back, cookie);
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain('cancelled at the provider');
  });

  it('an identity without an account and without the sign-up boxes gets the 422 page, nothing created', async () => {
    const login = `unconfirmed${Date.now()}`;
    const done = await signIn(login, 'google', { age_confirmed: false, terms_accepted: false });
    expect(done.statusCode).toBe(422);
    expect(done.body).toContain('confirm that you are 18 or older');
    expect(await db.select().from(socialIdentities).where(eq(socialIdentities.subject, login))).toEqual([]);
  });
});

describe('an OAuth 2 provider at configured endpoints (Yandex ID format)', () => {
  it('signs in with PKCE and state, reading the person from the Yandex-format user-info call', async () => {
    const { started } = await begin('yandex');
    const location = new URL(String(started.headers.location));
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.has('nonce')).toBe(false);

    const login = `ya${Date.now()}`;
    const done = await signIn(login, 'yandex');
    expect(done.statusCode, done.body).toBe(200);
    const message = messageOf(done.body);
    expect(message.is_new).toBe(true);
    expect((await profile(app, message.token)).json().user).toMatchObject({
      name: `OIDC ${login}`,
      email: `${login}@oidc.example`,
      register_method: 'yandex',
    });
  });
});

describe('Telegram Login', () => {
  const payload = (fields: Record<string, string>) => ({ ...fields, hash: telegramHash(fields, BOT_TOKEN) });
  const nowS = () => String(Math.floor(clock().getTime() / 1000));

  it('checks the hash with SHA-256 of the bot token and the freshness of auth_date', () => {
    const fields = { id: '4242', first_name: 'Ерлан', username: 'erlan', auth_date: nowS() };
    const valid = checkTelegramLogin(payload(fields), BOT_TOKEN, clock());
    expect(valid).toEqual({
      ok: true,
      identity: { subject: '4242', name: 'Ерлан', email: null, emailVerified: false },
    });
    expect(checkTelegramLogin({ ...payload(fields), first_name: 'Mallory' }, BOT_TOKEN, clock())).toEqual({
      ok: false,
      reason: 'bad_hash',
    });
    expect(checkTelegramLogin(payload(fields), '999:another-bot', clock()).ok).toBe(false);
    const stale = { ...fields, auth_date: String(Number(nowS()) - TELEGRAM_AUTH_MAX_AGE_S - 1) };
    expect(checkTelegramLogin(payload(stale), BOT_TOKEN, clock())).toEqual({ ok: false, reason: 'stale' });
    expect(checkTelegramLogin({ id: '1', auth_date: nowS() }, BOT_TOKEN, clock())).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('shows the widget in the popup and signs in from its signed redirect; tampered or stale refused', async () => {
    const { started, cookie } = await begin('telegram');
    expect(started.statusCode).toBe(200);
    expect(started.body).toContain('data-telegram-login="aurum_test_bot"');
    expect(started.body).toContain(`data-auth-url="${API}/auth/social/telegram/callback"`);
    expect(started.headers['content-security-policy']).toContain('script-src https://telegram.org');

    const id = String(Date.now());
    const fields = { id, first_name: 'Tele', last_name: 'Gram', auth_date: nowS() };
    const tampered = new URLSearchParams({ ...payload(fields), id: '1' });
    expect((await callback(`/auth/social/telegram/callback?${tampered}`, cookie)).statusCode).toBe(400);

    // The tampered try used the flow up: a new one.
    const second = await begin('telegram');
    const stale = { ...fields, auth_date: String(Number(nowS()) - TELEGRAM_AUTH_MAX_AGE_S - 60) };
    const staleQuery = new URLSearchParams(payload(stale));
    expect((await callback(`/auth/social/telegram/callback?${staleQuery}`, second.cookie)).statusCode).toBe(
      400,
    );

    const third = await begin('telegram');
    const good = new URLSearchParams(payload(fields));
    expect((await callback(`/auth/social/telegram/callback?${good}`)).statusCode).toBe(400); // no cookie
    const done = await callback(`/auth/social/telegram/callback?${good}`, third.cookie);
    expect(done.statusCode, done.body).toBe(200);
    const message = messageOf(done.body);
    expect(message.is_new).toBe(true);
    expect((await profile(app, message.token)).json().user).toMatchObject({
      name: 'Tele Gram',
      email: null,
      register_method: 'telegram',
    });
  });
});

describe('configuration', () => {
  it('keeps the sandbox for an unconfigured provider outside production', async () => {
    const put = await client(app).put('/auth/login', { provider: 'vk', origin: 'http://localhost:3000' });
    expect(new URL(put.json().url).pathname).toBe('/sandbox/social/vk');
  });

  it('in production: only configured providers; the others answer 422 provider unavailable', async () => {
    const { app: production } = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        API_PUBLIC_URL: API,
        GOOGLE_CLIENT_ID: 'aurum-test',
        GOOGLE_CLIENT_SECRET: 'aurum-test-secret',
        GOOGLE_ISSUER: oidc.issuer,
      },
    });
    const google = await client(production).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
    });
    expect(new URL(google.json().url).pathname).toBe('/auth/social/google/start');
    const vk = await client(production).put('/auth/login', {
      provider: 'vk',
      origin: 'http://localhost:3000',
    });
    expect(vk.statusCode).toBe(422);
    expect(vk.json().errors).toEqual({
      provider: ['unavailable: Log-in with this provider is not available.'],
    });
    const { token } = await signUpByEmail(production, { email: uniqueEmail() });
    expect((await profile(production, token)).json().features.social_login).toBe(true);
  });

  it('refuses half a provider and a provider without a callback address', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(load({ GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/);
    expect(load({ VK_CLIENT_ID: 'x', VK_CLIENT_SECRET: 'y' })).toThrow(/VK_REDIRECT_URI or API_PUBLIC_URL/);
    expect(load({ TELEGRAM_BOT_TOKEN: 'nope', TELEGRAM_BOT_USERNAME: 'bot', API_PUBLIC_URL: API })).toThrow(
      /TELEGRAM_BOT_TOKEN/,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      VK_CLIENT_ID: 'x',
      VK_CLIENT_SECRET: 'y',
      VK_REDIRECT_URI: 'https://api.example/auth/social/vk/callback',
    });
    expect(config.social.vk).toMatchObject({
      kind: 'oauth',
      issuer: null,
      endpoints: { authorization: 'https://id.vk.com/authorize', token: 'https://id.vk.com/oauth2/auth' },
    });
  });
});
