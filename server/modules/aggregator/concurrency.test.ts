/**
 * The wallet under load and under a provider's retries (issue 17): many bets of one player at once, and
 * the bet → timeout → same bet again → rollback sequence a provider sends when the wallet answers slowly.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { lockUserMoney, MONEY_LOCK_CLASS } from '../ledger/service';
import { aggregatorTransactions } from './schema';
import { cashMinor, units, uuid, wallet, walletPlayer } from './testing';

const SECRET = `aggregator-test-secret-${'c'.repeat(16)}`;
const { app, db } = await createTestApp({ env: { AGGREGATOR_SECRET: SECRET } });
const w = wallet(app, SECRET);

/**
 * How many transactions wait for the player's money lock: in this test's database only (pg_locks is the
 * whole server's, and the other test files' players have the same small ids) and of the money lock's
 * class (the two-key advisory lock puts it in classid).
 */
async function waitingOn(userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted AND objid = ${userId} AND classid = ${MONEY_LOCK_CLASS}
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0].n;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out waiting');
}

describe('the wallet under concurrency', () => {
  it('100 parallel bets of one player with money for 30 leave exactly 30 bets; the rest answer RS_ERROR_NOT_ENOUGH_MONEY with the balance', async () => {
    const me = await walletPlayer(db, { money: 30 });
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        w.bet(me, { uuid: uuid(), amount: units(1), round: `round-${i}` }),
      ),
    );
    const ok = replies.filter((reply) => reply.status === 'RS_OK');
    const refused = replies.filter((reply) => reply.status !== 'RS_OK');
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(70);
    for (const reply of refused) {
      expect(reply).toMatchObject({
        status: 'RS_ERROR_NOT_ENOUGH_MONEY',
        user: me.user,
        currency: 'RUB',
        balance: 0,
      });
    }
    // Each accepted bet answered the balance its stake left: 29, 28, … 0, once each.
    expect(ok.map((reply) => reply.balance).sort((a, b) => b! - a!)).toEqual(
      Array.from({ length: 30 }, (_, i) => units(29 - i)),
    );
    expect(await cashMinor(db, me.id)).toBe(0n);
    const rows = await db
      .select()
      .from(aggregatorTransactions)
      .where(eq(aggregatorTransactions.userId, me.id));
    expect(rows).toHaveLength(30);
    const [{ stakes }] = (
      await db.execute<{ stakes: number }>(
        sql`SELECT count(*)::int AS stakes FROM ledger_transfers t
            WHERE t.kind = 'bet' AND t.idempotency_key IN (
              SELECT 'aggregator:' || transaction_uuid FROM aggregator_transactions WHERE user_id = ${me.id})`,
      )
    ).rows;
    expect(stakes).toBe(30);
    await assertLedgerInvariants(db);
  });

  it('takes one stake and refunds it once when a slow bet is sent again and then rolled back', async () => {
    const me = await walletPlayer(db, { money: 100 });
    const bet = uuid();
    // The wallet is slow: another transaction holds the player's money lock while the provider's calls come.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = db.transaction(async (tx) => {
      await lockUserMoney(tx, me.id);
      await gate;
    });
    await until(async () => (await waitingOn(me.id)) === 0);

    const first = w.bet(me, { uuid: bet, amount: units(10) });
    await until(async () => (await waitingOn(me.id)) === 1);
    // The provider's timeout: the same bet again, then (still no answer) its rollback.
    const again = w.bet(me, { uuid: bet, amount: units(10) });
    await until(async () => (await waitingOn(me.id)) === 2);
    const rollback = uuid();
    const back = w.rollback(me, { uuid: rollback, bet });
    await until(async () => (await waitingOn(me.id)) === 3);
    release();
    await holder;

    expect(await first).toMatchObject({ status: 'RS_OK', balance: units(90) });
    expect(await again).toMatchObject({ status: 'RS_OK', balance: units(90) });
    expect(await back).toMatchObject({ status: 'RS_OK', balance: units(100) });
    // The rollback's retry, and the bet's own late retry: nothing moves any more.
    expect(await w.rollback(me, { uuid: rollback, bet })).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    expect((await w.bet(me, { uuid: bet, amount: units(10) })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );

    const moved = await db
      .select({ key: ledgerTransfers.idempotencyKey, kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(
        and(
          like(ledgerTransfers.idempotencyKey, 'aggregator:%'),
          sql`${ledgerTransfers.meta}->>'transaction_uuid' IN (${bet}, ${rollback})`,
        ),
      );
    expect(moved.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { key: `aggregator:${bet}`, kind: 'bet' },
      { key: `aggregator:${rollback}`, kind: 'win' },
    ]);
    expect(await cashMinor(db, me.id)).toBe(10_000n);
    await assertLedgerInvariants(db);
  });

  it('refuses the bet when its rollback overtakes it, and moves nothing', async () => {
    const me = await walletPlayer(db, { money: 100 });
    const bet = uuid();
    const [late, rollback] = await Promise.all([
      new Promise((resolve) => setTimeout(resolve, 30)).then(() =>
        w.bet(me, { uuid: bet, amount: units(10) }),
      ),
      w.rollback(me, { uuid: uuid(), bet }),
    ]);
    expect(rollback).toMatchObject({ status: 'RS_OK' });
    // Whichever came first, the player ends with the money they had and the bet is not in force.
    expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(late.status);
    expect(await cashMinor(db, me.id)).toBe(10_000n);
    const [row] = await db
      .select()
      .from(aggregatorTransactions)
      .where(eq(aggregatorTransactions.transactionUuid, bet));
    expect(row?.status ?? 'never taken').not.toBe('accepted');
  });
});
