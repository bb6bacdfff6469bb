import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { insertUser } from '../users/service';
import { assertLedgerInvariants, ledgerInvariantViolations } from './invariants';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './schema';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidTransferError,
  systemAccount,
  transfer,
  userAccount,
} from './service';

const { db } = await createTestDatabase();

async function newUser() {
  const user = await insertUser(
    db,
    { email: `l-${randomBytes(5).toString('hex')}@example.com`, registerMethod: 'email', currency: 'RUB' },
    new Date(),
  );
  return user.id;
}

const key = () => `test:${randomBytes(8).toString('hex')}`;

async function fund(userId: number, minor: bigint) {
  const house = await systemAccount(db, 'house', 'RUB');
  const cash = await userAccount(db, userId, 'RUB');
  await transfer(db, {
    idempotencyKey: key(),
    kind: 'adjustment',
    entries: [
      { account: house, amountMinor: -minor },
      { account: cash, amountMinor: minor },
    ],
  });
  return { house, cash };
}

const balanceOf = async (id: number) =>
  (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0].balanceMinor;

describe('transfer', () => {
  it('moves money with balanced entries and updates the cached balances', async () => {
    const { house, cash } = await fund(await newUser(), 10_000n);
    expect(await balanceOf(cash.id)).toBe(10_000n);
    expect(await balanceOf(house.id)).toBeLessThanOrEqual(-10_000n); // a system account may go negative
    await assertLedgerInvariants(db);
  });

  it('refuses unbalanced, single-entry, zero and duplicate-account transfers', async () => {
    const { house, cash } = await fund(await newUser(), 100n);
    const bad = [
      [
        { account: house, amountMinor: -5n },
        { account: cash, amountMinor: 4n },
      ],
      [{ account: cash, amountMinor: 0n }],
      [
        { account: house, amountMinor: 0n },
        { account: cash, amountMinor: 0n },
      ],
      [
        { account: cash, amountMinor: 1n },
        { account: cash, amountMinor: -1n },
      ],
    ];
    for (const entries of bad) {
      await expect(
        transfer(db, { idempotencyKey: key(), kind: 'adjustment', entries }),
      ).rejects.toBeInstanceOf(InvalidTransferError);
    }
    expect(await balanceOf(cash.id)).toBe(100n);
  });

  it('never takes a user balance below zero, and leaves nothing behind when it refuses', async () => {
    const { house, cash } = await fund(await newUser(), 100n);
    const k = key();
    await expect(
      transfer(db, {
        idempotencyKey: k,
        kind: 'bet',
        entries: [
          { account: cash, amountMinor: -101n },
          { account: house, amountMinor: 101n },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(cash.id)).toBe(100n);
    expect(await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, k))).toEqual([]);
    // The database refuses too, whatever the code does.
    await expect(
      db.execute(sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE id = ${cash.id}`),
    ).rejects.toThrow();
  });

  it('returns the first transfer for a repeated key with the same payload, and 409s a different payload', async () => {
    const { house, cash } = await fund(await newUser(), 1_000n);
    const input = {
      idempotencyKey: key(),
      kind: 'bet' as const,
      reference: 'round:1',
      meta: { game: 'dice' },
      entries: [
        { account: cash, amountMinor: -300n },
        { account: house, amountMinor: 300n },
      ],
    };
    const first = await transfer(db, input);
    const again = await transfer(db, { ...input, entries: [...input.entries].reverse() });
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ transferId: first.transferId, replayed: true });
    expect(await balanceOf(cash.id)).toBe(700n);
    const conflict = transfer(db, {
      ...input,
      entries: [
        { account: cash, amountMinor: -301n },
        { account: house, amountMinor: 301n },
      ],
    });
    await expect(conflict).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(transfer(db, { ...input, meta: { game: 'keno' } })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await balanceOf(cash.id)).toBe(700n);
    await assertLedgerInvariants(db);
  });

  it('inside a caller transaction, a refused transfer rolls back only itself', async () => {
    const { house, cash } = await fund(await newUser(), 50n);
    await db.transaction(async (tx) => {
      await transfer(tx, {
        idempotencyKey: key(),
        kind: 'bet',
        entries: [
          { account: cash, amountMinor: -20n },
          { account: house, amountMinor: 20n },
        ],
      });
      await expect(
        transfer(tx, {
          idempotencyKey: key(),
          kind: 'bet',
          entries: [
            { account: cash, amountMinor: -31n },
            { account: house, amountMinor: 31n },
          ],
        }),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
    });
    expect(await balanceOf(cash.id)).toBe(30n);
  });

  it('50 parallel debits against a balance covering 20 apply exactly 20', async () => {
    const { house, cash } = await fund(await newUser(), 2_000n);
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        transfer(db, {
          idempotencyKey: key(),
          kind: 'bet',
          entries: [
            { account: cash, amountMinor: -100n },
            { account: house, amountMinor: 100n },
          ],
        }),
      ),
    );
    const elapsed = performance.now() - started;
    if (process.env.TEST_TIMINGS) console.info(`[ledger] 50 parallel debits in ${elapsed.toFixed(0)} ms`);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.every((r) => r.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await balanceOf(cash.id)).toBe(0n);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, cash.id));
    expect(entries).toHaveLength(21);
    await assertLedgerInvariants(db);
  });

  it('the same key sent 10 times in parallel moves money once', async () => {
    const { house, cash } = await fund(await newUser(), 1_000n);
    const input = {
      idempotencyKey: key(),
      kind: 'bet' as const,
      entries: [
        { account: cash, amountMinor: -100n },
        { account: house, amountMinor: 100n },
      ],
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(db, input)));
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balanceOf(cash.id)).toBe(900n);
  });

  it('transfers crossing the same accounts in opposite directions do not deadlock', async () => {
    const a = await fund(await newUser(), 10_000n);
    const b = await fund(await newUser(), 10_000n);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        transfer(db, {
          idempotencyKey: key(),
          kind: 'adjustment',
          entries:
            i % 2 === 0
              ? [
                  { account: a.cash, amountMinor: -10n },
                  { account: b.cash, amountMinor: 10n },
                ]
              : [
                  { account: b.cash, amountMinor: -10n },
                  { account: a.cash, amountMinor: 10n },
                ],
        }),
      ),
    );
    expect(await balanceOf(a.cash.id)).toBe(10_000n);
    await assertLedgerInvariants(db);
  });

  it('assertLedgerInvariants notices a cached balance that disagrees with its entries', async () => {
    const { house } = await fund(await newUser(), 100n);
    await db.execute(
      sql`UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE id = ${house.id}`,
    );
    expect((await ledgerInvariantViolations(db)).join('\n')).toMatch(/cached balance differs/);
    await db.execute(
      sql`UPDATE ledger_accounts SET balance_minor = balance_minor - 1 WHERE id = ${house.id}`,
    );
    await assertLedgerInvariants(db);
  });

  it('keeps its history append-only: no UPDATE, DELETE or TRUNCATE of transfers or entries, whoever asks', async () => {
    const { cash } = await fund(await newUser(), 100n);
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, cash.id));
    const id = entry.transferId;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (caught: unknown) =>
          caught as { cause?: { code?: string; message?: string }; code?: string; message?: string },
      );
      expect(error, String(statement.queryChunks)).not.toBeNull();
      const cause = error!.cause ?? error!;
      expect(cause.code).toBe('42501');
      expect(cause.message).toMatch(/ledger history is append-only/);
    };
    await refused(sql`UPDATE ledger_transfers SET meta = '{}'::jsonb WHERE id = ${id}`);
    await refused(sql`DELETE FROM ledger_transfers WHERE id = ${id}`);
    await refused(sql`UPDATE ledger_entries SET amount_minor = amount_minor * 2 WHERE transfer_id = ${id}`);
    await refused(sql`DELETE FROM ledger_entries WHERE transfer_id = ${id}`);
    await refused(sql`TRUNCATE ledger_entries`);
    await refused(sql`TRUNCATE ledger_transfers CASCADE`);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, id))).toHaveLength(2);
    await assertLedgerInvariants(db);
  });
});
