/**
 * Crash safety: the API process dies (SIGKILL) right after a debit commits and before it replies
 * (FAULT_EXIT_AFTER_COMMIT=balance-debit). After a restart, replaying the same idempotency key applies
 * nothing new: exactly one debit, invariants intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerEntries, ledgerTransfers } from '../ledger/schema';
import { findUserByEmail } from '../users/service';
import { adjustBalance } from './service';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const { db, url } = await createTestDatabase();
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATABASE_URL: url,
      JWT_SECRET: 'crash-test-secret-'.padEnd(40, 'x'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { child, exited, output: () => output };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server did not start:\n${output}`);
}

describe('crash between commit and reply', () => {
  it('a replay after restart applies the debit once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const faulty = await startServer(port, { FAULT_EXIT_AFTER_COMMIT: 'balance-debit' });
    const email = `crash-${randomBytes(5).toString('hex')}@example.com`;
    const signUp = await fetch(`${base}/api/v2/auth/register/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse 1', age_confirmed: true, terms_accepted: true }),
    });
    expect(signUp.status, faulty.output()).toBe(200);
    const { token } = (await signUp.json()) as { token: string };
    const user = (await findUserByEmail(db, email))!;
    await adjustBalance(db, {
      userId: user.id,
      currency: 'RUB',
      direction: 'credit',
      amountMinor: 100_000n,
      reason: 'test funds',
      key: `fund-${user.id}`,
      source: 'admin',
    });

    const debit = () =>
      fetch(`${base}/sandbox/wallet/debit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: 250, idempotency_key: 'crash-debit-0001' }),
      });
    await expect(debit()).rejects.toThrow(); // the process died before answering
    expect(await faulty.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const healthy = await startServer(port);
    try {
      const replay = await debit();
      expect(replay.status, healthy.output()).toBe(200);
      expect(await replay.json()).toMatchObject({ replayed: true, balance: 750 });
      const profile = await fetch(`${base}/profile/user`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await profile.json()) as { user: { balance: number } }).user.balance).toBe(750);
    } finally {
      healthy.child.kill('SIGTERM');
      await healthy.exited;
    }
    const debits = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `adjust:sandbox:${user.id}:crash-debit-0001`));
    expect(debits).toHaveLength(1);
    expect(
      await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, debits[0].id)),
    ).toHaveLength(2);
    await assertLedgerInvariants(db);
  }, 60_000);
});
