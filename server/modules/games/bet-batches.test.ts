/**
 * The bet executor (bet-batches.ts): bets that arrive together leave in one statement, and each still gets
 * exactly its own answer: its row, or its own refusal when another bet of the same batch is refused.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { HOUSE_SHARDS } from '../ledger/service';
import { BATCH_MAX, betBatches, IN_FLIGHT, type BetCall } from './bet-batches';
import { api, key, newPlayer, type Player } from './testing';

const { app, db, pool } = await createTestApp();

interface Bettor extends Player {
  family: string;
  pair: number;
  clientSeed: string;
  nonce: number;
}

/** A player with money who bet once through the API (their pair and accounts exist), as the executor sees them. */
async function bettor(): Promise<Bettor> {
  const player = await newPlayer(app, db, 100);
  const first = await api(app, player.token).post('/coinflip/bet', {
    amount: 1,
    side: 'heads',
    idempotency_key: key(),
  });
  expect(first.statusCode, first.body).toBe(200);
  const row = (
    await db.execute<{ family: string; pair: number; client_seed: string; nonce: number }>(sql`
      SELECT (SELECT id FROM token_families WHERE user_id = ${player.id} AND revoked_at IS NULL LIMIT 1) AS family,
             id AS pair, client_seed, nonce
        FROM fair_seed_pairs WHERE user_id = ${player.id} AND active`)
  ).rows[0];
  return { ...player, family: row.family, pair: row.pair, clientSeed: row.client_seed, nonce: row.nonce };
}

/** The function's parameters for a lost coinflip of `amountMinor` (the outcome is the caller's to say). */
function call(b: Bettor, amountMinor: bigint, idempotencyKey = key()): BetCall {
  return [
    b.id,
    b.family,
    b.pair,
    b.nonce,
    b.clientSeed,
    'coinflip',
    b.currency,
    String(amountMinor),
    '0',
    '0',
    JSON.stringify({ side: 'heads' }),
    JSON.stringify({ side: 'tails', test: 'a "quoted", \\ escaped {outcome}' }),
    idempotencyKey,
    'test-hash',
    '0',
    b.id % HOUSE_SHARDS,
    new Date().toISOString(),
    null,
    null,
    String(amountMinor),
    '0',
    100,
  ];
}

const cashOf = async (userId: number) =>
  BigInt(
    (
      await db.execute<{ balance: string }>(
        sql`SELECT balance_minor::text AS balance FROM ledger_accounts WHERE key = ${`user:${userId}:RUB:cash`}`,
      )
    ).rows[0].balance,
  );

describe('bets sent together', () => {
  const count = IN_FLIGHT + BATCH_MAX;

  it('go in fewer statements than bets, each bet answered its own row', async () => {
    const bettors = await Promise.all(Array.from({ length: count }, bettor));
    const executor = betBatches(pool);
    const before = await Promise.all(bettors.map((b) => cashOf(b.id)));
    // Queued from the highest player down: the batch sorts them by house shard, and must map its rows back.
    const rows = (
      await Promise.all(
        [...bettors].reverse().map((b) => executor.place(call(b, BigInt(100 + bettors.indexOf(b))))),
      )
    ).reverse();

    // The first IN_FLIGHT left alone at once, the rest waited and left together.
    expect(executor.stats.bets).toBe(count);
    expect(executor.stats.batches).toBeGreaterThanOrEqual(1);
    expect(executor.stats.statements).toBeLessThan(count);
    expect(executor.stats.retriedAlone).toBe(0);
    for (const [i, b] of bettors.entries()) {
      const bet = (
        await db.execute<{
          user_id: number;
          amount_minor: string;
          outcome: unknown;
          balance_after_minor: string;
        }>(
          sql`SELECT user_id, amount_minor::text, outcome, balance_after_minor::text FROM game_bets WHERE id = ${rows[i].bet_id}`,
        )
      ).rows[0];
      expect(bet.user_id).toBe(b.id);
      expect(bet.amount_minor).toBe(String(100 + i));
      expect(bet.outcome).toEqual({ side: 'tails', test: 'a "quoted", \\ escaped {outcome}' });
      expect(BigInt(rows[i].balance_after)).toBe(before[i] - BigInt(100 + i));
      expect(bet.balance_after_minor).toBe(rows[i].balance_after);
    }
    await assertLedgerInvariants(db);
  });

  it("answer a refused bet its own refusal and the batch's other bets their rows", async () => {
    const bettors = await Promise.all(Array.from({ length: count }, bettor));
    const executor = betBatches(pool);
    const poor = bettors.at(-1)!; // queued last: in a batch
    const stale = bettors.at(-2)!; // its pair has moved on
    const usedKey = key();
    const replayed = bettors.at(-3)!; // its key was used
    await executor.place(call(replayed, 100n, usedKey));
    replayed.nonce += 1;

    const results = await Promise.allSettled(
      bettors.map((b) => {
        if (b === poor) return executor.place(call(b, 1_000_000n));
        if (b === stale) return executor.place(call({ ...b, nonce: b.nonce + 5 }, 100n));
        if (b === replayed) return executor.place(call(b, 100n, usedKey));
        return executor.place(call(b, 100n));
      }),
    );
    expect(executor.stats.retriedAlone).toBeGreaterThanOrEqual(1);
    for (const [i, b] of bettors.entries()) {
      const result = results[i];
      if (b === poor || b === stale || b === replayed) {
        expect(result.status).toBe('rejected');
        const code = ((result as PromiseRejectedResult).reason as { code?: string }).code;
        expect(code).toBe(b === poor ? 'CB422' : b === stale ? 'CB300' : '23505');
      } else {
        expect(result.status, String((result as PromiseRejectedResult).reason)).toBe('fulfilled');
      }
    }
    // Nothing of the refused bets stayed behind; every other bet is in the ledger once.
    for (const b of bettors) {
      const n = Number(
        (
          await db.execute<{ n: string }>(
            sql`SELECT count(*)::text AS n FROM game_bets WHERE user_id = ${b.id} AND game = 'coinflip'`,
          )
        ).rows[0].n,
      );
      expect(n).toBe(b === poor || b === stale ? 1 : 2);
    }
    await assertLedgerInvariants(db);
  });
});
