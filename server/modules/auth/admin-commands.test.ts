import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { DEMO_USERS, seedDatabase } from '../../db/seed';
import { client, signInBySocial, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

// The listing and the ids the tests read are those of their own database: an app each (the argument checks
// and the help share the empty one, which they only read).
const [empty, listing, showing] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);

async function admin({ db }: { db: typeof empty.db }, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

describe('npm run admin -- user', () => {
  it('says so when there are no users', async () => {
    expect(await admin(empty, 'user', 'list')).toMatchObject({ code: 0, out: 'No users yet.' });
  });

  it('lists the newest accounts first, as a table, with --limit', async () => {
    const { app, db } = listing;
    await seedDatabase(db);
    const { email } = await signUpByEmail(app, { extra: { promo: 'welcome100' } });
    const listed = await admin(listing, 'user', 'list');
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+PHONE\s+CURRENCY\s+METHOD\s+VERIFIED\s+CREATED \(UTC\)$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(`^3\\s+${email.replace(/[.]/g, '\\.')}\\s+-\\s+RUB\\s+email\\s+-\\s+\\d{4}-`),
    );
    expect(lines[2]).toMatch(/^2\s+-\s+\+77010000001\s+KZT\s+phone\s+phone\s+/);
    expect(lines[3]).toMatch(/^1\s+demo@aurum\.example\s+-\s+RUB\s+email\s+email\s+/);
    expect((await admin(listing, 'user', 'list', '--limit', '1')).out.split('\n')).toHaveLength(2);
  });

  it('shows one account by e-mail, phone or id', async () => {
    const { app, db } = showing;
    await seedDatabase(db);
    const byEmail = await admin(showing, 'user', 'show', DEMO_USERS.email.email.toUpperCase());
    expect(byEmail.code).toBe(0);
    expect(byEmail.out).toMatch(/^User 1\n/);
    expect(byEmail.out).toContain('email:            demo@aurum.example (verified)');
    expect(byEmail.out).toContain('password:         set');
    expect((await admin(showing, 'user', 'show', '+7 (701) 000-00-01')).out).toMatch(
      /^User 2\n[\s\S]*currency:\s+KZT/,
    );
    expect((await admin(showing, 'user', 'show', '2')).out).toMatch(/^User 2\n/);

    const { token } = await signInBySocial(app, { identity: 'alice', start: { promo: 'WELCOME100' } });
    await client(app).post('/auth/refresh-token', undefined, token);
    const social = await admin(showing, 'user', 'show', 'alice@sandbox.example');
    expect(social.out).toContain('register method:  google');
    expect(social.out).toContain('password:         not set');
    expect(social.out).toContain('attribution:      promo=WELCOME100');
    expect(social.out).toContain('social:           google:sandbox:alice');
    expect(social.out).toContain('active sessions:  1');
  });

  it('fails with exit code 1 for an unknown account and 2 for bad arguments', async () => {
    expect(await admin(empty, 'user', 'show', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'Error: No user matches nobody@example.com.',
    });
    const cases: [string[], RegExp][] = [
      [['user', 'show'], /an e-mail, a phone or a user id is required/],
      [['user', 'show', 'hello'], /is not an e-mail, an E.164 phone/],
      [['user', 'show', '1', '2'], /unexpected arguments: 2/],
      [['user', 'list', '--limit', '0'], /--limit must be a whole number from 1 to 1000/],
      [['user', 'list', '--limit', 'ten'], /--limit must be a whole number/],
      [['user', 'list', 'extra'], /unexpected arguments: extra/],
    ];
    for (const [argv, message] of cases) {
      const result = await admin(empty, ...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, connected: false });
      expect(result.err).toMatch(message);
    }
  });

  it('appears in the help', async () => {
    const help = await admin(empty, 'help');
    expect(help.out).toMatch(/user list \[--limit N\]/);
    expect(help.out).toMatch(/user show <email\|phone\|id>/);
  });
});
