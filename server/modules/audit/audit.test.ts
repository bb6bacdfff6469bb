import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin, type RunAdminOptions } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { client, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { sandboxProvider, type PaymentProvider } from '../billing/providers';
import { setAccountStatus } from '../protection/service';
import { users } from '../users/schema';
import { auditLog } from './schema';

const { app, db, config } = await createTestApp();
// Without the welcome pack: a first deposit would otherwise start a bonus, which blocks withdrawals.
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);
const providers = new Map<string, PaymentProvider>([['sandbox', sandboxProvider(config)]]);

/** Runs the CLI with no operator from the environment unless a test gives one (`env`, `osUser`). */
async function admin(argv: string[], options: Partial<Pick<RunAdminOptions, 'env' | 'osUser'>> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect,
    providers,
    env: options.env ?? {},
    osUser: options.osUser ?? (() => 'os-user'),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

const userIdOf = async (email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

const entriesOf = (subjectType: string, subjectId: string | number) =>
  db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.subjectType} = ${subjectType} AND ${auditLog.subjectId} = ${String(subjectId)}`)
    .orderBy(auditLog.id);

const countAll = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;

/** A RUB player with 1000 of cash who asked to withdraw 300 to a card: their first payout, so `review`. */
async function payoutInReview(): Promise<{ id: number; email: string }> {
  const { email, token } = await signUpByEmail(app, { currency: 'RUB' });
  await deposit(app, token, 1000);
  const response = await client(app).post(
    '/api/v2/billing/payout',
    {
      method: 'sandbox-payout-card-rub',
      amount: 300,
      destination: '4111 1111 1111 1111',
      idempotency_key: `k-${randomBytes(8).toString('hex')}`,
    },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: 'review' });
  return { id: response.json().id as number, email };
}

describe('audit log: payouts', () => {
  it('records an approval and a rejection under the reviewer, with before and after', async () => {
    const first = await payoutInReview();
    const approved = await admin([
      'payout',
      'approve',
      String(first.id),
      '--reviewer',
      'alice',
      '--note',
      'ok',
    ]);
    expect(approved, approved.err).toMatchObject({ code: 0 });
    const [approval, ...more] = await entriesOf('payout', first.id);
    expect(more).toEqual([]);
    expect(approval).toMatchObject({
      actor: 'operator:alice',
      action: 'payout.approve',
      userId: await userIdOf(first.email),
      reason: 'ok',
      before: { status: 'review', reviewer: null, review_note: null, settle_transfer_id: null },
      after: { status: 'approved', reviewer: 'alice', review_note: 'ok', settle_transfer_id: null },
    });

    const second = await payoutInReview();
    // The global --operator does not replace the reviewer of a payout command.
    const rejected = await admin([
      '--operator',
      'mallory',
      'payout',
      'reject',
      String(second.id),
      '--reviewer',
      'bob',
      '--reason',
      'fraud',
    ]);
    expect(rejected, rejected.err).toMatchObject({ code: 0 });
    const [rejection] = await entriesOf('payout', second.id);
    expect(rejection).toMatchObject({
      actor: 'operator:bob',
      action: 'payout.reject',
      reason: 'fraud',
      before: { status: 'review', reviewer: null },
      after: { status: 'rejected', reviewer: 'bob', review_note: 'fraud' },
    });
    expect((rejection.after as { settle_transfer_id: unknown }).settle_transfer_id).toEqual(
      expect.any(Number),
    );
  });

  it('writes no entry for a command that fails: approving or rejecting a payout not in review', async () => {
    const { id } = await payoutInReview();
    expect((await admin(['payout', 'reject', String(id), '--reviewer', 'bob', '--reason', 'no'])).code).toBe(
      0,
    );
    const before = await countAll();
    const again = await admin(['payout', 'approve', String(id), '--reviewer', 'carol']);
    expect(again).toMatchObject({
      code: 1,
      err: expect.stringMatching(/is rejected, not waiting for review/),
    });
    const twice = await admin(['payout', 'reject', String(id), '--reviewer', 'carol', '--reason', 'no']);
    expect(twice.code).toBe(1);
    expect((await admin(['payout', 'approve', '999999', '--reviewer', 'carol'])).code).toBe(1);
    expect(await countAll()).toBe(before);
    expect((await entriesOf('payout', id)).map((e) => e.action)).toEqual(['payout.reject']);
  });
});

describe('audit log: accounts and the player', () => {
  it('names the operator by --operator, else CASINO_OPERATOR, else the OS user', async () => {
    const { email } = await signUpByEmail(app);
    const userId = await userIdOf(email);
    const suspend = await admin(
      ['account', 'suspend', email, '--reason', 'chargebacks', '--operator', 'carol'],
      { env: { CASINO_OPERATOR: 'not-me' } },
    );
    expect(suspend, suspend.err).toMatchObject({ code: 0 });
    const reinstate = await admin(['account', 'reinstate', String(userId), '--reason', 'resolved'], {
      env: { CASINO_OPERATOR: 'dave' },
    });
    expect(reinstate, reinstate.err).toMatchObject({ code: 0 });
    const close = await admin(['--operator=', 'account', 'close', email, '--reason', 'asked']);
    expect(close).toMatchObject({ code: 2, connected: false });
    expect((await admin(['account', 'close', email, '--reason', 'asked'])).code).toBe(0);

    expect(
      (await entriesOf('user', userId)).map((e) => [
        e.actor,
        e.action,
        e.before,
        e.after,
        e.reason,
        e.userId,
      ]),
    ).toEqual([
      [
        'operator:carol',
        'account.suspend',
        { status: 'active', excluded_until: null },
        { status: 'suspended', excluded_until: null },
        'chargebacks',
        userId,
      ],
      [
        'operator:dave',
        'account.reinstate',
        { status: 'suspended', excluded_until: null },
        { status: 'active', excluded_until: null },
        'resolved',
        userId,
      ],
      [
        'operator:os-user',
        'account.close',
        { status: 'active', excluded_until: null },
        { status: 'closed', excluded_until: null },
        'asked',
        userId,
      ],
    ]);
  });

  it('records a self-exclusion by the player; a shorter one, which changes nothing, is not recorded', async () => {
    const { email, token } = await signUpByEmail(app);
    const userId = await userIdOf(email);
    const response = await client(app).post('/api/v2/profile/self-exclusion', { days: 30 }, token);
    expect(response.statusCode, response.body).toBe(200);
    const until = response.json().excluded_until as string;
    const shorter = await client(app).post('/api/v2/profile/self-exclusion', { days: 7 }, token);
    expect(shorter.statusCode, shorter.body).toBe(200);

    const entries = await entriesOf('user', userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: `player:${userId}`,
      action: 'account.self_exclude',
      userId,
      before: { status: 'active', excluded_until: null },
      after: { status: 'self_excluded', excluded_until: until },
    });

    // Reinstating does not lift a player's exclusion: nothing changed, nothing recorded.
    const reinstate = await admin(['account', 'reinstate', email, '--reason', 'asked', '--operator', 'x']);
    expect(reinstate.out).toMatch(/Nothing changed/);
    expect(await entriesOf('user', userId)).toHaveLength(1);
  });

  it('keeps a change and its entry together: an entry that cannot be written undoes the change', async () => {
    const { email } = await signUpByEmail(app);
    const userId = await userIdOf(email);
    const before = await countAll();
    // `operator:` with no name breaks the log's actor rule, so the entry's insert fails.
    await expect(
      setAccountStatus(db, {
        userId,
        status: 'suspended',
        reason: 'x',
        now: new Date(),
        actor: 'operator:',
      }),
    ).rejects.toThrow();
    const [row] = await db.select({ status: users.accountStatus }).from(users).where(eq(users.id, userId));
    expect(row.status).toBe('active');
    expect(await countAll()).toBe(before);
  });
});

describe('audit log: balance adjustments', () => {
  it('names the operator and the ledger transfer; a replay of the key and a refused debit record nothing', async () => {
    const { email } = await signUpByEmail(app);
    const userId = await userIdOf(email);
    const credit = await admin([
      'balance',
      'credit',
      email,
      '150.50',
      '--reason',
      'goodwill',
      '--key',
      'audit-c-1',
      '--operator',
      'erin',
    ]);
    expect(credit, credit.err).toMatchObject({ code: 0 });
    const transferId = Number(/transfer (\d+)/.exec(credit.out)![1]);
    const replay = await admin([
      'balance',
      'credit',
      email,
      '150.50',
      '--reason',
      'goodwill',
      '--key',
      'audit-c-1',
    ]);
    expect(replay.out).toMatch(/^Already applied/);
    const refused = await admin(['balance', 'debit', email, '1000', '--reason', 'chargeback']);
    expect(refused.code).toBe(1);

    const entries = await entriesOf('user', userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'operator:erin',
      action: 'balance.credit',
      userId,
      reason: 'goodwill',
      before: { currency: 'RUB', balance_minor: '0' },
      after: {
        currency: 'RUB',
        balance_minor: '15050',
        amount_minor: '15050',
        transfer_id: transferId,
        key: 'admin:audit-c-1',
      },
    });
  });
});

describe('audit log: operator settings', () => {
  it('records promo codes and mirror records with their state before and after', async () => {
    const create = await admin([
      'promo',
      'create',
      'AUDIT50',
      '--percent',
      '50',
      '--wager',
      '20',
      '--limit',
      'RUB:500:10000',
      '--name-en',
      'Audit',
      '--operator',
      'frank',
    ]);
    expect(create, create.err).toMatchObject({ code: 0 });
    expect((await admin(['promo', 'disable', 'AUDIT50', '--operator', 'grace'])).code).toBe(0);
    // Disabling again changes nothing: no entry.
    expect((await admin(['promo', 'disable', 'AUDIT50', '--operator', 'grace'])).code).toBe(0);
    const promo = await entriesOf('promo', 'AUDIT50');
    expect(promo.map((e) => [e.actor, e.action])).toEqual([
      ['operator:frank', 'promo.create'],
      ['operator:grace', 'promo.disable'],
    ]);
    expect(promo[0].before).toBeNull();
    expect(promo[0].after).toMatchObject({
      code: 'AUDIT50',
      percent: 50,
      wager: 20,
      limits: { RUB: { min_deposit_minor: 50000, max_bonus_minor: 1000000 } },
      enabled: true,
    });
    expect(promo[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    const env = { CASINO_OPERATOR: 'heidi' };
    expect(
      (await admin(['mirror', 'set', 'audit-mirror.example', '--new-link', 'https://a.example'], { env }))
        .code,
    ).toBe(0);
    expect(
      (await admin(['mirror', 'set', 'audit-mirror.example', '--new-link', 'https://b.example'], { env }))
        .code,
    ).toBe(0);
    expect((await admin(['mirror', 'remove', 'audit-mirror.example'], { env })).code).toBe(0);
    expect((await admin(['mirror', 'remove', 'audit-mirror.example'], { env })).code).toBe(1);
    const mirror = await entriesOf('mirror', 'audit-mirror.example');
    expect(mirror.map((e) => [e.actor, e.action])).toEqual([
      ['operator:heidi', 'mirror.set'],
      ['operator:heidi', 'mirror.set'],
      ['operator:heidi', 'mirror.remove'],
    ]);
    expect(mirror[0].before).toBeNull();
    expect(mirror[0].after).toMatchObject({ domain: 'audit-mirror.example', new_link: 'https://a.example' });
    expect(mirror[1].before).toMatchObject({ new_link: 'https://a.example' });
    expect(mirror[1].after).toMatchObject({ new_link: 'https://b.example' });
    expect(mirror[2].before).toMatchObject({ new_link: 'https://b.example' });
    expect(mirror[2].after).toBeNull();
  });
});

describe('audit log: cases', () => {
  it('records one entry per case a command changed, and a price with its old and new value', async () => {
    const operator = ['--operator', 'kim'];
    expect((await admin(['case', 'disable', 'starter', 'classic', ...operator])).code).toBe(0);
    expect((await admin(['case', 'enable', 'starter', 'classic', ...operator])).code).toBe(0);
    // An unknown case among them: nothing changes, nothing is recorded.
    expect((await admin(['case', 'disable', 'starter', 'no-such-case', ...operator])).code).toBe(1);
    expect((await admin(['case', 'set-price', 'starter', 'RUB', '60', ...operator])).code).toBe(0);

    const starter = await entriesOf('case', 'starter');
    expect(starter.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      ['operator:kim', 'case.disable', { enabled: true }, { enabled: false }],
      ['operator:kim', 'case.enable', { enabled: false }, { enabled: true }],
      [
        'operator:kim',
        'case.set_price',
        { currency: 'RUB', price_minor: 5000 },
        { currency: 'RUB', price_minor: 6000 },
      ],
    ]);
    expect((await entriesOf('case', 'classic')).map((e) => e.action)).toEqual([
      'case.disable',
      'case.enable',
    ]);
  });
});

describe('audit log: append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of its entries', async () => {
    await admin(['geo', 'block', 'ZZ', '--operator', 'ivan']);
    const [entry] = await entriesOf('country', 'ZZ');
    expect(entry).toMatchObject({ actor: 'operator:ivan', action: 'geo.block' });
    await expect(
      db.execute(sql`UPDATE audit_log SET reason = 'edited' WHERE id = ${entry.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_log WHERE id = ${entry.id}`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still).toEqual(entry);
  });
});

describe('npm run admin -- audit list', () => {
  it('lists entries newest first, filtered by user or subject, with before → after', async () => {
    const { email } = await signUpByEmail(app);
    const userId = await userIdOf(email);
    const other = await signUpByEmail(app);
    for (const argv of [
      ['account', 'suspend', email, '--reason', 'first'],
      ['account', 'suspend', other.email, '--reason', 'other'],
      ['account', 'reinstate', email, '--reason', 'second'],
    ])
      expect((await admin([...argv, '--operator', 'judy'])).code).toBe(0);

    const listed = await admin(['audit', 'list', '--user', email]);
    expect(listed, listed.err).toMatchObject({ code: 0 });
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+AT \(UTC\)\s+ACTOR\s+ACTION\s+SUBJECT\s+USER\s+REASON\s+BEFORE → AFTER$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `operator:judy\\s+account\\.reinstate\\s+user:${userId}\\s+${userId}\\s+second\\s+` +
          `\\{"status":"suspended","excluded_until":null\\} → \\{"status":"active","excluded_until":null\\}$`,
      ),
    );
    expect(lines[2]).toMatch(/account\.suspend\s+.*\s+first\s+\{"status":"active"/);

    const bySubject = await admin(['audit', 'list', '--subject', `user:${userId}`, '--limit', '1']);
    expect(bySubject.out.split('\n')).toHaveLength(2);
    expect(bySubject.out).toMatch(/account\.reinstate/);

    const newest = (await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
    expect((await admin(['audit', 'list', '--limit', '1'])).out.split('\n')[1]).toMatch(
      new RegExp(`^${newest.id}\\s`),
    );
    expect((await admin(['audit', 'list', '--subject', 'user:0'])).out).toBe('No audit entries.');
  });

  it('checks its arguments before connecting', async () => {
    for (const argv of [
      ['audit', 'list', '--limit', '0'],
      ['audit', 'list', '--limit', '501'],
      ['audit', 'list', '--subject', 'payout'],
      ['audit', 'list', '--subject', ':12'],
      ['audit', 'list', 'extra'],
      ['audit', 'list', '--operator'],
    ])
      expect(await admin(argv), argv.join(' ')).toMatchObject({ code: 2, connected: false });
    expect((await admin(['audit', 'list', '--user', 'nobody@example.com'])).code).toBe(1);
  });
});
