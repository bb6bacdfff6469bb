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

describe('npm run admin -- invoice list --status review, invoice credit, invoice refuse', () => {
  it('lists payments under review and credits or refuses each through the ledger, once', async () => {
    const { email, token } = await signUpByEmail(app);
    const pay = async (amount: number, taken: string) => {
      const invoice = await client(app).post(
        '/api/v2/billing/payment',
        { method: 'sandbox-card-rub', amount, idempotency_key: `rv-${amount}-${taken}-key` },
        token,
      );
      const id = invoice.json().id as number;
      const paid = await client(app).post(`/sandbox/invoices/${id}/pay`, { amount_minor: taken });
      expect(paid.json()).toMatchObject({ outcome: 'amount_mismatch' });
      return id;
    };
    const toCredit = await pay(500, '49000');
    const toRefuse = await pay(700, '1000');
    expect(await balance(token)).toBe(0);

    const listed = await admin('invoice', 'list', '--user', email, '--status', 'review');
    expect(listed, listed.err).toMatchObject({ code: 0 });
    const lines = listed.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+USER\s+AMOUNT\s+TAKEN\s+CURRENCY\s+STATUS\s+REVIEW\s+EVENT/);
    expect(lines[1]).toMatch(
      new RegExp(`^${toRefuse}\\s+\\d+\\s+700\\.00\\s+10\\.00\\s+RUB\\s+created\\s+amount_mismatch\\s`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${toCredit}\\s+\\d+\\s+500\\.00\\s+490\\.00\\s+RUB\\s+created\\s+amount_mismatch\\s`),
    );
    expect(lines[3]).toMatch(/invoice credit <ID> --reason TEXT .* invoice refuse <ID> --reason TEXT/);

    const credited = await admin('invoice', 'credit', String(toCredit), '--reason', 'short payment accepted');
    expect(credited, credited.err).toMatchObject({ code: 0 });
    expect(credited.out).toMatch(new RegExp(`^Credited 490\\.00 RUB for invoice ${toCredit} `));
    const again = await admin('invoice', 'credit', String(toCredit), '--reason', 'short payment accepted');
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toMatch(/^Already resolved: .* credited \(490\.00 RUB\)/);
    expect(await balance(token)).toBe(490);

    const refused = await admin(
      'invoice',
      'refuse',
      String(toRefuse),
      '--reason',
      'returned by the provider',
    );
    expect(refused, refused.err).toMatchObject({ code: 0 });
    expect(refused.out).toMatch(
      new RegExp(`^Refused 10\\.00 RUB for invoice ${toRefuse} .*return it through sandbox`),
    );
    expect((await admin('invoice', 'refuse', String(toRefuse), '--reason', 'x')).out).toMatch(
      /^Already resolved: .* refused/,
    );
    expect(await balance(token)).toBe(490);

    expect((await admin('invoice', 'list', '--user', email, '--status', 'review')).out).toBe('No invoices.');
    expect((await admin('invoice', 'list', '--user', email, '--status', 'paid')).out).toMatch(
      new RegExp(`^${toCredit}\\s+\\d+\\s+500\\.00\\s+RUB\\s+paid\\s`, 'm'),
    );
    const history = (await client(app).get('/profile/history', token)).json();
    expect(history.items.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['deposit', 490],
    ]);
    await assertLedgerInvariants(db);
  });

  it('refuses to credit a review of an invoice paid meanwhile, and checks its arguments', async () => {
    const { token } = await signUpByEmail(app);
    const invoice = await client(app).post(
      '/api/v2/billing/payment',
      { method: 'sandbox-card-rub', amount: 300, idempotency_key: 'rv-paid-meanwhile' },
      token,
    );
    const id = invoice.json().id as number;
    await client(app).post(`/sandbox/invoices/${id}/pay`, { amount_minor: '100' });
    expect((await client(app).post(`/sandbox/invoices/${id}/pay`, {})).json()).toMatchObject({
      outcome: 'credited',
    });
    const credit = await admin('invoice', 'credit', String(id), '--reason', 'x');
    expect(credit).toMatchObject({ code: 1 });
    expect(credit.err).toMatch(/already paid/);
    expect(await balance(token)).toBe(300);
    expect((await admin('invoice', 'refuse', String(id), '--reason', 'duplicate notice')).code).toBe(0);
    expect(await admin('invoice', 'credit', '999999', '--reason', 'x')).toMatchObject({ code: 1 });
    for (const argv of [
      ['invoice', 'credit', String(id)],
      ['invoice', 'credit', 'abc', '--reason', 'x'],
      ['invoice', 'refuse', '--reason', 'x'],
    ]) {
      expect(await admin(...argv), argv.join(' ')).toMatchObject({ code: 2, connected: false });
    }
    await assertLedgerInvariants(db);
  });
});
