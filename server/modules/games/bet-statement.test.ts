/**
 * The instant bet in one statement (bet-statement.ts, migration 0008_bet_statement.sql): what it must keep
 * of the general path's guarantees beyond what the games' other tests already check through the API
 * (limits, replays, insufficient funds, parallel bets, wagering, fairness).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { diceRoll } from '@/lib/fair';
import { seedDatabase } from '../../db/seed';
import { createTestApp } from '../../test/helpers';
import { revokeUserFamilies } from '../auth/tokens';
import { DEFAULT_FEED_SETTINGS } from '../feed/feed';
import { assertLedgerInvariants } from '../ledger/invariants';
import { gameHouseAccount, IdempotencyConflictError, transfer, userAccount } from '../ledger/service';
import { adjustBalance } from '../wallet/service';
import { api, cashBalance, key, newPlayer } from './testing';

/** Longer than the live feed's flush interval (server/modules/feed/feed.ts DEFAULT_FEED_SETTINGS). */
const FEED_FLUSH_WAIT_MS = DEFAULT_FEED_SETTINGS.flushMs + 200;

const { app, db, pool } = await createTestApp();
await seedDatabase(db, undefined, { demo: false }); // the cases

const diceBet = (idempotencyKey = key()) => ({
  amount: 1,
  target: 50,
  direction: 'under',
  idempotency_key: idempotencyKey,
});

const nonceOf = async (token: string) => (await api(app, token).get('/fair/seed')).json().nonce as number;

const betsOf = async (userId: number) =>
  Number(
    (
      await db.execute<{ n: string }>(
        sql`SELECT count(*)::text AS n FROM game_bets WHERE user_id = ${userId}`,
      )
    ).rows[0].n,
  );

