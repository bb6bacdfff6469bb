import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { createTestDatabase } from '../../test/helpers';
import { auditLog } from '../audit/schema';
import { listBlockedCountries } from './service';

const { db } = await createTestDatabase();

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

describe('npm run admin -- geo', () => {
  it('blocks, lists and unblocks countries', async () => {
    expect(await admin('geo', 'list')).toMatchObject({ code: 0, out: 'No countries are blocked.' });

    expect(await admin('geo', 'block', 'kz', '--reason', 'regulator order 12')).toMatchObject({
      code: 0,
      out: 'Blocked KZ (reason: regulator order 12).',
    });
    expect(await admin('geo', 'block', 'UA')).toMatchObject({ code: 0, out: 'Blocked UA.' });

    const listed = await admin('geo', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      'CC  BLOCKED SINCE (UTC)   REASON',
      expect.stringMatching(/^KZ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {3}regulator order 12$/),
      expect.stringMatching(/^UA {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {3}-$/),
    ]);

    expect(await admin('geo', 'unblock', 'KZ')).toMatchObject({ code: 0, out: 'Unblocked KZ.' });
    expect((await listBlockedCountries(db)).map((row) => row.countryCode)).toEqual(['UA']);
    expect(await admin('geo', 'unblock', 'UA')).toMatchObject({ code: 0 });
  });

  it('keeps one row per country; blocking again replaces the reason only when one is given', async () => {
    await admin('geo', 'block', 'BY', '--reason', 'first');
    expect(await admin('geo', 'block', 'BY')).toMatchObject({
      code: 0,
      out: 'BY was already blocked (reason: first).',
    });
    expect(await admin('geo', 'block', 'BY', '--reason', 'second')).toMatchObject({
      out: 'BY was already blocked (reason: second).',
    });
    expect(await listBlockedCountries(db)).toEqual([
      expect.objectContaining({ countryCode: 'BY', reason: 'second' }),
    ]);
    await admin('geo', 'unblock', 'BY');
  });

  it('refuses bad input with exit code 2 before touching the database', async () => {
    const cases: [string[], RegExp][] = [
      [['geo', 'block', 'XYZ'], /"XYZ" is not a two-letter ISO 3166-1 country code/],
      [['geo', 'block', 'K1'], /not a two-letter/],
      [['geo', 'block'], /a country code is required/],
      [['geo', 'block', 'KZ', 'RU'], /unexpected arguments: RU/],
      [['geo', 'block', 'KZ', '--reason', '  '], /--reason must not be empty/],
      [['geo', 'block', 'KZ', '--why', 'x'], /Unknown option '--why'/],
      [['geo', 'unblock'], /a country code is required/],
      [['geo', 'list', 'extra'], /unexpected arguments: extra/],
    ];
    for (const [argv, message] of cases) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 2, out: '', connected: false });
      expect(result.err).toMatch(message);
      expect(result.err).toMatch(/Usage: npm run admin -- geo/);
    }
  });

  it('records each change in the audit log under --operator; a block that changes nothing is not recorded', async () => {
    await admin('geo', 'block', 'MD', '--reason', 'licence', '--operator', 'olga');
    await admin('geo', 'block', 'MD', '--operator', 'olga');
    await admin('geo', 'block', 'MD', '--reason', 'court order', '--operator', 'pavel');
    await admin('geo', 'unblock', 'MD', '--operator', 'olga');
    expect(await admin('geo', 'unblock', 'MD', '--operator', 'olga')).toMatchObject({ code: 1 });
    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectId, 'MD')).orderBy(auditLog.id);
    expect(entries.map((e) => [e.actor, e.action, e.subjectType, e.before, e.after, e.reason])).toEqual([
      [
        'operator:olga',
        'geo.block',
        'country',
        { blocked: false },
        { blocked: true, reason: 'licence' },
        'licence',
      ],
      [
        'operator:pavel',
        'geo.block',
        'country',
        { blocked: true, reason: 'licence' },
        { blocked: true, reason: 'court order' },
        'court order',
      ],
      [
        'operator:olga',
        'geo.unblock',
        'country',
        { blocked: true, reason: 'court order' },
        { blocked: false },
        null,
      ],
    ]);
  });

  it('fails with exit code 1 when unblocking a country that is not blocked', async () => {
    expect(await admin('geo', 'unblock', 'FR')).toMatchObject({ code: 1, err: 'Error: FR is not blocked.' });
  });

  it('explains unknown groups and commands, and prints help', async () => {
    expect(await admin('nope')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Unknown command group "nope"/),
    });
    expect(await admin('geo', 'nuke')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Unknown command "geo nuke"/),
    });
    expect(await admin()).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^Usage: npm run admin -- <group>/),
    });

    const help = await admin('help');
    expect(help).toMatchObject({ code: 0, connected: false });
    expect(help.out).toMatch(/geo block <CC> \[--reason TEXT\]/);
    expect(help.out).toMatch(/geo unblock <CC>/);
    expect(help.out).toMatch(/geo list/);
    expect(await admin('geo', 'block', '--help')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Usage: /),
    });
  });
});
