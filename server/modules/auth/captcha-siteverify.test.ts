/**
 * The real hcaptchaVerifier, built by the app from HCAPTCHA_SECRET, HCAPTCHA_SITEKEY and
 * HCAPTCHA_VERIFY_URL, against a local server speaking hCaptcha's siteverify protocol
 * (server/test/fake-hcaptcha.ts): what a player's call gets for each of siteverify's answers.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { client, CONFIRMED, PASSWORD, uniqueEmail } from '../../test/accounts';
import { startFakeHcaptcha } from '../../test/fake-hcaptcha';
import { createTestApp } from '../../test/helpers';

const SECRET = '0x0000000000000000000000000000000000000001';
const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';

const siteverify = await startFakeHcaptcha({ secret: SECRET });
afterAll(() => siteverify.close());

const { app } = await createTestApp({
  env: { HCAPTCHA_SECRET: SECRET, HCAPTCHA_SITEKEY: SITE_KEY, HCAPTCHA_VERIFY_URL: siteverify.url },
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const register = (token: string, ip?: string) =>
  client(app, ip).post('/api/v2/auth/register/email', {
    email: uniqueEmail(),
    password: PASSWORD,
    ...CONFIRMED,
    'h-captcha-response': token,
  });

const REFUSED = {
  'h-captcha-response': ['captcha_invalid: The captcha was not accepted. Please try again.'],
};

describe("hCaptcha's siteverify, asked by the real verifier", () => {
  it('accepts a token issued for this site key, posting the secret, the token, the IP and the site key as a form', async () => {
    const token = siteverify.issue(SITE_KEY);
    const player = client(app);
    const response = await player.post('/api/v2/auth/register/email', {
      email: uniqueEmail(),
      password: PASSWORD,
      ...CONFIRMED,
      'h-captcha-response': token,
    });
    expect(response.statusCode).toBe(200);
    const call = siteverify.calls.at(-1)!;
    expect(call.contentType).toBe('application/x-www-form-urlencoded');
    expect(call.form).toEqual({ secret: SECRET, response: token, remoteip: player.ip, sitekey: SITE_KEY });
  });

  it('refuses a token siteverify does not know, and one already used (a token is good for one call)', async () => {
    const unknown = await register('P1_made-up');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual(REFUSED);

    const token = siteverify.issue(SITE_KEY);
    expect((await register(token)).statusCode).toBe(200);
    const again = await register(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(REFUSED);
  });

  it('refuses a token issued for another site key', async () => {
    const response = await register(siteverify.issue('20000000-ffff-ffff-ffff-000000000002'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(REFUSED);
  });

  it('answers 503 when siteverify answers 5xx, and accepts again once it recovers', async () => {
    for (const status of [500, 502, 503]) {
      siteverify.state.failNext = 1;
      siteverify.state.failStatus = status;
      const response = await register(siteverify.issue(SITE_KEY));
      expect(response.statusCode, String(status)).toBe(503);
      expect(response.json()).toEqual({
        message: 'The captcha could not be verified. Please try again later.',
      });
    }
    expect((await register(siteverify.issue(SITE_KEY))).statusCode).toBe(200);
  });

  it('refuses every token when the secret is wrong (siteverify says invalid-input-secret)', async () => {
    const { app: misconfigured } = await createTestApp({
      env: { HCAPTCHA_SECRET: '0xwrong', HCAPTCHA_SITEKEY: SITE_KEY, HCAPTCHA_VERIFY_URL: siteverify.url },
    });
    const response = await client(misconfigured).post('/api/v2/auth/password/email/forgot', {
      email: uniqueEmail(),
      'h-captcha-response': siteverify.issue(SITE_KEY),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(REFUSED);
  });

  it('answers 503 when siteverify cannot be reached', async () => {
    const { app: cutOff } = await createTestApp({
      env: {
        HCAPTCHA_SECRET: SECRET,
        HCAPTCHA_SITEKEY: SITE_KEY,
        HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${await closedPort()}/siteverify`,
      },
    });
    const response = await client(cutOff).post('/api/v2/auth/login/email/verification', {
      email: uniqueEmail(),
      'h-captcha-response': siteverify.issue(SITE_KEY),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The captcha could not be verified. Please try again later.',
    });
  });
});
