import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import {
  client,
  latestCode,
  outbox,
  PASSWORD,
  profile,
  signUpByEmail,
  signUpByPhone,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const clock = manualClock();
const { app } = await createTestApp({ clock });

const BAD_CREDENTIALS = {
  message: 'These credentials do not match our records.',
  errors: { email: ['invalid_credentials: These credentials do not match our records.'] },
};

describe('POST /api/v2/auth/login/{email|phone}/password', () => {
  it('logs in with the right password and opens a new session', async () => {
    const { email, token: signUpToken } = await signUpByEmail(app);
    const response = await client(app).post('/api/v2/auth/login/email/password', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, token: expect.any(String), sso: null });
    expect(response.json().token).not.toBe(signUpToken);
    expect((await profile(app, response.json().token)).json().user.email).toBe(email);
  });

  it('answers a wrong password and an unknown e-mail with the same 422', async () => {
    const { email } = await signUpByEmail(app);
    const wrong = await client(app).post('/api/v2/auth/login/email/password', {
      email,
      password: 'wrong password',
    });
    const unknown = await client(app).post('/api/v2/auth/login/email/password', {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(BAD_CREDENTIALS);
    expect(unknown.json()).toEqual(BAD_CREDENTIALS);
  });

  it('logs in by phone, with or without ?type=sms, and refuses other types', async () => {
    const { phone } = await signUpByPhone(app);
    for (const query of ['', '?type=sms']) {
      const response = await client(app).post(`/api/v2/auth/login/phone/password${query}`, {
        phone,
        password: PASSWORD,
      });
      expect(response.statusCode, query).toBe(200);
    }
    const wrongType = await client(app).post('/api/v2/auth/login/phone/password?type=voice', {
      phone,
      password: PASSWORD,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ type: ['invalid: The selected type is invalid.'] });
    const wrong = await client(app).post('/api/v2/auth/login/phone/password', {
      phone,
      password: 'nope-nope',
    });
    expect(wrong.json().errors).toEqual({
      phone: ['invalid_credentials: These credentials do not match our records.'],
    });
  });

  it('answers missing and oversize fields with 422', async () => {
    const missing = await client(app).post('/api/v2/auth/login/email/password', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      email: ['required: The email field is required.'],
      password: ['required: The password field is required.'],
    });
    const oversize = await client(app).post('/api/v2/auth/login/email/password', {
      email: uniqueEmail(),
      password: 'p'.repeat(129),
    });
    expect(oversize.json().errors).toEqual({
      password: ['too_long: The password field must not be longer than 128 characters.'],
    });
  });

  it('answers the 6th attempt within a minute for one address with 429, retry-after and { message }', async () => {
    const { email } = await signUpByEmail(app);
    const attacker = client(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await attacker.post('/api/v2/auth/login/email/password', {
        email,
        password: `wrong ${attempt}`,
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(422);
    }
    const sixth = await attacker.post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(sixth.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });

    // Another address from the same IP, and the same address from another IP, are not blocked.
    const other = await signUpByEmail(app);
    expect(
      (await attacker.post('/api/v2/auth/login/email/password', { email: other.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(
      (await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD })).statusCode,
    ).toBe(200);

    // A minute later the address may try again.
    clock.advance(61_000);
    expect(
      (await attacker.post('/api/v2/auth/login/email/password', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('log-in by one-time code', () => {
  it('sends a code to a registered e-mail and logs in with it; the e-mail counts as verified', async () => {
    const { email } = await signUpByEmail(app);
    const sent = await client(app).post('/api/v2/auth/login/email/verification', { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, resend_after: 60, expires_in: 600 });
    const code = await latestCode(app, email, 'login_code');

    const login = await client(app).post('/api/v2/auth/login/email/code', { email, code });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ success: true, token: expect.any(String), sso: null });
    expect((await profile(app, login.json().token)).json().user.is_email_verified).toBe(true);

    // A code works once.
    const again = await client(app).post('/api/v2/auth/login/email/code', { email, code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      code: ['not_requested: There is no valid code for this address. Request a new code.'],
    });
  });

  it('sends a code by SMS (type=sms) and logs in by phone', async () => {
    const { phone } = await signUpByPhone(app);
    const sent = await client(app).post('/api/v2/auth/login/phone/verification?type=sms', { phone });
    expect(sent.statusCode).toBe(200);
    const [message] = await outbox(app, phone);
    expect(message).toMatchObject({ channel: 'sms', template: 'login_code' });
    const login = await client(app).post('/api/v2/auth/login/phone/code?type=sms', {
      phone,
      code: message.code,
    });
    expect(login.statusCode).toBe(200);
    expect((await profile(app, login.json().token)).json().user.is_phone_verified).toBe(true);
  });

  it('never creates users: an unknown address gets 422 not_registered on send and on log-in', async () => {
    const email = uniqueEmail();
    const send = await client(app).post('/api/v2/auth/login/email/verification', { email });
    expect(send.statusCode).toBe(422);
    expect(send.json().errors).toEqual({ email: ['not_registered: No account uses this e-mail address.'] });
    const login = await client(app).post('/api/v2/auth/login/email/code', { email, code: '123456' });
    expect(login.json().errors).toEqual({ email: ['not_registered: No account uses this e-mail address.'] });
    const phone = await client(app).post('/api/v2/auth/login/phone/verification', { phone: uniquePhone() });
    expect(phone.json().errors).toEqual({ phone: ['not_registered: No account uses this phone number.'] });
    expect(await outbox(app, email)).toEqual([]);
  });

  it('kills a code after 5 wrong attempts: even the right code is refused then', async () => {
    const { email } = await signUpByEmail(app);
    await client(app).post('/api/v2/auth/login/email/verification', { email });
    const code = await latestCode(app, email, 'login_code');
    const wrong = code === '000000' ? '111111' : '000000';
    const replies: string[][] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // A fresh IP each time, so the per-IP limit is not what stops it.
      const response = await client(app).post('/api/v2/auth/login/email/code', { email, code: wrong });
      expect(response.statusCode).toBe(422);
      replies.push(response.json().errors.code);
    }
    expect(replies[0]).toEqual(['invalid: The code is incorrect. 4 attempts left.']);
    expect(replies[3]).toEqual(['invalid: The code is incorrect. 1 attempt left.']);
    expect(replies[4]).toEqual(['attempts_exceeded: Too many wrong attempts. Request a new code.']);
    const right = await client(app).post('/api/v2/auth/login/email/code', { email, code });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({
      code: ['attempts_exceeded: Too many wrong attempts. Request a new code.'],
    });
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { email } = await signUpByEmail(app);
    await client(app).post('/api/v2/auth/login/email/verification', { email });
    const code = await latestCode(app, email, 'login_code');
    clock.advance(10 * 60_000 + 1);
    const response = await client(app).post('/api/v2/auth/login/email/code', { email, code });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: ['expired: The code has expired. Request a new code.'] });
  });

  it('allows one code a minute: a resend within it gets 429, after it a new code that retires the old one', async () => {
    const { email } = await signUpByEmail(app);
    await client(app).post('/api/v2/auth/login/email/verification', { email });
    const first = await latestCode(app, email, 'login_code');

    clock.advance(20_000);
    const early = await client(app).post('/api/v2/auth/login/email/resend', { email });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json()).toEqual({ message: 'Please wait 40 seconds before requesting a new code.' });

    clock.advance(40_000);
    const resent = await client(app).post('/api/v2/auth/login/email/resend', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ success: true, resend_after: 60, expires_in: 600 });
    const second = await latestCode(app, email, 'login_code');
    expect((await outbox(app, email)).filter((m) => m.template === 'login_code')).toHaveLength(2);

    if (first !== second) {
      const old = await client(app).post('/api/v2/auth/login/email/code', { email, code: first });
      expect(old.statusCode).toBe(422);
    }
    expect(
      (await client(app).post('/api/v2/auth/login/email/code', { email, code: second })).statusCode,
    ).toBe(200);
  });

  it('resends by SMS only after a first send', async () => {
    const { phone } = await signUpByPhone(app);
    const before = await client(app).post('/api/v2/auth/login/phone/code/resend?type=sms', { phone });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({
      phone: ['not_requested: No code was sent here yet. Request a code first.'],
    });
    await client(app).post('/api/v2/auth/login/phone/verification', { phone });
    clock.advance(60_000);
    const after = await client(app).post('/api/v2/auth/login/phone/code/resend?type=sms', { phone });
    expect(after.statusCode).toBe(200);
  });

  it('answers malformed codes and addresses with 422 before looking anything up', async () => {
    const cases: [string, unknown, Record<string, string[]>][] = [
      [
        '/api/v2/auth/login/email/code',
        { email: 'x@example.com' },
        { code: ['required: The code field is required.'] },
      ],
      [
        '/api/v2/auth/login/email/code',
        { email: 'x@example.com', code: '12345' },
        { code: ['invalid_format: The code field format is invalid.'] },
      ],
      [
        '/api/v2/auth/login/phone/code',
        { phone: '+77010000000', code: 'abcdef' },
        { code: ['invalid_format: The code field format is invalid.'] },
      ],
      [
        '/api/v2/auth/login/email/verification',
        { email: 'nope' },
        { email: ['invalid_email: The email field must be a valid email address.'] },
      ],
      ['/api/v2/auth/login/phone/verification', {}, { phone: ['required: The phone field is required.'] }],
    ];
    for (const [url, body, errors] of cases) {
      const response = await client(app).post(url, body);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
  });

  it('limits code guesses per address and IP: the 6th within a minute gets 429', async () => {
    const { email } = await signUpByEmail(app);
    const guesser = client(app);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await guesser.post('/api/v2/auth/login/email/code', { email, code: '000001' })).statusCode,
      ).toBe(422);
    }
    const sixth = await guesser.post('/api/v2/auth/login/email/code', { email, code: '000001' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    clock.advance(61_000);
  });
});

describe('log-in by SMS code switched off', async () => {
  const { app: noSms } = await createTestApp({ env: { SMS_LOGIN_ENABLED: 'false' } });

  it('refuses to send SMS log-in codes and says so in the profile features', async () => {
    const { phone, token } = await signUpByPhone(noSms);
    const response = await client(noSms).post('/api/v2/auth/login/phone/verification', { phone });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ phone: ['unavailable: Log-in by SMS code is not available.'] });
    expect((await profile(noSms, token)).json().features).toEqual({ social_login: true, sms_login: false });
  });
});
