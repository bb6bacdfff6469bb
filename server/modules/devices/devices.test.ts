import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deviceKeyReply, openFingerprint, sealFingerprint } from '@/lib/device-seal';
import { runAdmin } from '../../admin/cli';
import { users } from '../../db/schema';
import {
  client,
  CONFIRMED,
  latestCode,
  PASSWORD,
  profile,
  sealedFingerprint,
  signInBySocial,
  signUpByEmail,
  uniqueEmail,
} from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { deriveKeys, resolveSecret } from '../auth/secret';
import { deviceKeyPair } from './keys';
import { deviceSightings } from './schema';

const { app, db, config } = await createTestApp();
// The report reads the whole table: a database of its own.
const reporting = await createTestApp();

const userId = async (token: string, target = app) => (await profile(target, token)).json().user.id as number;
const sightingsOf = (id: number, target = db) =>
  target
    .select({
      event: deviceSightings.event,
      fingerprint: deviceSightings.fingerprint,
      unreadable: deviceSightings.unreadable,
    })
    .from(deviceSightings)
    .where(eq(deviceSightings.userId, id))
    .orderBy(deviceSightings.id);

describe('GET /api/v2/device/key', () => {
  it('publishes one P-256 key, cacheable, whose private half opens what the browser seals', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/device/key' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const key = deviceKeyReply.parse(first.json());
    expect((await app.inject({ method: 'GET', url: '/api/v2/device/key' })).json()).toEqual(key);

    const fingerprint = 'c'.repeat(64);
    const sealed = await sealFingerprint(fingerprint, key);
    const { opening } = await deviceKeyPair(deriveKeys(resolveSecret(config)).deviceSeal);
    expect(await openFingerprint(sealed, opening)).toBe(fingerprint);
  });
});

