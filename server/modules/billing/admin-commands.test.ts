import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { seedDatabase } from '../../db/seed';
import { client, profile, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';

const { app, db } = await createTestApp();
await seedDatabase(db);

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const connect = vi.fn(async () => ({ db, close: async () => undefined }));
  const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
  return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
}

const balance = async (token: string) => (await profile(app, token)).json().user.balance as number;

describe('npm run admin -- balance', () => {
  it('credits and debits through the ledger, idempotently with --key', async () => {
    const { email, token } = await signUpByEmail(app);
    const credit = await admin('balance', 'credit', email, '150.50', '--reason', 'goodwill', '--key', 'c-1');
    expect(credit, credit.err).toMatchObject({ code: 0 });
    expect(credit.out).toMatch(/^Credited 150\.50 RUB .*balance 150\.50$/);
    const replay = await admin('balance', 'credit', email, '150.50', '--reason', 'goodwill', '--key', 'c-1');
    expect(replay.out).toMatch(/^Already applied/);
    expect(await balance(token)).toBe(150.5);
    const conflict = await admin('balance', 'credit', email, '1', '--reason', 'goodwill', '--key', 'c-1');
    expect(conflict.code).toBe(1);
    expect((await admin('balance', 'debit', email, '50.5', '--reason', 'chargeback')).code).toBe(0);
    expect(await balance(token)).toBe(100);
    const tooMuch = await admin('balance', 'debit', email, '100.01', '--reason', 'chargeback');
    expect(tooMuch).toMatchObject({ code: 1 });
    expect(tooMuch.err).toMatch(/Insufficient funds/);
    expect(await balance(token)).toBe(100);
    const history = (await client(app).get('/profile/history', token)).json();
    expect(
      history.items.map((i: { kind: string; amount: number; description: string }) => [
        i.kind,
        i.amount,
        i.description,
      ]),
    ).toEqual([
      ['adjustment', -50.5, 'chargeback'],
      ['adjustment', 150.5, 'goodwill'],
    ]);
    await assertLedgerInvariants(db);
  });

  it('checks its arguments before connecting', async () => {
    for (const argv of [
      ['balance', 'credit', '1', '10'],
      ['balance', 'credit', '1', 'ten', '--reason', 'x'],
      ['balance', 'debit', '1', '-5', '--reason', 'x'],
      ['balance', 'debit', '1', '0', '--reason', 'x'],
      ['balance', 'credit', '1', '10', '--reason', 'x', '--key', 'bad key'],
      ['invoice', 'list', '--status', 'lost'],
    ]) {
      expect(await admin(...argv), argv.join(' ')).toMatchObject({ code: 2, connected: false });
    }
    expect(await admin('balance', 'credit', 'nobody@example.com', '1', '--reason', 'x')).toMatchObject({
      code: 1,
    });
  });
});

describe('npm run admin -- invoice list', () => {
  it('lists invoices filtered by user and status', async () => {
    const { email, token } = await signUpByEmail(app);
    for (const amount of [500, 700]) {
      const r = await client(app).post(
        '/api/v2/billing/payment',
        { method: 'sandbox-card-rub', amount, idempotency_key: `inv-${amount}-key` },
        token,
      );
      expect(r.statusCode).toBe(200);
    }
    const id = (await admin('invoice', 'list', '--user', email)).out.split('\n')[2].split(/\s+/)[0];
    await client(app).post(`/sandbox/invoices/${id}/pay`, {});
    const paid = await admin('invoice', 'list', '--user', email, '--status', 'paid');
    expect(paid.out.split('\n')).toHaveLength(2);
    expect(paid.out).toMatch(/\s500\.00\s+RUB\s+paid\s+sandbox\s/);
    const created = await admin('invoice', 'list', '--user', email, '--status', 'created');
    expect(created.out).toMatch(/\s700\.00\s+RUB\s+created\s/);
    expect((await admin('invoice', 'list', '--status', 'expired')).out).toBe('No invoices.');
  });
});
