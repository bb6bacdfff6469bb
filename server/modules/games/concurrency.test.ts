import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { HOUSE_SHARDS } from '../ledger/service';
import { api, cashBalance, key, newPlayer } from './testing';

const { app, db } = await createTestApp();

describe('parallel bets', () => {
  it('100 parallel bets from one user with money for 30 leave exactly 30 bets and a consistent ledger', async () => {
    const player = await newPlayer(app, db, 30);
    const p = api(app, player.token);
    // Stake 1 on dice with a 0.01 % chance: every bet loses (a win would fund more bets), except by a
    // 1-in-10 001 roll, which the check below would then report.
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        p.post('/dice/bet', { amount: 1, target: 0.01, direction: 'under', idempotency_key: key() }),
      ),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    const wins = ok.filter((r) => r.json().bet.status === 'won').length;
    expect(wins).toBe(0);
    expect(ok).toHaveLength(30);
    expect(refused.map((r) => [r.statusCode, r.json().errors?.amount?.[0]?.split(':')[0]])).toEqual(
      Array.from({ length: 70 }, () => [422, 'insufficient_funds']),
    );
    expect(ok.map((r) => r.json().bet.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i),
    );
    expect((await p.get('/fair/seed')).json().nonce).toBe(30);
    expect((await p.get('/games/bets')).json().total).toBe(30);
    expect(await cashBalance(app, player.token)).toBe(0);
    const [{ bets }] = (
      await db.execute<{ bets: string }>(
        sql`SELECT count(*)::text AS bets FROM ledger_transfers WHERE kind = 'bet' AND meta->>'game' = 'dice'
            AND reference IN (SELECT 'game-bet:' || id FROM game_bets WHERE user_id = ${player.id})`,
      )
    ).rows;
    expect(bets).toBe('30');
    await assertLedgerInvariants(db);
  });

  it('parallel bets of several games and players keep per-user consecutive nonces', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(app, db, 1_000)));
    await Promise.all(
      players.flatMap((player) =>
        Array.from({ length: 10 }, (_, i) =>
          api(app, player.token).post(
            i % 2 ? '/coinflip/bet' : '/keno/bet',
            i % 2
              ? { amount: 3, side: 'heads', idempotency_key: key() }
              : { amount: 3, picks: [1, 2, 3], risk: 'low', idempotency_key: key() },
          ),
        ),
      ),
    );
    for (const player of players) {
      const list = (await api(app, player.token).get('/games/bets?per_page=100')).json();
      expect(list.items.map((b: { nonce: number }) => b.nonce).sort((a: number, b: number) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, i) => i),
      );
      const net = list.items.reduce(
        (sum: number, b: { amount: number; payout: number }) => sum - b.amount + b.payout,
        0,
      );
      expect(await cashBalance(app, player.token)).toBeCloseTo(1_000 + net, 6);
    }
    // Each player's bets moved money with the house shard of their id, so they never waited on one lock.
    const shards = await db.execute<{ user_id: number; codes: string }>(
      sql`SELECT b.user_id, string_agg(DISTINCT a.system_code, ',') AS codes
          FROM game_bets b
          JOIN ledger_transfers t ON t.reference = 'game-bet:' || b.id AND t.kind = 'bet'
          JOIN ledger_entries e ON e.transfer_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id AND a.system_code IS NOT NULL
          WHERE b.user_id IN (${sql.join(
            players.map((p) => sql`${p.id}`),
            sql`, `,
          )})
          GROUP BY b.user_id`,
    );
    expect(shards.rows.map((r) => [r.user_id, r.codes]).sort()).toEqual(
      players.map((p) => [p.id, `house:${p.id % HOUSE_SHARDS}`]).sort(),
    );
    await assertLedgerInvariants(db);
  });
});
