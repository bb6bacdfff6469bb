import { describe, expect, it, vi } from 'vitest';
import { client, CONFIRMED, PASSWORD, signUpByEmail, uniqueEmail, uniquePhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { hcaptchaVerifier, type CaptchaVerifier } from './captcha';

const verify = vi.fn<CaptchaVerifier['verify']>(async (token) => token === 'good-token');
const { app } = await createTestApp({ env: { HCAPTCHA_SECRET: 'test-secret' }, captcha: { verify } });
const { app: withoutCaptcha } = await createTestApp();

const REQUIRED = {
  message: 'The h-captcha-response field is required.',
  errors: { 'h-captcha-response': ['The h-captcha-response field is required.'] },
};

describe('hCaptcha, when HCAPTCHA_SECRET is set', () => {
  const calls: [string, () => Record<string, unknown>][] = [
    ['/api/v2/auth/register/email', () => ({ email: uniqueEmail(), password: PASSWORD, ...CONFIRMED })],
    ['/api/v2/auth/register/phone', () => ({ phone: uniquePhone(), password: PASSWORD, ...CONFIRMED })],
    ['/api/v2/auth/login/email/password', () => ({ email: uniqueEmail(), password: PASSWORD })],
    ['/api/v2/auth/login/phone/password', () => ({ phone: uniquePhone(), password: PASSWORD })],
    ['/api/v2/auth/login/email/verification', () => ({ email: uniqueEmail() })],
    ['/api/v2/auth/login/phone/verification', () => ({ phone: uniquePhone() })],
    ['/api/v2/auth/password/email/forgot', () => ({ email: uniqueEmail() })],
    ['/api/v2/auth/password/phone/forgot', () => ({ phone: uniquePhone() })],
  ];

  it('requires h-captcha-response on registration, log-in, send-code and forgot calls, with the exact Laravel text', async () => {
    for (const [url, body] of calls) {
      for (const captcha of [undefined, '', null]) {
        const response = await client(app).post(url, { ...body(), 'h-captcha-response': captcha });
        expect(response.statusCode, url).toBe(422);
        expect(response.json()).toEqual(REQUIRED);
      }
    }
  });

  it('passes a token the verifier accepts, with the client IP', async () => {
    verify.mockClear();
    const email = uniqueEmail();
    const c = client(app);
    const response = await c.post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
      'h-captcha-response': 'good-token',
    });
    expect(response.statusCode).toBe(200);
    expect(verify).toHaveBeenCalledWith('good-token', c.ip, expect.anything());
    const login = await client(app).post('/api/v2/auth/login/email/password', {
      email,
      password: PASSWORD,
      'h-captcha-response': 'good-token',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a token the verifier rejects, and creates nothing', async () => {
    const email = uniqueEmail();
    const response = await client(app).post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
      'h-captcha-response': 'bot',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'h-captcha-response': ['captcha_invalid: The captcha was not accepted. Please try again.'],
    });
    const login = await client(app).post('/api/v2/auth/login/email/password', {
      email,
      password: PASSWORD,
      'h-captcha-response': 'good-token',
    });
    expect(login.statusCode).toBe(422);
  });

  it('answers 503 when hCaptcha cannot be asked', async () => {
    verify.mockRejectedValueOnce(new Error('network down'));
    const response = await client(app).post('/api/v2/auth/password/email/forgot', {
      email: uniqueEmail(),
      'h-captcha-response': 'good-token',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The captcha could not be verified. Please try again later.',
    });
  });

  it('does not ask for it on code log-in, resends or logged-in calls', async () => {
    const { email } = await signUpByEmail(app, { extra: { 'h-captcha-response': 'good-token' } });
    const response = await client(app).post('/api/v2/auth/login/email/code', { email, code: '123456' });
    expect(response.json().errors).not.toHaveProperty('h-captcha-response');
  });
});

describe('hCaptcha, when HCAPTCHA_SECRET is unset', () => {
  it('is not required', async () => {
    const response = await client(withoutCaptcha).post('/api/v2/auth/register/email', {
      email: uniqueEmail(),
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('hcaptchaVerifier', () => {
  it("posts the secret, the token, the IP and the site key to hCaptcha's siteverify by default", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ success: true }));
    const verifier = hcaptchaVerifier({ secret: 's3cret', sitekey: 'site-key', fetchImpl });
    expect(await verifier.verify('tok', '203.0.113.9')).toBe(true);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('https://api.hcaptcha.com/siteverify');
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      secret: 's3cret',
      response: 'tok',
      remoteip: '203.0.113.9',
      sitekey: 'site-key',
    });
  });

  it('reads success false as rejected, logging its error codes, and an HTTP failure as an error', async () => {
    const warn = vi.fn();
    const refusing = hcaptchaVerifier({
      secret: 's',
      sitekey: null,
      fetchImpl: async () => Response.json({ success: false, 'error-codes': ['sitekey-secret-mismatch'] }),
    });
    expect(await refusing.verify('t', '1.2.3.4', { warn })).toBe(false);
    expect(warn).toHaveBeenCalledWith({ errorCodes: ['sitekey-secret-mismatch'] }, expect.any(String));
    await expect(
      hcaptchaVerifier({
        secret: 's',
        sitekey: null,
        fetchImpl: async () => new Response('', { status: 500 }),
      }).verify('t', '1.2.3.4'),
    ).rejects.toThrow(/500/);
  });
});
