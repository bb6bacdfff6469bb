import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { client, PASSWORD, profile, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const clock = manualClock();
const { app } = await createTestApp({ clock });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const refresh = (token?: string) => client(app).post('/auth/refresh-token', undefined, token);
const status = async (token: string) => (await profile(app, token)).statusCode;

async function login(email: string): Promise<string> {
  const response = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

describe('access tokens', () => {
  it('are HS256 JWTs with sub, fid, jti and a 15-minute expiry', async () => {
    const { token } = await signUpByEmail(app);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload).toEqual({
      sub: expect.stringMatching(/^\d+$/),
      fid: expect.any(String),
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: payload.iat + 15 * 60,
    });
  });

  it('authenticated calls answer 401 without a token, with a bad or foreign one, and once it expires', async () => {
    const { token } = await signUpByEmail(app);
    const [header, payload] = token.split('.');
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('some other secret of 32 characters!!'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    for (const bad of ['', 'garbage', `${header}.${payload}.bad-signature`, forged, unsigned]) {
      const response = await app.inject({
        method: 'GET',
        url: '/profile/user',
        headers: bad ? { authorization: `Bearer ${bad}` } : {},
      });
      expect(response.statusCode, bad.slice(0, 20)).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect(await status(token)).toBe(200);
    clock.advance(15 * MINUTE);
    expect(await status(token)).toBe(401);
  });
});

describe('POST /auth/refresh-token', () => {
  it('trades the latest token for a new one, exactly once; reuse revokes the whole family', async () => {
    const { token: first } = await signUpByEmail(app);
    const refreshed = await refresh(first);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ access_token: expect.any(String) });
    const second = refreshed.json().access_token;
    expect(second).not.toBe(first);
    expect(await status(second)).toBe(200);

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Unauthenticated.' });
    // The family is revoked: neither token works any more, and the newer one cannot be refreshed either.
    expect(await status(first)).toBe(401);
    expect(await status(second)).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('refreshes an expired token inside the 30-day window of its family', async () => {
    const { token } = await signUpByEmail(app);
    clock.advance(20 * MINUTE);
    expect(await status(token)).toBe(401);
    const refreshed = await refresh(token);
    expect(refreshed.statusCode).toBe(200);
    expect(await status(refreshed.json().access_token)).toBe(200);

    // Keep refreshing for almost 30 days: the window counts from log-in, not from the last refresh.
    let current = refreshed.json().access_token as string;
    clock.advance(29 * DAY);
    const late = await refresh(current);
    expect(late.statusCode).toBe(200);
    current = late.json().access_token;
    clock.advance(DAY);
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('refuses a token outside the window', async () => {
    const { token } = await signUpByEmail(app);
    clock.advance(30 * DAY + MINUTE);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps other sessions of the user alive when one family is revoked for reuse', async () => {
    const { email, token: web } = await signUpByEmail(app);
    const phoneApp = await login(email);
    await refresh(web);
    await refresh(web); // reuse: the web family dies
    expect(await status(web)).toBe(401);
    expect(await status(phoneApp)).toBe(200);
  });
});

describe("the profile's fresh_token", () => {
  it('is a new token of the same session that can be refreshed; the token it came from then counts as reused', async () => {
    const { token } = await signUpByEmail(app);
    clock.advance(MINUTE);
    const fresh = (await profile(app, token)).json().fresh_token as string;
    expect(fresh).not.toBe(token);
    expect(await status(fresh)).toBe(200);

    const refreshed = await refresh(fresh);
    expect(refreshed.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    expect(await status(refreshed.json().access_token)).toBe(401);
  });

  it('is null for a superseded token, which thus never obtains the refresh right of its family', async () => {
    const { token: older } = await signUpByEmail(app);
    const refreshed = await refresh(older);
    expect(refreshed.statusCode).toBe(200);
    const current = refreshed.json().access_token as string;

    // The older token still authenticates until it expires, but its profile call hands out nothing.
    const reply = await profile(app, older);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().fresh_token).toBeNull();
    // The session stays the holder of the current token's: it refreshes as before.
    const next = await refresh(current);
    expect(next.statusCode).toBe(200);
    expect(await status(next.json().access_token)).toBe(200);
  });

  it("carries the presented token's own refresh right, never a later one", async () => {
    const { token } = await signUpByEmail(app);
    const fresh = (await profile(app, token)).json().fresh_token as string;
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    expect(claims(fresh)).toMatchObject({ jti: claims(token).jti, fid: claims(token).fid });
  });

  it('does not break a client that ignores it: the original token still refreshes', async () => {
    const { token } = await signUpByEmail(app);
    await profile(app, token);
    await profile(app, token);
    expect((await refresh(token)).statusCode).toBe(200);
  });
});

describe('PUT /auth/logout', () => {
  it('revokes the session: its token and refresh stop working; other sessions stay', async () => {
    const { email, token } = await signUpByEmail(app);
    const other = await login(email);
    const response = await client(app).put('/auth/logout', undefined, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await status(token)).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await client(app).put('/auth/logout', undefined, token)).statusCode).toBe(401);
    expect(await status(other)).toBe(200);
  });

  it('needs a token', async () => {
    expect((await client(app).put('/auth/logout')).statusCode).toBe(401);
  });
});
