import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { client, signUpByEmail } from '../../test/accounts';
import { balances, deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { sandboxProvider, type PaymentProvider } from '../billing/providers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { payouts } from './schema';

const { app, db, config } = await createTestApp();
// Without the welcome pack: a first deposit would otherwise start a bonus, which blocks withdrawals.
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);

const sandbox = sandboxProvider(config);
const createPayout = vi.spyOn(sandbox, 'createPayout');
const providers = new Map<string, PaymentProvider>([['sandbox', sandbox]]);

async function adminWith(given: ReadonlyMap<string, PaymentProvider> | undefined, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect,
    providers: given,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

const admin = (...argv: string[]) => adminWith(providers, argv);

/** A RUB player with 1000 of cash who asked to withdraw 300 to a card: their first payout, so `review`. */
async function payoutInReview(): Promise<{ id: number; email: string; token: string }> {
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
  expect((await balances(app, token)).balance).toBe(700);
  return { id: response.json().id as number, email, token };
}

const rowOf = async (id: number) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0];

describe('npm run admin -- payout', () => {
  it('checks its arguments before connecting', async () => {
    for (const argv of [
      ['payout', 'approve', '1'],
      ['payout', 'approve', '1', '--reviewer', '  '],
      ['payout', 'approve', '--reviewer', 'alice'],
      ['payout', 'approve', 'abc', '--reviewer', 'alice'],
      ['payout', 'approve', '0', '--reviewer', 'alice'],
      ['payout', 'reject', '1', '--reviewer', 'bob'],
      ['payout', 'reject', '1', '--reason', 'fraud'],
      ['payout', 'reject', '-1', '--reviewer', 'bob', '--reason', 'fraud'],
      ['payout', 'show'],
      ['payout', 'show', '1', '2'],
      ['payout', 'show', '99999999999'],
      ['payout', 'list', '--status', 'lost'],
      ['payout', 'list', '--limit', '0'],
      ['payout', 'list', '--limit', '1001'],
      ['payout', 'list', 'extra'],
    ]) {
      expect(await admin(...argv), argv.join(' ')).toMatchObject({ code: 2, connected: false });
    }
    const missing = await admin('payout', 'approve', '1');
    expect(missing.err).toMatch(/--reviewer NAME is required/);
  });

  it('lists the review queue, approves a payout under the reviewer name and sends it, once', async () => {
    const { id, email } = await payoutInReview();

    const queue = await admin('payout', 'list', '--status', 'review', '--user', email);
    expect(queue, queue.err).toMatchObject({ code: 0 });
    const lines = queue.out.split('\n');
    expect(lines[0]).toMatch(
      /^ID\s+USER\s+AMOUNT\s+FEE\s+CURRENCY\s+STATUS\s+REVIEW\s+DESTINATION\s+CREATED \(UTC\)$/,
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${id}\\s+\\d+\\s+300\\.00\\s+\\d+\\.\\d{2}\\s+RUB\\s+review\\s+first_payout\\s+•••• 1111\\s+\\d{4}-`,
      ),
    );
    expect(lines[2]).toMatch(
      /payout approve <ID> --reviewer NAME .* payout reject <ID> --reviewer NAME --reason TEXT/,
    );
    expect(queue.out).not.toContain('4111111111111111');
    expect((await admin('payout', 'list', '--status', 'review')).out).toMatch(
      new RegExp(`^${id}\\s.*\\sreview\\s`, 'm'),
    );

    const calls = createPayout.mock.calls.length;
    const approved = await admin(
      'payout',
      'approve',
      String(id),
      '--reviewer',
      'alice',
      '--note',
      'known player',
    );
    expect(approved, approved.err).toMatchObject({ code: 0 });
    expect(approved.out).toBe(
      `Approved payout ${id} (300.00 RUB, user ${(await rowOf(id)).userId}) by alice; status sent, provider ref sbxp_${id}`,
    );
    expect(createPayout.mock.calls.length).toBe(calls + 1);
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      reviewer: 'alice',
      reviewNote: 'known player',
      providerRef: `sbxp_${id}`,
      reviewedAt: expect.any(Date),
    });

    const again = await admin('payout', 'approve', String(id), '--reviewer', 'carol');
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toBe(`Error: Payout ${id} is sent, not waiting for review`);
    expect(createPayout.mock.calls.length).toBe(calls + 1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', reviewer: 'alice' });

    const rejectSent = await admin('payout', 'reject', String(id), '--reviewer', 'bob', '--reason', 'late');
    expect(rejectSent).toMatchObject({ code: 1 });
    expect(rejectSent.err).toMatch(
      new RegExp(`^Error: Payout ${id} is sent: only a payout not yet with the provider`),
    );
    expect(await rowOf(id)).toMatchObject({ status: 'sent', reviewer: 'alice' });

    const shown = await admin('payout', 'show', String(id));
    expect(shown, shown.err).toMatchObject({ code: 0 });
    expect(shown.out).toMatch(new RegExp(`^Payout ${id}$`, 'm'));
    expect(shown.out).toMatch(/^ {2}status:\s+sent$/m);
    expect(shown.out).toMatch(/^ {2}reviewer:\s+alice$/m);
    expect(shown.out).toMatch(/^ {2}review note:\s+known player$/m);
    expect(shown.out).toMatch(/^ {2}destination:\s+4111111111111111$/m);
    expect(shown.out).toMatch(new RegExp(`^ {2}provider ref:\\s+sbxp_${id}$`, 'm'));
    expect((await admin('payout', 'list', '--status', 'review', '--user', email)).out).toBe('No payouts.');
    await assertLedgerInvariants(db);
  });

  it('rejects a payout under the reviewer name and returns the money to the player', async () => {
    const { id, token } = await payoutInReview();
    const rejected = await admin(
      'payout',
      'reject',
      String(id),
      '--reviewer',
      'bob',
      '--reason',
      'card not theirs',
    );
    expect(rejected, rejected.err).toMatchObject({ code: 0 });
    expect(rejected.out).toMatch(
      new RegExp(`^Rejected payout ${id} by bob; status rejected, 300\\.00 RUB returned`),
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'rejected',
      reviewer: 'bob',
      reviewNote: 'card not theirs',
      reviewedAt: expect.any(Date),
    });
    expect((await balances(app, token)).balance).toBe(1000);

    const again = await admin('payout', 'reject', String(id), '--reviewer', 'bob', '--reason', 'again');
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toMatch(new RegExp(`Payout ${id} is rejected`));
    const approve = await admin('payout', 'approve', String(id), '--reviewer', 'alice');
    expect(approve).toMatchObject({ code: 1 });
    expect(approve.err).toBe(`Error: Payout ${id} is rejected, not waiting for review`);
    expect((await balances(app, token)).balance).toBe(1000);
    expect((await admin('payout', 'show', String(id))).out).toMatch(/^ {2}reviewer:\s+bob$/m);
    await assertLedgerInvariants(db);
  });

  it('reports an unknown payout', async () => {
    for (const argv of [
      ['payout', 'show', '999999'],
      ['payout', 'approve', '999999', '--reviewer', 'alice'],
      ['payout', 'reject', '999999', '--reviewer', 'bob', '--reason', 'x'],
    ]) {
      const result = await admin(...argv);
      expect(result, argv.join(' ')).toMatchObject({ code: 1, connected: true });
      expect(result.err).toBe('Error: No payout 999999');
    }
    expect((await admin('payout', 'list', '--user', 'nobody@example.com')).code).toBe(1);
  });

  it('changes nothing without the provider, and sends an approved payout its provider failed on when approved again', async () => {
    const { id, token } = await payoutInReview();
    const none = await adminWith(undefined, ['payout', 'approve', String(id), '--reviewer', 'alice']);
    expect(none).toMatchObject({ code: 1 });
    expect(none.err).toMatch(/goes through sandbox, which this process does not talk to; nothing changed/);
    expect(await rowOf(id)).toMatchObject({ status: 'review', reviewer: null });

    const down: PaymentProvider = {
      ...sandbox,
      createPayout: async () => {
        throw new Error('connection refused');
      },
    };
    const failed = await adminWith(new Map([['sandbox', down]]), [
      'payout',
      'approve',
      String(id),
      '--reviewer',
      'alice',
    ]);
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.err).toMatch(
      new RegExp(`Payout ${id} is approved but was not sent: connection refused; run \`payout approve ${id}`),
    );
    expect(await rowOf(id)).toMatchObject({ status: 'approved', reviewer: 'alice', providerRef: null });

    const calls = createPayout.mock.calls.length;
    const resent = await admin('payout', 'approve', String(id), '--reviewer', 'carol');
    expect(resent, resent.err).toMatchObject({ code: 0 });
    expect(resent.out).toMatch(
      new RegExp(`^Payout ${id} was approved by alice at .*; now sent, provider ref sbxp_${id}$`),
    );
    expect(createPayout.mock.calls.length).toBe(calls + 1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', reviewer: 'alice' });
    expect((await balances(app, token)).balance).toBe(700);
    await assertLedgerInvariants(db);
  });
});