describe('the instant bet statement', () => {
  it('refuses a bet of a revoked session at the very next request, though the token was verified before', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    expect((await p.post('/dice/bet', diceBet())).statusCode).toBe(200);
    const balance = await cashBalance(app, player.token);

    // Log out on the same token: the family is revoked, the token itself is still unexpired and cached.
    expect((await p.put('/auth/logout')).statusCode).toBe(200);
    const refused = await p.post('/dice/bet', diceBet());
    expect(refused.statusCode, refused.body).toBe(401);
    expect(await betsOf(player.id)).toBe(1);

    // Revoked elsewhere (every session of the player, as a password change does): the same.
    const other = await newPlayer(app, db, 100);
    expect(
      (
        await api(app, other.token).post('/coinflip/bet', {
          amount: 1,
          side: 'heads',
          idempotency_key: key(),
        })
      ).statusCode,
    ).toBe(200);
    await revokeUserFamilies(db, { userId: other.id, reason: 'test', now: new Date() });
    const again = await api(app, other.token).post('/coinflip/bet', {
      amount: 1,
      side: 'heads',
      idempotency_key: key(),
    });
    expect(again.statusCode).toBe(401);
    expect(await betsOf(other.id)).toBe(1);

    // Nothing moved for the refused bets: the balance and the nonce are where the first bet left them.
    const [{ balance_minor, nonce }] = (
      await db.execute<{ balance_minor: string; nonce: number }>(
        sql`SELECT a.balance_minor::text, p.nonce FROM ledger_accounts a
            JOIN fair_seed_pairs p ON p.user_id = a.user_id AND p.active
            WHERE a.user_id = ${player.id} AND a.kind = 'cash'`,
      )
    ).rows;
    expect(Number(balance_minor) / 100).toBe(balance);
    expect(nonce).toBe(1);
    await assertLedgerInvariants(db);
  });

  it('places a warm bet in one round trip to the database, a case opening included', async () => {
    const player = await newPlayer(app, db, 1_000);
    const p = api(app, player.token);
    const calls: [string, () => object][] = [
      ['/dice/bet', () => diceBet()],
      ['/cases/starter/open', () => ({ idempotency_key: key() })],
    ];
    for (const [url, body] of calls) {
      expect((await p.post(url, body())).statusCode).toBe(200);
      // The live feed reads the player's name with its next flush (then keeps it 10 s): not in the count.
      await new Promise((resolve) => setTimeout(resolve, FEED_FLUSH_WAIT_MS));
      const query = vi.spyOn(pool, 'query');
      const connect = vi.spyOn(pool, 'connect');
      try {
        const reply = await p.post(url, body());
        expect(reply.statusCode).toBe(200);
        // One pool.query (which checks a connection out once for itself): no transaction, no other query.
        expect(query, url).toHaveBeenCalledTimes(1);
        expect(connect, url).toHaveBeenCalledTimes(1);
      } finally {
        query.mockRestore();
        connect.mockRestore();
      }
    }
  });

  it("takes a player's bets in turn however long one takes: each on the nonce the previous left, none played twice", async () => {
    const player = await newPlayer(app, db, 1_000);
    const p = api(app, player.token);
    expect((await p.post('/dice/bet', diceBet())).statusCode).toBe(200); // the process knows the player
    const before = await nonceOf(player.token);
    // The first of the bets below waits on the seed pair's row, held elsewhere for 600 ms.
    const holder = await pool.connect();
    const query = vi.spyOn(pool, 'query');
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM fair_seed_pairs WHERE user_id = $1 AND active FOR UPDATE', [
        player.id,
      ]);
      const bets = Array.from({ length: 5 }, () => p.post('/dice/bet', diceBet()));
      await new Promise((resolve) => setTimeout(resolve, 600));
      await holder.query('COMMIT');
      const replies = await Promise.all(bets);
      expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // One statement per bet: none was refused for a nonce taken from under it and played again. (The
      // live feed reads players' names meanwhile: only the bets' statements are counted.)
      const statements = query.mock.calls.filter(([config]) =>
        String((config as { name?: string }).name).startsWith('game_place_instant_bet'),
      );
      expect(statements).toHaveLength(5);
    } finally {
      query.mockRestore();
      holder.release();
    }
    expect(await nonceOf(player.token)).toBe(before + 5);
    const nonces = await db.execute<{ nonce: number }>(
      sql`SELECT nonce FROM game_bets WHERE user_id = ${player.id} ORDER BY id`,
    );
    expect(nonces.rows.map((row) => row.nonce)).toEqual([0, 1, 2, 3, 4, 5].map((n) => before - 1 + n));
  });

  it('writes transfers the ledger recognises: transfer() with the same key and payload replays them', async () => {
    const player = await newPlayer(app, db, 100);
    // A chance of 98 %: the bet wins (and pays) unless the roll is 98.00 or more.
    const reply = await api(app, player.token).post('/dice/bet', {
      amount: 2,
      target: 98,
      direction: 'under',
      idempotency_key: 'ledger-shape',
    });
    expect(reply.statusCode).toBe(200);
    const bet = reply.json().bet;
    const cash = await userAccount(db, player.id, 'RUB', 'cash');
    const house = await gameHouseAccount(db, player.id, 'RUB');
    const meta = { game: 'dice', bet_id: bet.id };
    const stake = await transfer(db, {
      idempotencyKey: `game-bet:${player.id}:ledger-shape`,
      kind: 'bet',
      reference: `game-bet:${bet.id}`,
      entries: [
        { account: cash, amountMinor: -200n },
        { account: house, amountMinor: 200n },
      ],
      meta,
    });
    expect(stake.replayed).toBe(true);
    if (bet.status === 'won') {
      const payout = BigInt(Math.round(bet.payout * 100));
      const win = await transfer(db, {
        idempotencyKey: `game-win:${bet.id}`,
        kind: 'win',
        reference: `game-bet:${bet.id}`,
        entries: [
          { account: house, amountMinor: -payout },
          { account: cash, amountMinor: payout },
        ],
        meta,
      });
      expect(win.replayed).toBe(true);
    }
    await expect(
      transfer(db, {
        idempotencyKey: `game-bet:${player.id}:ledger-shape`,
        kind: 'bet',
        reference: `game-bet:${bet.id}`,
        entries: [
          { account: cash, amountMinor: -300n },
          { account: house, amountMinor: 300n },
        ],
        meta,
      }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    await assertLedgerInvariants(db);
  });

  it('plays on the pair as it is now: a client seed change or a rotation between bets is seen at the next bet', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    expect((await p.post('/dice/bet', diceBet())).statusCode).toBe(200);

    expect((await p.put('/fair/seed/client', { client_seed: 'changed-between-bets' })).statusCode).toBe(200);
    const afterChange = (await p.post('/dice/bet', diceBet())).json().bet;
    expect(afterChange).toMatchObject({ client_seed: 'changed-between-bets', nonce: 1 });

    const rotated = (await p.post('/fair/seed/rotate', { client_seed: 'rotated' })).json();
    const afterRotation = (await p.post('/dice/bet', diceBet())).json().bet;
    expect(afterRotation).toMatchObject({
      client_seed: 'rotated',
      nonce: 0,
      server_seed_hash: rotated.current.server_seed_hash,
    });

    // The outcome is the one of the seeds it is stored with (the server seed is revealed by a rotation).
    const revealed = (await p.post('/fair/seed/rotate', {})).json().previous.server_seed as string;
    expect(afterRotation.outcome.roll).toBe(
      diceRoll({ serverSeed: revealed, clientSeed: 'rotated', nonce: 0 }),
    );
    expect(await nonceOf(player.token)).toBe(0);
  });

  it('answers a replay, even of a bet placed before the process knew the player', async () => {
    const player = await newPlayer(app, db, 100);
    const p = api(app, player.token);
    const body = diceBet();
    const first = await p.post('/dice/bet', body);
    const [again, twin] = await Promise.all([p.post('/dice/bet', body), p.post('/dice/bet', body)]);
    for (const reply of [again, twin]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.json().bet.id).toBe(first.json().bet.id);
    }
    const changed = await p.post('/dice/bet', { ...body, amount: 2 });
    expect(changed.statusCode).toBe(409);
    expect(await betsOf(player.id)).toBe(1);
    expect(await nonceOf(player.token)).toBe(1);
  });

  it('answers a repeated request its first result though the balance or the case changed since', async () => {
    const player = await newPlayer(app, db, 1_000);
    const p = api(app, player.token);
    const body = diceBet();
    const first = await p.post('/dice/bet', body);
    expect(first.statusCode, first.body).toBe(200);
    const opened = { idempotency_key: key() };
    const box = await p.post('/cases/classic/open', opened);
    expect(box.statusCode, box.body).toBe(200);

    // The money is gone (an operator debit): a new bet is refused, the repeated ones answer their bets.
    await adjustBalance(db, {
      userId: player.id,
      currency: 'RUB',
      direction: 'debit',
      amountMinor: BigInt(Math.round((await cashBalance(app, player.token)) * 100)),
      reason: 'test: empty the balance',
      key: key(),
      source: 'admin',
    });
    const refused = await p.post('/dice/bet', diceBet());
    expect(refused.statusCode, refused.body).toBe(422);
    const again = await p.post('/dice/bet', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().bet.id).toBe(first.json().bet.id);
    expect((await p.post('/dice/bet', { ...body, amount: 2 })).statusCode).toBe(409);

    // The case changed, then was disabled, after the process read it: the repeated opening is answered.
    await db.execute(sql`UPDATE game_cases SET updated_at = now() WHERE slug = 'classic'`);
    const reopened = await p.post('/cases/classic/open', opened);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().bet.id).toBe(box.json().bet.id);
    await db.execute(sql`UPDATE game_cases SET enabled = false, updated_at = now() WHERE slug = 'classic'`);
    try {
      const disabled = await p.post('/cases/classic/open', opened);
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json().bet.id).toBe(box.json().bet.id);
    } finally {
      await db.execute(sql`UPDATE game_cases SET enabled = true, updated_at = now() WHERE slug = 'classic'`);
    }
    expect(await betsOf(player.id)).toBe(2);
    await assertLedgerInvariants(db);
  });

  it('opens a case at its current price and table: a case changed after the process read it is read again', async () => {
    const player = await newPlayer(app, db, 1_000);
    const p = api(app, player.token);
    const first = await p.post('/cases/classic/open', { idempotency_key: key() });
    expect(first.statusCode, first.body).toBe(200);
    const price = first.json().bet.amount as number;

    // The operator doubles the RUB price (as `admin cases set-price` does: the row's updated_at moves).
    await db.execute(
      sql`UPDATE game_cases SET prices = jsonb_set(prices, '{RUB}', to_jsonb((prices->>'RUB')::bigint * 2)),
          updated_at = now() WHERE slug = 'classic'`,
    );
    const second = await p.post('/cases/classic/open', { idempotency_key: key() });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().bet.amount).toBe(price * 2);

    await db.execute(sql`UPDATE game_cases SET enabled = false, updated_at = now() WHERE slug = 'classic'`);
    try {
      expect((await p.post('/cases/classic/open', { idempotency_key: key() })).statusCode).toBe(404);
    } finally {
      await db.execute(sql`UPDATE game_cases SET enabled = true, updated_at = now() WHERE slug = 'classic'`);
    }
    await assertLedgerInvariants(db);
  });
});
