import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userSchema } from '@/lib/api/schemas/user';
import { profileReply } from '@/lib/contracts/auth';
import { userDeviceTags, vipRequests } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { client, profile, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { DEVICE_TAGS_PER_USER } from './repository';

const { app, db } = await createTestApp();
const clock = manualClock();
const { app: clocked, db: clockedDb } = await createTestApp({ clock });

const settings = (token: string | undefined, body: unknown) =>
  client(app).put('/profile/settings', body, token);

describe('GET /profile/user', () => {
  it('answers the user with every field of the spec, features, region, a fresh token and the super_bonus tag', async () => {
    const { email, token } = await signUpByEmail(app, { currency: 'INR' });
    const response = await profile(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const reply = response.json();
    expect(() => profileReply.parse(reply)).not.toThrow();
    expect(() => userSchema.parse(reply.user)).not.toThrow();
    expect(reply).toEqual({
      user: {
        id: expect.any(Number),
        name: null,
        email,
        phone: null,
        balance: 0,
        bonus: 0,
        bonus_balance: 0,
        total_balance: 0,
        currency: 'INR',
        locale: null,
        timezone: null,
        register_method: 'email',
        is_phone_verified: false,
        is_email_verified: false,
        is_password_exists: true,
        is_avatar_hidden: false,
        is_statistics_hidden: false,
        image: { small: null },
        premium: { status: false },
        vip_level: 0,
        verification: { is_need: false, data: { status: null } },
      },
      features: { social_login: true, sms_login: true },
      region: 'RU',
      fresh_token: expect.any(String),
      super_bonus: expect.stringMatching(/^[\w-]{16}$/),
    });
    expect((await profile(app, token)).json().super_bonus).toBe(reply.super_bonus);
  });

  it('gives region KZ to visitors from Kazakhstan by the geo header', async () => {
    const { token } = await signUpByPhone(app);
    const kz = await app.inject({
      method: 'GET',
      url: '/profile/user',
      headers: { authorization: `Bearer ${token}`, 'cf-ipcountry': 'KZ' },
    });
    expect(kz.json().region).toBe('KZ');
  });

  it('remembers the whoAreYou tag it is sent, linking the device to the user', async () => {
    const first = await signUpByEmail(app);
    const tag = (await profile(app, first.token)).json().super_bonus;
    const second = await signUpByEmail(app);
    const { user } = (await profile(app, second.token, `?whoAreYou=${tag}`)).json();
    await profile(app, second.token, `?whoAreYou=${tag}`);
    const rows = await db.select().from(userDeviceTags).where(eq(userDeviceTags.userId, user.id));
    expect(rows.map((row) => row.tag)).toEqual([tag]);

    const tooLong = await profile(app, second.token, `?whoAreYou=${'x'.repeat(129)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      whoAreYou: ['too_long: The who are you field must not be longer than 128 characters.'],
    });
  });

  it('keeps at most DEVICE_TAGS_PER_USER tags per user, the most recently seen, one row per tag', async () => {
    const { token } = await signUpByEmail(clocked);
    const tags = Array.from(
      { length: DEVICE_TAGS_PER_USER + 10 },
      (_, i) => `tag-${String(i).padStart(2, '0')}`,
    );
    for (const tag of tags) {
      expect((await profile(clocked, token, `?whoAreYou=${tag}`)).statusCode).toBe(200);
      expect((await profile(clocked, token, `?whoAreYou=${tag}`)).statusCode).toBe(200); // no second row
      clock.advance(1_000);
    }
    const { user } = (await profile(clocked, token)).json();
    const stored = async () =>
      (await clockedDb.select().from(userDeviceTags).where(eq(userDeviceTags.userId, user.id)))
        .map((row) => row.tag)
        .sort();
    expect(await stored()).toEqual(tags.slice(-DEVICE_TAGS_PER_USER));

    // A tag seen again (over an hour later) counts as recent: the next new tag pushes out another one.
    clock.advance(2 * 60 * 60_000);
    const renewed = await client(clocked).post('/auth/refresh-token', undefined, token);
    const later = renewed.json().access_token as string;
    const kept = tags[10];
    expect((await profile(clocked, later, `?whoAreYou=${kept}`)).statusCode).toBe(200);
    expect((await profile(clocked, later, '?whoAreYou=tag-new')).statusCode).toBe(200);
    expect(await stored()).toEqual(
      [...tags.slice(-DEVICE_TAGS_PER_USER).filter((t) => t !== tags[11]), 'tag-new'].sort(),
    );
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/profile/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('PUT /profile/settings', () => {
  it('changes one setting per call and answers the updated user', async () => {
    const { token } = await signUpByEmail(app);
    const changes: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ locale: 'kz' }, { locale: 'kz' }],
      [{ timezone: 'Asia/Almaty' }, { timezone: 'Asia/Almaty' }],
      [{ timezone: 'europe/moscow' }, { timezone: 'Europe/Moscow' }],
      [{ timezone: 'UTC' }, { timezone: 'UTC' }],
      [{ is_avatar_hidden: true }, { is_avatar_hidden: true }],
      [{ is_statistics_hidden: true }, { is_statistics_hidden: true }],
    ];
    for (const [body, expected] of changes) {
      const response = await settings(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json()).toMatchObject({ success: true, user: expected });
    }
    expect((await profile(app, token)).json().user).toMatchObject({
      locale: 'kz',
      timezone: 'UTC',
      is_avatar_hidden: true,
      is_statistics_hidden: true,
    });
  });

  it('refuses anything but exactly one valid setting, and changes nothing', async () => {
    const { token } = await signUpByEmail(app);
    const cases: [unknown, Record<string, string[]>][] = [
      [
        {},
        {
          settings: [
            'exactly_one: Send exactly one of locale, timezone, is_avatar_hidden, is_statistics_hidden.',
          ],
        },
      ],
      [
        { locale: 'en', is_avatar_hidden: true },
        {
          settings: [
            'exactly_one: Send exactly one of locale, timezone, is_avatar_hidden, is_statistics_hidden.',
          ],
        },
      ],
      [{ locale: 'de' }, { locale: ['invalid: The selected locale is invalid.'] }],
      [
        { is_avatar_hidden: 'yes' },
        { is_avatar_hidden: ['invalid: The is avatar hidden field must be a boolean.'] },
      ],
      [
        { timezone: 'Mars/Olympus_Mons' },
        { timezone: ['invalid: The timezone must be a valid IANA time zone.'] },
      ],
      [{ timezone: '+05:00' }, { timezone: ['invalid: The timezone must be a valid IANA time zone.'] }],
      [
        { timezone: 'x'.repeat(65) },
        { timezone: ['too_long: The timezone field must not be longer than 64 characters.'] },
      ],
      [{ balance: 1_000_000 }, { balance: ['not_allowed: The balance field is not allowed.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await settings(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toMatchObject(errors);
    }
    expect((await profile(app, token)).json().user).toMatchObject({
      locale: null,
      timezone: null,
      is_avatar_hidden: false,
    });
  });

  it('needs a token', async () => {
    expect((await settings(undefined, { locale: 'en' })).statusCode).toBe(401);
  });
});

describe('POST /api/v2/vip/join', () => {
  it('records one request per user and type, answering success every time', async () => {
    const { token } = await signUpByEmail(app);
    const userId = (await profile(app, token)).json().user.id;
    for (const type of ['join', 'join', 'social_registration']) {
      const response = await client(app).post('/api/v2/vip/join', { request_type: type }, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    }
    const rows = await db.select().from(vipRequests).where(eq(vipRequests.userId, userId));
    expect(rows.map((row) => row.requestType).sort()).toEqual(['join', 'social_registration']);
  });

  it('refuses unknown types and guests', async () => {
    const { token } = await signUpByEmail(app);
    const bad = await client(app).post('/api/v2/vip/join', { request_type: 'gold' }, token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ request_type: ['invalid: The selected request type is invalid.'] });
    expect((await client(app).post('/api/v2/vip/join', {}, token)).json().errors).toEqual({
      request_type: ['required: The request type field is required.'],
    });
    expect((await client(app).post('/api/v2/vip/join', { request_type: 'join' })).statusCode).toBe(401);
  });
});