describe('the fingerprint uploaded with sign-ups and log-ins', () => {
  it('is opened and recorded at sign-up, at a password log-in and at a code log-in', async () => {
    const fingerprint = 'd'.repeat(64);
    const email = uniqueEmail();
    const { token } = await signUpByEmail(app, {
      email,
      extra: { fpp: await sealedFingerprint(app, fingerprint) },
    });
    const id = await userId(token);
    expect((await db.select().from(users).where(eq(users.id, id)))[0].fpp).toBe(fingerprint);

    const password = await client(app).post('/api/v2/auth/login/email/password', {
      email,
      password: PASSWORD,
      fpp: await sealedFingerprint(app, fingerprint),
    });
    expect(password.statusCode, password.body).toBe(200);

    await client(app).post('/api/v2/auth/login/email/verification', { email });
    const code = await latestCode(app, email, 'login_code');
    const byCode = await client(app).post('/api/v2/auth/login/email/code', {
      email,
      code,
      fpp: await sealedFingerprint(app, fingerprint),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);

    // Without an upload, a log-in leaves no sighting.
    const bare = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
    expect(bare.statusCode).toBe(200);

    expect(await sightingsOf(id)).toEqual([
      { event: 'sign_up', fingerprint, unreadable: false },
      { event: 'log_in', fingerprint, unreadable: false },
      { event: 'log_in', fingerprint, unreadable: false },
    ]);
  });

  it('is carried through a social log-in, sealed, and recorded when it completes, for a new and a linked account', async () => {
    const fingerprint = '9'.repeat(64);
    const identity = `device-${Date.now()}`;
    const first = await signInBySocial(app, {
      custom: { name: identity },
      start: { fpp: await sealedFingerprint(app, fingerprint) },
    });
    expect(first.isNew).toBe(true);
    // The sandbox's page never shows the fingerprint: the state carries it sealed.
    expect(first.html).not.toContain(fingerprint);
    const id = await userId(first.token);
    expect((await db.select().from(users).where(eq(users.id, id)))[0].fpp).toBe(fingerprint);
    const second = await signInBySocial(app, {
      custom: { name: identity },
      start: { fpp: await sealedFingerprint(app, fingerprint) },
    });
    expect(second.isNew).toBe(false);
    expect(await userId(second.token)).toBe(id);
    expect(await sightingsOf(id)).toEqual([
      { event: 'social', fingerprint, unreadable: false },
      { event: 'social', fingerprint, unreadable: false },
    ]);
    const refused = await client(app).put('/auth/login', {
      provider: 'google',
      origin: 'http://localhost:3000',
      fpp: 'plain',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['fpp']);
  });

  it('records a seal that does not open (tampered, another key) as unreadable, and signs the player in', async () => {
    const fingerprint = 'e'.repeat(64);
    const sealed = await sealedFingerprint(app, fingerprint);
    const tampered = tamper(sealed);
    // Sealed to another API's key (another secret): same shape, another key id.
    const other = await createTestApp({ env: { JWT_SECRET: 'another-secret-of-at-least-32-characters' } });
    const foreign = await sealedFingerprint(other.app, fingerprint);
    expect(foreign.split('.')[1]).not.toBe(sealed.split('.')[1]);

    const { email, token } = await signUpByEmail(app, { extra: { fpp: tampered } });
    const id = await userId(token);
    expect((await db.select().from(users).where(eq(users.id, id)))[0].fpp).toBeNull();
    const login = await client(app).post('/api/v2/auth/login/email/password', {
      email,
      password: PASSWORD,
      fpp: foreign,
    });
    expect(login.statusCode).toBe(200);
    expect(await sightingsOf(id)).toEqual([
      { event: 'sign_up', fingerprint: null, unreadable: true },
      { event: 'log_in', fingerprint: null, unreadable: true },
    ]);
  });

  it('refuses what is not a seal with 422 on fpp, and creates nothing', async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const before = await count();
    for (const fpp of ['f'.repeat(64), 'v1.not-a-seal', 42]) {
      const response = await client(app).post('/api/v2/auth/register/email', {
        email: uniqueEmail(),
        password: PASSWORD,
        ...CONFIRMED,
        fpp,
      });
      expect(response.statusCode, String(fpp)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['fpp']);
    }
    expect(
      response422Text(
        await client(app).post('/api/v2/auth/register/email', {
          email: uniqueEmail(),
          password: PASSWORD,
          ...CONFIRMED,
          fpp: 'plain',
        }),
      ),
    ).toEqual(['invalid_format: The fpp field format is invalid.']);
    expect(await count()).toBe(before);
  });
});

/**
 * One changed character inside the ciphertext. Not the last one: base64url's last character
 * may carry unused bits, so replacing it can leave the bytes (and the seal) intact.
 */
function tamper(sealed: string) {
  const at = sealed.length - 2;
  return `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
}

function response422Text(response: { statusCode: number; json(): { errors: Record<string, string[]> } }) {
  expect(response.statusCode).toBe(422);
  return response.json().errors.fpp;
}

describe('npm run admin -- report devices', () => {
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const connect = vi.fn(async () => ({ db: reporting.db, close: async () => undefined }));
    const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
    return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
  }

  it('lists the devices behind several accounts and the accounts whose uploads did not open', async () => {
    const target = reporting.app;
    expect(await admin('report', 'devices')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Devices seen with 2 or more accounts, all time:\nNone.'),
    });

    const shared = '7'.repeat(64);
    const alone = '8'.repeat(64);
    const a = await signUpByEmail(target, { extra: { fpp: await sealedFingerprint(target, shared) } });
    const b = await signUpByEmail(target, { extra: { fpp: await sealedFingerprint(target, alone) } });
    // b logs in later from the device a signed up on: one device, two accounts.
    const login = await client(target).post('/api/v2/auth/login/email/password', {
      email: b.email,
      password: PASSWORD,
      fpp: await sealedFingerprint(target, shared),
    });
    expect(login.statusCode).toBe(200);
    const c = await signUpByEmail(target, {
      extra: { fpp: tamper(await sealedFingerprint(target, alone)) },
    });
    const [idA, idB, idC] = [
      await userId(a.token, target),
      await userId(b.token, target),
      await userId(c.token, target),
    ];

    const report = await admin('report', 'devices');
    expect(report.code, report.err).toBe(0);
    const lines = report.out.split('\n');
    expect(lines[0]).toBe('Devices seen with 2 or more accounts, all time:');
    expect(lines[1]).toMatch(
      /^DEVICE\s+ACCOUNTS\s+USER IDS\s+SIGHTINGS\s+FIRST SEEN \(UTC\)\s+LAST SEEN \(UTC\)$/,
    );
    expect(lines[2]).toMatch(new RegExp(`^${shared.slice(0, 16)}\\s+2\\s+#${idA} #${idB}\\s+2\\s+\\d{4}-`));
    expect(lines).toHaveLength(7); // one shared device: `alone` is b's only
    expect(lines[3]).toMatch(/^Accounts whose fingerprint uploads did not open/);
    expect(lines[5]).toMatch(new RegExp(`^#${idC}\\s+1\\s+\\d{4}-`));

    // The account's own page names the others seen on its device.
    expect((await admin('user', 'show', String(idA))).out).toMatch(
      new RegExp(`\\n  same device:\\s+${idB}\\n`),
    );
    expect((await admin('user', 'show', String(idC))).out).toMatch(/\n {2}same device:\s+-\n/);

    // Three accounts or more: none; a period after today: none.
    expect((await admin('report', 'devices', '--min-accounts', '3')).out).toContain(
      'Devices seen with 3 or more accounts, all time:\nNone.',
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin('report', 'devices', '--since', tomorrow)).out).not.toContain(shared.slice(0, 16));
  });

  it('refuses bad arguments before touching the database (exit code 2)', async () => {
    for (const [argv, message] of [
      [['report', 'devices', '--min-accounts', '1'], /--min-accounts must be a whole number of 2 or more/],
      [['report', 'devices', '--min-accounts', 'two'], /--min-accounts must be a whole number of 2 or more/],
      [['report', 'devices', '--since', '2026-02-30'], /--since must be a date YYYY-MM-DD/],
      [['report', 'devices', 'extra'], /unexpected arguments: extra/],
    ] as const) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, out: '', connected: false });
      expect(result.err).toMatch(message);
    }
  });
});
