/**
 * The lock order of money transactions (see the top of ledger/service.ts): a deposit webhook and the
 * bets of the same player with an active bonus take the player's money lock before any account row, so
 * they take turns instead of deadlocking. The money lock is remembered per transaction handle, so taking
 * it again costs nothing, but never past a savepoint rolled back (which released it).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { signUpByEmail } from '../../test/accounts';
import { deposit, newInvoice, paidEvent, webhook } from '../../test/deposits';
import { transactionRetries } from '../../db/transaction';
import { createTestApp } from '../../test/helpers';
import { api, key } from '../games/testing';
import { assertLedgerInvariants } from './invariants';
import { lockUserMoney } from './service';

const SECRET = 'lock-order-test-webhook-secret-0123456789';
const { app, db } = await createTestApp({
  env: { RATE_LIMIT_ENABLED: 'false', SANDBOX_PAYMENT_SECRET: SECRET },
});
await seedDatabase(db);

describe('lock order of money transactions', () => {
  it('deposit webhooks racing bets of one player with an active bonus all succeed', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 5_000); // the bonus: active, wagered by every bet below
    const invoices = await Promise.all(Array.from({ length: 12 }, () => newInvoice(app, token, 500)));
    const p = api(app, token);
    const bets = Array.from({ length: 36 }, () =>
      p.post('/dice/bet', { amount: 10, target: 50, direction: 'under', idempotency_key: key() }),
    );
    const hooks = invoices.map((invoice) => webhook(app, SECRET, paidEvent(invoice)));
    const retriesBefore = transactionRetries.count;
    const replies = await Promise.all([...bets, ...hooks]);
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    // One lock order: nothing deadlocked, so the runner had nothing to run again.
    expect(transactionRetries.count - retriesBefore).toBe(0);
    expect(replies.slice(bets.length).map((r) => r.json().outcome)).toEqual(invoices.map(() => 'credited'));
    await assertLedgerInvariants(db);
  });

  it('takes the money lock again after the savepoint that took it was rolled back', async () => {
    const userId = 2_000_000_001;
    const heldHere = async (tx: Executor) => {
      const { rows } = await tx.execute<{ held: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
          AND objid = ${userId}::oid AND granted) AS held`);
      return rows[0].held;
    };
    await db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await lockUserMoney(savepoint, userId);
          await lockUserMoney(savepoint, userId); // remembered: no second lock
          expect(await heldHere(savepoint)).toBe(true);
          throw new Error('roll the savepoint back');
        })
        .catch(() => undefined);
      // The rollback released the lock: the outer transaction must take it for itself.
      expect(await heldHere(tx)).toBe(false);
      await lockUserMoney(tx, userId);
      expect(await heldHere(tx)).toBe(true);
    });
  });
});
