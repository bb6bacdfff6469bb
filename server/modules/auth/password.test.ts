import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import {
  client,
  outbox,
  PASSWORD,
  profile,
  signInBySocial,
  signUpByEmail,
  signUpByPhone,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const clock = manualClock();
const { app } = await createTestApp({ clock, env: { WEB_PUBLIC_URL: 'https://casino.example' } });

const NEW_PASSWORD = 'brand new secret 2';
const CODE_SENT = { success: true, resend_after: 60, expires_in: 600 };
const INVALID_CODE = { code: ['invalid: The code is incorrect or has expired. Request a new code.'] };
const INVALID_TOKEN = { token: ['invalid: The password reset link is invalid or has expired.'] };

const loginStatus = async (email: string, password: string) =>
  (await client(app).post('/api/v2/auth/login/email/password', { email, password })).statusCode;

async function forgot(email: string, language = 'en-US') {
  const response = await client(app).request('POST', '/api/v2/auth/password/email/forgot', {
    body: { email },
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(CODE_SENT);
  const [message] = await outbox(app, email);
  return message;
}

const linkToken = (link: string | null) => (link ?? '').split('/').at(-1) ?? '';

describe('password restore by e-mail', () => {
  it('answers forgot the same for unknown and known e-mails, and sends only to a known one', async () => {
    const unknown = uniqueEmail();
    const response = await client(app).post('/api/v2/auth/password/email/forgot', { email: unknown });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CODE_SENT);
    expect(await outbox(app, unknown)).toEqual([]);

    const { email } = await signUpByEmail(app);
    const message = await forgot(email, 'en-US');
    expect(message).toMatchObject({ template: 'password_reset', channel: 'email', locale: 'en' });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.link).toMatch(/^https:\/\/casino\.example\/en\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(message.body).toContain(message.code);
    expect(message.body).toContain(message.link);

    // Inside the cooldown: the same success, nothing sent (a 429 would tell that the account exists).
    const again = await client(app).post('/api/v2/auth/password/email/forgot', { email });
    expect(again.statusCode).toBe(200);
    expect((await outbox(app, email)).filter((m) => m.template === 'password_reset')).toHaveLength(1);
  });

  it('code → reset_token → new password; the old password and every session stop working', async () => {
    const { email, token } = await signUpByEmail(app);
    const { code } = await forgot(email);
    const confirmed = await client(app).post('/api/v2/auth/password/email/code/confirm', { email, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, data: { reset_token: expect.any(String) } });
    const resetToken = confirmed.json().data.reset_token;

    const reset = await client(app).post('/api/v2/auth/password/email/reset/token', {
      token: resetToken,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    expect(await loginStatus(email, PASSWORD)).toBe(422);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect((await profile(app, token)).statusCode).toBe(401);

    const twice = await client(app).post('/api/v2/auth/password/email/reset/token', {
      token: resetToken,
      password: PASSWORD,
      password_confirm: PASSWORD,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual(INVALID_TOKEN);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a wrong code and an unknown e-mail with the same 422', async () => {
    const { email } = await signUpByEmail(app);
    const { code } = await forgot(email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await client(app).post('/api/v2/auth/password/email/code/confirm', {
      email,
      code: wrongCode,
    });
    const unknown = await client(app).post('/api/v2/auth/password/email/code/confirm', {
      email: uniqueEmail(),
      code,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual(INVALID_CODE);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('checks the link token, trades it for a reset token once, and the link then stops working', async () => {
    const { email } = await signUpByEmail(app);
    const token = linkToken((await forgot(email)).link);
    const check = await client(app).post('/api/v2/auth/password/email/token/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ success: true });

    const traded = await client(app).post('/api/v2/auth/password/email/token/confirm', { token });
    expect(traded.statusCode).toBe(200);
    expect(traded.json()).toEqual({ success: true, data: { reset_token: expect.any(String) } });
    expect(traded.json().data.reset_token).not.toBe(token);

    expect((await client(app).post('/api/v2/auth/password/email/token/check', { token })).statusCode).toBe(
      422,
    );
    expect(
      (await client(app).post('/api/v2/auth/password/email/token/confirm', { token })).json().errors,
    ).toEqual(INVALID_TOKEN);

    const reset = await client(app).post('/api/v2/auth/password/email/reset/token', {
      token: traded.json().data.reset_token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('resets straight from the link token too', async () => {
    const { email } = await signUpByEmail(app);
    const token = linkToken((await forgot(email)).link);
    const reset = await client(app).post('/api/v2/auth/password/email/reset/token', {
      token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses expired link (60 min) and reset tokens (30 min)', async () => {
    const { email } = await signUpByEmail(app);
    const message = await forgot(email);
    const link = linkToken(message.link);
    const confirmed = await client(app).post('/api/v2/auth/password/email/code/confirm', {
      email,
      code: message.code,
    });
    const resetToken = confirmed.json().data.reset_token;

    clock.advance(30 * 60_000 + 1);
    const expired = await client(app).post('/api/v2/auth/password/email/reset/token', {
      token: resetToken,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual(INVALID_TOKEN);
    expect(
      (await client(app).post('/api/v2/auth/password/email/token/check', { token: link })).statusCode,
    ).toBe(200);

    clock.advance(30 * 60_000);
    expect(
      (await client(app).post('/api/v2/auth/password/email/token/check', { token: link })).statusCode,
    ).toBe(422);
    expect(await loginStatus(email, PASSWORD)).toBe(200);
  });

  it('resets with the e-mailed code directly; a mismatch changes nothing and leaves the code usable', async () => {
    const { email } = await signUpByEmail(app);
    const { code } = await forgot(email);
    const mismatch = await client(app).post('/api/v2/auth/password/email/reset/code', {
      email,
      code,
      password: NEW_PASSWORD,
      password_confirm: 'something else',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirm: ['mismatch: The password confirmation does not match.'],
    });
    expect(await loginStatus(email, PASSWORD)).toBe(200);

    const reset = await client(app).post('/api/v2/auth/password/email/reset/code', {
      email,
      code,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('answers malformed restore input with 422 per field', async () => {
    const cases: [string, unknown, Record<string, string[]>][] = [
      ['/api/v2/auth/password/email/forgot', {}, { email: ['required: The email field is required.'] }],
      [
        '/api/v2/auth/password/email/token/check',
        { token: 'short' },
        { token: ['too_short: The token field must be at least 16 characters.'] },
      ],
      [
        '/api/v2/auth/password/email/token/confirm',
        { token: 'x'.repeat(513) },
        { token: ['too_long: The token field must not be longer than 512 characters.'] },
      ],
      [
        '/api/v2/auth/password/email/reset/token',
        { token: 'x'.repeat(43), password: 'short' },
        {
          password: ['too_short: The password field must be at least 8 characters.'],
          password_confirm: ['required: The password confirm field is required.'],
        },
      ],
      ['/api/v2/auth/password/email/token/check', { token: 'x'.repeat(43) }, INVALID_TOKEN],
    ];
    for (const [url, body, errors] of cases) {
      const response = await client(app).post(url, body);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
  });
});

describe('password restore by phone', () => {
  it('SMS code → reset token → check for that phone → new password', async () => {
    const { phone, token } = await signUpByPhone(app);
    const forgot = await client(app).post('/api/v2/auth/password/phone/forgot', { phone });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual(CODE_SENT);
    const [message] = await outbox(app, phone);
    expect(message).toMatchObject({ template: 'password_reset', channel: 'sms', link: null });

    const confirmed = await client(app).post('/api/v2/auth/password/phone/code/confirm', {
      phone,
      code: message.code,
    });
    expect(confirmed.statusCode).toBe(200);
    const resetToken = confirmed.json().data.reset_token;

    expect(
      (await client(app).post('/api/v2/auth/password/phone/token/check', { phone, token: resetToken }))
        .statusCode,
    ).toBe(200);
    const otherPhone = await client(app).post('/api/v2/auth/password/phone/token/check', {
      phone: uniquePhone(),
      token: resetToken,
    });
    expect(otherPhone.statusCode).toBe(422);
    expect(otherPhone.json().errors).toEqual(INVALID_TOKEN);

    const reset = await client(app).post('/api/v2/auth/password/phone/reset', {
      phone,
      token: resetToken,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await profile(app, token)).statusCode).toBe(401);
    const login = await client(app).post('/api/v2/auth/login/phone/password', {
      phone,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not take e-mail restore tokens, nor unknown phones', async () => {
    const { email } = await signUpByEmail(app);
    const token = linkToken((await forgot(email)).link);
    const response = await client(app).post('/api/v2/auth/password/phone/token/check', {
      phone: uniquePhone(),
      token,
    });
    expect(response.statusCode).toBe(422);
    const unknown = await client(app).post('/api/v2/auth/password/phone/forgot', { phone: uniquePhone() });
    expect(unknown.json()).toEqual(CODE_SENT);
    const confirm = await client(app).post('/api/v2/auth/password/phone/code/confirm', {
      phone: uniquePhone(),
      code: '123456',
    });
    expect(confirm.json().errors).toEqual(INVALID_CODE);
  });
});

describe('POST /api/v2/auth/password/set', () => {
  it('gives a password to an account without one, once', async () => {
    const email = uniqueEmail();
    const { token } = await signInBySocial(app, { custom: { name: 'No Password', email } });
    expect((await profile(app, token)).json().user.is_password_exists).toBe(false);

    const mismatch = await client(app).post(
      '/api/v2/auth/password/set',
      { password: NEW_PASSWORD, confirm_password: 'other one' },
      token,
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      confirm_password: ['mismatch: The password confirmation does not match.'],
    });

    const set = await client(app).post(
      '/api/v2/auth/password/set',
      { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      token,
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true });
    expect((await profile(app, token)).json().user.is_password_exists).toBe(true);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);

    const again = await client(app).post(
      '/api/v2/auth/password/set',
      { password: PASSWORD, confirm_password: PASSWORD },
      token,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      password: ['already_set: The account already has a password. Change it instead.'],
    });
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('needs a token and a valid password', async () => {
    expect(
      (
        await client(app).post('/api/v2/auth/password/set', {
          password: NEW_PASSWORD,
          confirm_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
    const { token } = await signInBySocial(app, { identity: 'aigerim' });
    const short = await client(app).post(
      '/api/v2/auth/password/set',
      { password: 'short', confirm_password: 'short' },
      token,
    );
    expect(short.json().errors).toEqual({
      password: ['too_short: The password field must be at least 8 characters.'],
    });
  });
});

describe('POST /password/update', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const { email, token } = await signUpByEmail(app);
    const other = (
      await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD })
    ).json().token;
    const response = await client(app).post(
      '/password/update',
      { old_password: PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await profile(app, token)).statusCode).toBe(200);
    expect((await profile(app, other)).statusCode).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(422);
  });

  it('answers a wrong current password and a mismatch per field, and changes nothing', async () => {
    const { email, token } = await signUpByEmail(app);
    const wrongOld = await client(app).post(
      '/password/update',
      { old_password: 'not it at all', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      token,
    );
    expect(wrongOld.statusCode).toBe(422);
    expect(wrongOld.json().errors).toEqual({ old_password: ['invalid: The current password is incorrect.'] });

    const mismatch = await client(app).post(
      '/password/update',
      { old_password: PASSWORD, password: NEW_PASSWORD, password_confirm: 'different' },
      token,
    );
    expect(mismatch.json().errors).toEqual({
      password_confirm: ['mismatch: The password confirmation does not match.'],
    });

    const both = await client(app).post(
      '/password/update',
      { old_password: 'nope nope', password: NEW_PASSWORD, password_confirm: 'different' },
      token,
    );
    expect(Object.keys(both.json().errors).sort()).toEqual(['old_password', 'password_confirm']);

    const missing = await client(app).post('/password/update', {}, token);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'old_password',
      'password',
      'password_confirm',
    ]);
    expect(await loginStatus(email, PASSWORD)).toBe(200);
  });
});
