import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSchema } from '@/lib/api/schemas/user';
import { bonusActivations, users } from '../../db/schema';
import { seedDatabase } from '../../db/seed';
import {
  client,
  CONFIRMED,
  outbox,
  PASSWORD,
  profile,
  sealedFingerprint,
  signUpByEmail,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const { app, db } = await createTestApp();
await seedDatabase(db); // the promo codes

const countUsers = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

describe('POST /api/v2/auth/register/email', () => {
  it('creates the account, answers a token that opens the profile, and sends a verification code', async () => {
    const email = uniqueEmail();
    const response = await client(app).post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const reply = response.json();
    expect(reply).toEqual({ success: true, token: expect.any(String), sso: null });

    const me = await profile(app, reply.token);
    expect(me.statusCode).toBe(200);
    const user = me.json().user;
    expect(user).toMatchObject({
      email,
      phone: null,
      currency: 'RUB',
      register_method: 'email',
      is_email_verified: false,
      is_phone_verified: false,
      is_password_exists: true,
      balance: 0,
      bonus: 0,
      bonus_balance: 0,
      total_balance: 0,
    });
    expect(() => userSchema.parse(user)).not.toThrow();

    const [message] = await outbox(app, email);
    expect(message).toMatchObject({
      channel: 'email',
      template: 'verify_code',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(message.body).toContain(message.code);
  });

  it('keeps the chosen currency and the attribution, and stores the password as argon2id', async () => {
    const email = uniqueEmail();
    const fingerprint = 'f'.repeat(64);
    const fpp = await sealedFingerprint(app, fingerprint);
    const { token } = await signUpByEmail(app, {
      email,
      currency: 'USD',
      extra: { fpp, partner: 'p-7', adplace: 'ad-1', stag: 'stag-9', promo: 'welcome100' },
    });
    expect((await profile(app, token)).json().user.currency).toBe('USD');
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      fpp: fingerprint, // the sealed upload, opened
      partner: 'p-7',
      adplace: 'ad-1',
      stag: 'stag-9',
      promo: 'welcome100',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it('starts a waiting bonus for a promo code, in any case, with the account', async () => {
    const { token } = await signUpByEmail(app, { currency: 'USD', extra: { promo: ' Welcome100 ' } });
    const user = (await profile(app, token)).json().user;
    const rows = await db.select().from(bonusActivations).where(eq(bonusActivations.userId, user.id));
    expect(rows).toMatchObject([
      { source: 'promo', status: 'waiting', currency: 'USD', percent: 100, minDepositMinor: 500n },
    ]);
  });

  it('refuses an unknown, malformed or not applicable promo code with 422 and creates nothing', async () => {
    const before = await countUsers();
    const beforeActivations = (await db.select().from(bonusActivations)).length;
    const cases: [string, Record<string, unknown>][] = [
      ['NOPE', {}],
      ['bad code!', {}],
      ['KZSTART', { currency: 'RUB' }], // tenge only, and Kazakhstan only
    ];
    for (const [promo, extra] of cases) {
      const response = await client(app).post('/api/v2/auth/register/email', {
        email: uniqueEmail(),
        password: PASSWORD,
        ...CONFIRMED,
        promo,
        ...extra,
      });
      expect(response.statusCode, promo).toBe(422);
      expect(response.json()).toEqual({
        message: 'The promo code is invalid.',
        errors: { promo: ['invalid: The promo code is invalid.'] },
      });
    }
    const kz = await client(app).request('POST', '/api/v2/auth/register/phone', {
      body: { phone: uniquePhone(), password: PASSWORD, ...CONFIRMED, currency: 'KZT', promo: 'KZSTART' },
      headers: { 'cf-ipcountry': 'RU' },
    });
    expect(kz.statusCode).toBe(422);
    expect(await countUsers()).toBe(before);
    expect((await db.select().from(bonusActivations)).length).toBe(beforeActivations);
    const ok = await client(app).request('POST', '/api/v2/auth/register/phone', {
      body: { phone: uniquePhone(), password: PASSWORD, ...CONFIRMED, currency: 'KZT', promo: 'kzstart' },
      headers: { 'cf-ipcountry': 'KZ' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await countUsers()).toBe(before + 1);
  });

  it('stores the e-mail lower-cased and refuses it again in any case with 422 taken', async () => {
    const email = uniqueEmail('Mixed');
    await signUpByEmail(app, { email: `  ${email.toUpperCase()} ` });
    const before = await countUsers();
    const again = await client(app).post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['taken: The email has already been taken.'] },
    });
    expect(await countUsers()).toBe(before);
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row.email).toBe(email.toLowerCase());
  });

  it('answers bad input with 422 per field and creates nothing', async () => {
    const before = await countUsers();
    const cases: [unknown, Record<string, string[]>][] = [
      [
        {},
        {
          email: ['required: The email field is required.'],
          password: ['required: The password field is required.'],
          age_confirmed: ['age_not_confirmed: Confirm that you are 18 or older.'],
          terms_accepted: ['terms_not_accepted: Accept the terms and conditions.'],
        },
      ],
      [
        { email: 'not-an-email', password: 'short', currency: 'GBP', ...CONFIRMED },
        {
          email: ['invalid_email: The email field must be a valid email address.'],
          password: ['too_short: The password field must be at least 8 characters.'],
          currency: ['invalid: The selected currency is invalid.'],
        },
      ],
      [
        { email: `${'a'.repeat(250)}@example.com`, password: 'x'.repeat(129), ...CONFIRMED },
        {
          email: ['too_long: The email field must not be longer than 254 characters.'],
          password: ['too_long: The password field must not be longer than 128 characters.'],
        },
      ],
      [
        { email: 42, password: true, ...CONFIRMED },
        {
          email: ['invalid: The email field must be a string.'],
          password: ['invalid: The password field must be a string.'],
        },
      ],
      [
        { email: uniqueEmail(), password: PASSWORD, ...CONFIRMED, promo: 'x'.repeat(65) },
        { promo: ['too_long: The promo field must not be longer than 64 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await client(app).post('/api/v2/auth/register/email', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of two simultaneous sign-ups with one e-mail through; the other gets 422 taken', async () => {
    const email = uniqueEmail();
    const before = await countUsers();
    const responses = await Promise.all([
      client(app).post('/api/v2/auth/register/email', { email, password: PASSWORD, ...CONFIRMED }),
      client(app).post('/api/v2/auth/register/email', {
        email: email.toUpperCase(),
        password: PASSWORD,
        ...CONFIRMED,
      }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(responses.find((r) => r.statusCode === 422)?.json().errors).toEqual({
      email: ['taken: The email has already been taken.'],
    });
    expect(await countUsers()).toBe(before + 1);
  });

  it('writes the verification message in the language of Accept-Language', async () => {
    const cases: [string, RegExp][] = [
      ['ru-RU', /Код подтверждения/],
      ['en-US,en;q=0.9', /Your confirmation code/],
      ['kk-KZ', /Растау коды/],
      ['de-DE', /Код подтверждения/],
    ];
    for (const [language, text] of cases) {
      const email = uniqueEmail();
      const response = await client(app).request('POST', '/api/v2/auth/register/email', {
        body: { email, password: PASSWORD, ...CONFIRMED },
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
      const [message] = await outbox(app, email);
      expect(message.body, language).toMatch(text);
    }
  });
});

describe('POST /api/v2/auth/register/phone', () => {
  it('creates the account with the phone and sends the verification code by SMS', async () => {
    const phone = uniquePhone();
    const response = await client(app).post('/api/v2/auth/register/phone', {
      phone: `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`,
      password: PASSWORD,
      ...CONFIRMED,
      currency: 'KZT',
    });
    expect(response.statusCode).toBe(200);
    const user = (await profile(app, response.json().token)).json().user;
    expect(user).toMatchObject({
      phone,
      email: null,
      currency: 'KZT',
      register_method: 'phone',
      is_phone_verified: false,
    });
    const [message] = await outbox(app, phone);
    expect(message).toMatchObject({ channel: 'sms', template: 'verify_code', subject: null });
    expect(message.body).toContain(message.code);
  });

  it('refuses a taken phone and a malformed one with 422', async () => {
    const phone = uniquePhone();
    await client(app).post('/api/v2/auth/register/phone', { phone, password: PASSWORD, ...CONFIRMED });
    const taken = await client(app).post('/api/v2/auth/register/phone', {
      phone,
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ phone: ['taken: The phone has already been taken.'] });

    for (const bad of ['87011234567', '+7 701', '+0123456789012', 'phone']) {
      const response = await client(app).post('/api/v2/auth/register/phone', {
        phone: bad,
        password: PASSWORD,
        ...CONFIRMED,
      });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.phone).toEqual(['invalid_format: The phone field format is invalid.']);
    }
  });
});

describe('the age confirmation and the terms at sign-up (issue 15)', () => {
  const AGE = ['age_not_confirmed: Confirm that you are 18 or older.'];
  const TERMS = ['terms_not_accepted: Accept the terms and conditions.'];
  const kinds = [
    ['email', () => ({ email: uniqueEmail('consent'), password: PASSWORD })],
    ['phone', () => ({ phone: uniquePhone(), password: PASSWORD })],
  ] as const;

  it('refuses a sign-up without both, or with either false, with 422 per field, and creates nothing', async () => {
    const before = await countUsers();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { age_confirmed: AGE, terms_accepted: TERMS }],
      [
        { age_confirmed: null, terms_accepted: null },
        { age_confirmed: AGE, terms_accepted: TERMS },
      ],
      [
        { age_confirmed: false, terms_accepted: false },
        { age_confirmed: AGE, terms_accepted: TERMS },
      ],
      [{ age_confirmed: true }, { terms_accepted: TERMS }],
      [{ age_confirmed: true, terms_accepted: false }, { terms_accepted: TERMS }],
      [{ age_confirmed: false, terms_accepted: true }, { age_confirmed: AGE }],
      [
        { age_confirmed: 'true', terms_accepted: 1 },
        {
          age_confirmed: ['invalid: The age confirmed field must be a boolean.'],
          terms_accepted: ['invalid: The terms accepted field must be a boolean.'],
        },
      ],
    ];
    for (const [kind, body] of kinds) {
      for (const [extra, errors] of cases) {
        const sent = { ...body(), ...extra };
        const response = await client(app).post(`/api/v2/auth/register/${kind}`, sent);
        expect(response.statusCode, `${kind} ${JSON.stringify(extra)}`).toBe(422);
        expect(response.json().errors, `${kind} ${JSON.stringify(extra)}`).toEqual(errors);
        const address = 'email' in sent ? eq(users.email, sent.email) : eq(users.phone, sent.phone);
        expect(await db.select().from(users).where(address)).toEqual([]);
      }
    }
    expect(await countUsers()).toBe(before);

    const none = await client(app).post('/api/v2/auth/register/email', kinds[0][1]());
    expect(none.json()).toEqual({
      message: 'Confirm that you are 18 or older. (and 1 more error)',
      errors: { age_confirmed: AGE, terms_accepted: TERMS },
    });
  });

  it('stores when the player confirmed the age and accepted the terms: the moment the account was made', async () => {
    for (const [kind, body] of kinds) {
      const sent = body();
      const started = new Date();
      const response = await client(app).post(`/api/v2/auth/register/${kind}`, { ...sent, ...CONFIRMED });
      expect(response.statusCode, response.body).toBe(200);
      const address = 'email' in sent ? eq(users.email, sent.email) : eq(users.phone, sent.phone);
      const [row] = await db.select().from(users).where(address);
      expect(row.ageConfirmedAt, kind).toEqual(row.createdAt);
      expect(row.termsAcceptedAt, kind).toEqual(row.createdAt);
      expect(row.ageConfirmedAt!.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1_000);
      expect(row.ageConfirmedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }
  });
});
