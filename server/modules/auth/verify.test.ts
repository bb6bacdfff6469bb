import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { client, latestCode, outbox, profile, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const clock = manualClock();
const { app } = await createTestApp({ clock });

describe('verification of the account’s own address (logged in)', () => {
  it('verifies the e-mail with the code sign-up sent', async () => {
    const { email, token } = await signUpByEmail(app);
    const code = await latestCode(app, email, 'verify_code');
    const response = await client(app).post('/api/v2/auth/email/verify/code', { code }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await profile(app, token)).json().user.is_email_verified).toBe(true);

    const again = await client(app).post('/api/v2/auth/email/verify/code', { code }, token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      email: ['already_verified: The e-mail address is already verified.'],
    });
    const resend = await client(app).post('/api/v2/auth/email/resend', {}, token);
    expect(resend.json().errors).toEqual({
      email: ['already_verified: The e-mail address is already verified.'],
    });
  });

  it('verifies the phone with a resent code after the cooldown', async () => {
    const { phone, token } = await signUpByPhone(app);
    const early = await client(app).post('/api/v2/auth/phone/resend', undefined, token);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');

    clock.advance(60_000);
    const resent = await client(app).post('/api/v2/auth/phone/resend', undefined, token);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, resend_after: 60, expires_in: 600 });
    expect((await outbox(app, phone)).filter((m) => m.template === 'verify_code')).toHaveLength(2);

    const code = await latestCode(app, phone, 'verify_code');
    expect((await client(app).post('/api/v2/auth/phone/verify/code', { code }, token)).statusCode).toBe(200);
    expect((await profile(app, token)).json().user.is_phone_verified).toBe(true);
  });

  it('refuses wrong and expired codes, and an address the account does not have', async () => {
    const { email, token } = await signUpByEmail(app);
    const code = await latestCode(app, email, 'verify_code');
    const wrong = await client(app).post(
      '/api/v2/auth/email/verify/code',
      { code: code === '999999' ? '000000' : '999999' },
      token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/^invalid: /);

    clock.advance(11 * 60_000);
    const expired = await client(app).post('/api/v2/auth/email/verify/code', { code }, token);
    expect(expired.json().errors).toEqual({ code: ['expired: The code has expired. Request a new code.'] });
    expect((await profile(app, token)).json().user.is_email_verified).toBe(false);

    const noPhone = await client(app).post('/api/v2/auth/phone/resend', undefined, token);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().errors).toEqual({ phone: ['missing: The account has no phone number.'] });
  });

  it("does not accept another account's code", async () => {
    const a = await signUpByEmail(app);
    const b = await signUpByEmail(app);
    const codeOfA = await latestCode(app, a.email, 'verify_code');
    const response = await client(app).post('/api/v2/auth/email/verify/code', { code: codeOfA }, b.token);
    expect(response.statusCode).toBe(422);
    expect((await profile(app, a.token)).json().user.is_email_verified).toBe(false);
  });

  it('needs a token and a well-formed code', async () => {
    expect((await client(app).post('/api/v2/auth/email/verify/code', { code: '123456' })).statusCode).toBe(
      401,
    );
    expect((await client(app).post('/api/v2/auth/email/resend')).statusCode).toBe(401);
    const { token } = await signUpByEmail(app);
    const bad = await client(app).post('/api/v2/auth/email/verify/code', { code: '12 34' }, token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ code: ['invalid_format: The code field format is invalid.'] });
  });
});

describe('POST /auth/send_login_data', () => {
  it('sends the login (never a password) to the account’s own e-mail, or by SMS to its phone', async () => {
    const { email, password, token } = await signUpByEmail(app);
    const response = await client(app).request('POST', '/auth/send_login_data', {
      token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [message] = await outbox(app, email);
    expect(message).toMatchObject({ template: 'login_data', channel: 'email', code: null, locale: 'en' });
    expect(message.body).toContain(email);
    expect(message.body).not.toContain(password);

    const byPhone = await signUpByPhone(app);
    expect((await client(app).post('/auth/send_login_data', undefined, byPhone.token)).statusCode).toBe(200);
    const [sms] = await outbox(app, byPhone.phone);
    expect(sms).toMatchObject({ template: 'login_data', channel: 'sms' });
    expect(sms.body).toContain(byPhone.phone);
  });

  it('needs a token', async () => {
    expect((await client(app).post('/auth/send_login_data')).statusCode).toBe(401);
  });
});
