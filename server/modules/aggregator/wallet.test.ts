/**
 * The seamless wallet as an aggregator calls it (issue 17): each Hub88 semantic on its own, through HTTP
 * with raw signed bodies.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import { historyReply } from '@/lib/contracts/billing';
import { seedDatabase, seedSteps } from '../../db/seed';
import { client, profile, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { bonusActivations } from '../bonuses/schema';
import { blockCountry, unblockCountry } from '../geo/service';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { selfExclude, sessionView, setAccountStatus, setLimit } from '../protection/service';
import { aggregatorTransactions } from './schema';
import { createGameSession } from './service';
import {
  cashMinor,
  fund,
  newSession,
  sendWallet,
  units,
  uuid,
  wallet,
  walletPlayer,
  type WalletPlayer,
} from './testing';

const SECRET = `aggregator-test-secret-${'x'.repeat(16)}`;
const { app, db } = await createTestApp({ env: { AGGREGATOR_SECRET: SECRET, RATE_LIMIT_ENABLED: 'false' } });
// The payment methods and the promo codes (the wagering test deposits with WELCOME100).
await seedDatabase(
  db,
  seedSteps.filter((step) => ['0003-payment-methods', '0004-bonuses'].includes(step.id)),
);
const w = wallet(app, SECRET);

/** The ledger transfers of a wallet transaction (its idempotency key). */
const transfersOf = async (transactionUuid: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `aggregator:${transactionUuid}`));

/** A game session launched from a log-in session that started at `startedAt`. */
const newSessionStartedAt = async (userId: number, startedAt: Date) =>
  (
    await createGameSession(db, {
      userId,
      gameCode: 'studio-fruits',
      currency: 'RUB',
      now: new Date(),
      sessionStartedAt: startedAt,
    })
  ).token;

const player = (money = 100, extra: Parameters<typeof walletPlayer>[1] = {}) =>
  walletPlayer(db, { money, ...extra });

describe('signatures and syntax', () => {
  it('refuses a call without a signature, with another secret’s, over other bytes, or not base64, with HTTP 200', async () => {
    const me = await player();
    const body = JSON.stringify({ user: me.user, token: me.token, request_uuid: 'r-1', game_code: 'g' });
    const refused = [
      await sendWallet(app, 'user/balance', body, { signature: null }),
      await sendWallet(app, 'user/balance', body, { secret: `${SECRET}-other` }),
      await sendWallet(app, 'user/balance', body, { signature: '!!not base64!!' }),
      // Signed over the body, sent with a space more: the signature covers the bytes, not the JSON.
      await sendWallet(app, 'user/balance', body.replace('{', '{ '), {
        signature: signAggregatorRequest(body, SECRET),
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'RS_ERROR_INVALID_SIGNATURE',
        request_uuid: 'r-1',
        user: me.user,
      });
    }
    // The same bytes with a space more, signed as they are: accepted.
    const spaced = body.replace('{', '{ ');
    expect((await sendWallet(app, 'user/balance', spaced, { secret: SECRET })).json()).toMatchObject({
      status: 'RS_OK',
      request_uuid: 'r-1',
    });
  });

  it('answers RS_ERROR_WRONG_SYNTAX to a body that is not JSON or lacks a field, RS_ERROR_WRONG_TYPES to a wrong type', async () => {
    const me = await player();
    const send = async (body: unknown) =>
      (await sendWallet(app, 'transaction/bet', body, { secret: SECRET })).json().status;
    const bet = {
      user: me.user,
      token: me.token,
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      round: 'r',
      game_code: 'studio-fruits',
      currency: 'RUB',
      amount: units(1),
    };
    expect(await send('{"user":')).toBe('RS_ERROR_WRONG_SYNTAX');
    expect(await send('[1,2]')).toBe('RS_ERROR_WRONG_SYNTAX');
    const { transaction_uuid: _dropped, ...withoutUuid } = bet;
    expect(await send(withoutUuid)).toBe('RS_ERROR_WRONG_SYNTAX');
    expect(await send({ ...bet, amount: '100000' })).toBe('RS_ERROR_WRONG_TYPES');
    expect(await send({ ...bet, amount: 1.5 })).toBe('RS_ERROR_WRONG_TYPES');
    expect(await send({ ...bet, amount: -1000 })).toBe('RS_ERROR_WRONG_TYPES');
    expect(await send({ ...bet, is_free: 'yes' })).toBe('RS_ERROR_WRONG_TYPES');
    // Beyond 2^53 a JSON number is no longer exact: refused, not rounded.
    expect(
      await send(JSON.stringify(bet).replace(`"amount":${units(1)}`, '"amount":90071992547409930')),
    ).toBe('RS_ERROR_WRONG_TYPES');
    expect(await cashMinor(db, me.id)).toBe(10_000n);
  });

  it('refuses an amount that is not a whole number of minor units (1 000 units) and moves nothing', async () => {
    const me = await player();
    const reply = await w.bet(me, { uuid: uuid(), amount: 100_500 });
    expect(reply).toMatchObject({ status: 'RS_ERROR_WRONG_TYPES', user: me.user, balance: units(100) });
    const ok = await w.bet(me, { uuid: uuid(), amount: 1_000 }); // 0.01 RUB
    expect(ok).toMatchObject({ status: 'RS_OK', balance: units(99.99) });
  });
});

describe('user/info and user/balance', () => {
  it('answers the player, the session’s currency and the cash balance in the aggregator’s units', async () => {
    const me = await player(12.34, { country: 'KZ' });
    const request_uuid = uuid();
    const balance = await w.call('user/balance', {
      user: me.user,
      token: me.token,
      request_uuid,
      game_code: 'studio-fruits',
    });
    expect(balance).toEqual({
      status: 'RS_OK',
      request_uuid,
      user: me.user,
      currency: 'RUB',
      balance: 1_234_000,
    });
    const info = await w.info(me, { token: me.token });
    expect(info).toMatchObject({
      status: 'RS_OK',
      user: me.user,
      currency: 'RUB',
      balance: 1_234_000,
      country: 'KZ',
    });
    expect(info.registration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await w.info(me)).country).toBe('KZ'); // the newest session's
  });

  it('refuses an unknown token, another player’s token, an expired one and an unknown player', async () => {
    const me = await player();
    const other = await player();
    expect((await w.balance(me, { token: 'not-a-token' })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await w.balance(me, { token: other.token })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await w.info(me, { token: other.token })).status).toBe('RS_ERROR_INVALID_TOKEN');
    const old = await newSession(db, me.id, { now: new Date(Date.now() - 2 * 3_600_000), ttlMs: 3_600_000 });
    expect(await w.balance(me, { token: old })).toMatchObject({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: units(100),
    });
    // A user that is none of ours; one of our ids whose player does not hold the token.
    expect((await w.balance(me, { user: 'john12345' })).status).toBe('RS_ERROR_UNKNOWN');
    expect((await w.info(me, { user: 'player-999999999' })).status).toBe('RS_ERROR_UNKNOWN');
    expect(await w.balance(me, { user: 'player-999999999' })).toEqual({
      status: 'RS_ERROR_INVALID_TOKEN',
      request_uuid: expect.any(String),
      user: 'player-999999999',
    });
  });
});

describe('bets and wins', () => {
  it('takes a bet from the cash balance and pays its win, each through the ledger under its uuid', async () => {
    const me = await player(100);
    const bet = uuid();
    expect(await w.bet(me, { uuid: bet, amount: units(1.5) })).toMatchObject({
      status: 'RS_OK',
      user: me.user,
      currency: 'RUB',
      balance: units(98.5),
    });
    const win = uuid();
    expect(await w.win(me, { uuid: win, bet, amount: units(4.25) })).toMatchObject({
      status: 'RS_OK',
      balance: units(102.75),
    });
    // A losing round's win of 0 is recorded and moves nothing.
    const zero = uuid();
    expect(await w.win(me, { uuid: zero, bet, amount: 0 })).toMatchObject({
      status: 'RS_OK',
      balance: units(102.75),
    });
    expect(await transfersOf(bet)).toEqual([expect.objectContaining({ kind: 'bet' })]);
    expect(await transfersOf(win)).toEqual([expect.objectContaining({ kind: 'win' })]);
    expect(await transfersOf(zero)).toEqual([]);
    await assertLedgerInvariants(db);
  });

  it('answers a repeated transaction_uuid with RS_OK and the balance, moving nothing again', async () => {
    const me = await player(100);
    const bet = uuid();
    expect((await w.bet(me, { uuid: bet, amount: units(10) })).balance).toBe(units(90));
    expect(await w.bet(me, { uuid: bet, amount: units(10) })).toMatchObject({
      status: 'RS_OK',
      balance: units(90),
    });
    const win = uuid();
    expect((await w.win(me, { uuid: win, bet, amount: units(5) })).balance).toBe(units(95));
    expect(await w.win(me, { uuid: win, bet, amount: units(5) })).toMatchObject({
      status: 'RS_OK',
      balance: units(95),
    });
    expect(await cashMinor(db, me.id)).toBe(9_500n);
    expect(await transfersOf(bet)).toHaveLength(1);
    expect(await transfersOf(win)).toHaveLength(1);
  });

  it('answers RS_ERROR_DUPLICATE_TRANSACTION to the same uuid with another amount, round, game, user or reference', async () => {
    const me = await player(100);
    const other = await player(100);
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(10) });
    for (const changed of [
      w.bet(me, { uuid: bet, amount: units(11) }),
      w.bet(me, { uuid: bet, amount: units(10), round: 'round-2' }),
      w.bet(me, { uuid: bet, amount: units(10), game_code: 'studio-other' }),
      w.bet(other, { uuid: bet, amount: units(10) }),
      w.win(me, { uuid: bet, bet, amount: units(10) }),
    ]) {
      expect(await changed).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    }
    const win = uuid();
    await w.win(me, { uuid: win, bet, amount: units(1) });
    const secondBet = uuid();
    await w.bet(me, { uuid: secondBet, amount: units(1) });
    expect((await w.win(me, { uuid: win, bet: secondBet, amount: units(1) })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await w.win(me, { uuid: win, bet, amount: units(2) })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await cashMinor(db, me.id)).toBe(10_000n - 1_000n + 100n - 100n);
    expect(await cashMinor(db, other.id)).toBe(10_000n);
  });

  it('refuses a win for an unknown bet, another player’s bet, or a bet rolled back', async () => {
    const me = await player(100);
    const other = await player(100);
    expect(await w.win(me, { uuid: uuid(), bet: uuid(), amount: units(5) })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: units(100),
    });
    const theirs = uuid();
    await w.bet(other, { uuid: theirs, amount: units(1) });
    expect((await w.win(me, { uuid: uuid(), bet: theirs, amount: units(5) })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(3) });
    expect((await w.rollback(me, { uuid: uuid(), bet })).balance).toBe(units(100));
    expect(await w.win(me, { uuid: uuid(), bet, amount: units(5) })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: units(100),
    });
    expect(await cashMinor(db, me.id)).toBe(10_000n);
  });

  it('answers RS_ERROR_NOT_ENOUGH_MONEY with the balance to a bet above it, and takes nothing', async () => {
    const me = await player(5);
    const bet = uuid();
    expect(await w.bet(me, { uuid: bet, amount: units(5.01) })).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: expect.any(String),
      user: me.user,
      currency: 'RUB',
      balance: units(5),
    });
    expect(await transfersOf(bet)).toEqual([]);
    // Not recorded: once the player has the money, the same uuid is a new bet.
    await fund(db, me.id, 'RUB', 1);
    expect(await w.bet(me, { uuid: bet, amount: units(5.01) })).toMatchObject({
      status: 'RS_OK',
      balance: units(0.99),
    });
  });

  it('refuses a bet in another currency than the session’s', async () => {
    const me = await player(100);
    expect(await w.bet(me, { uuid: uuid(), amount: units(1), currency: 'USD' })).toMatchObject({
      status: 'RS_ERROR_WRONG_CURRENCY',
      currency: 'RUB',
      balance: units(100),
    });
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(1) });
    expect((await w.win(me, { uuid: uuid(), bet, amount: units(1), currency: 'EUR' })).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
  });
});

describe('rollbacks', () => {
  it('gives a bet’s stake back once, however often the rollback comes, and refuses the bet again', async () => {
    const me = await player(100);
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(7) });
    const rollback = uuid();
    expect(await w.rollback(me, { uuid: rollback, bet })).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    expect(await w.rollback(me, { uuid: rollback, bet })).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    // Another rollback of the same bet (another uuid): recorded, nothing moves.
    expect(await w.rollback(me, { uuid: uuid(), bet })).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    expect(await w.bet(me, { uuid: bet, amount: units(7) })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: units(100),
    });
    expect(await transfersOf(rollback)).toEqual([expect.objectContaining({ kind: 'win' })]);
    expect(await cashMinor(db, me.id)).toBe(10_000n);
    await assertLedgerInvariants(db);
  });

  it('records a rollback of a bet never seen (RS_OK), so the late bet with that uuid is refused', async () => {
    const me = await player(100);
    const late = uuid();
    expect(await w.rollback(me, { uuid: uuid(), bet: late })).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    expect(await w.bet(me, { uuid: late, amount: units(9) })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: units(100),
    });
    expect(await w.win(me, { uuid: uuid(), bet: late, amount: units(9) })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await transfersOf(late)).toEqual([]);
    const rows = await db
      .select()
      .from(aggregatorTransactions)
      .where(eq(aggregatorTransactions.referenceTransactionUuid, late));
    expect(rows).toEqual([expect.objectContaining({ kind: 'rollback', status: 'unmatched', userId: me.id })]);
  });

  it('does not roll back a bet whose round already paid a win, nor a win', async () => {
    const me = await player(100);
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(2) });
    const win = uuid();
    await w.win(me, { uuid: win, bet, amount: units(3) });
    expect((await w.rollback(me, { uuid: uuid(), bet })).status).toBe('RS_ERROR_UNKNOWN');
    expect((await w.rollback(me, { uuid: uuid(), bet: win })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await cashMinor(db, me.id)).toBe(10_100n);
  });
});

describe('sessions and the player’s standing', () => {
  it('refuses bets on an expired token but still takes its wins and rollbacks', async () => {
    const me = await player(100);
    const bet = uuid();
    const pending = uuid();
    await w.bet(me, { uuid: bet, amount: units(10) });
    await w.bet(me, { uuid: pending, amount: units(10) });
    const expired: WalletPlayer = {
      ...me,
      token: await newSession(db, me.id, { now: new Date(Date.now() - 5 * 3_600_000), ttlMs: 3_600_000 }),
    };
    expect(await w.bet(expired, { uuid: uuid(), amount: units(1) })).toMatchObject({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: units(80),
    });
    // The session the bets were made on expires meanwhile: its wins and rollbacks still count.
    await db.execute(
      sql`UPDATE aggregator_sessions SET expires_at = now() - interval '1 second', created_at = now() - interval '1 hour' WHERE user_id = ${me.id}`,
    );
    expect((await w.bet(me, { uuid: uuid(), amount: units(1) })).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await w.win(me, { uuid: uuid(), bet, amount: units(30) })).toMatchObject({
      status: 'RS_OK',
      balance: units(110),
    });
    expect(await w.rollback(me, { uuid: uuid(), bet: pending })).toMatchObject({
      status: 'RS_OK',
      balance: units(120),
    });
    // A replay of a bet accepted before the expiry still answers RS_OK.
    expect((await w.bet(me, { uuid: bet, amount: units(10) })).status).toBe('RS_OK');
  });

  it('refuses bets from a blocked country (the one of the session) with RS_ERROR_USER_DISABLED', async () => {
    const me = await player(100, { country: 'ZZ' });
    await blockCountry(db, 'ZZ', 'test');
    const bet = uuid();
    expect(await w.bet(me, { uuid: bet, amount: units(1) })).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      balance: units(100),
    });
    await unblockCountry(db, 'ZZ');
    expect((await w.bet(me, { uuid: bet, amount: units(1) })).status).toBe('RS_OK');
  });

  it('refuses bets of a self-excluded or suspended player, still paying the wins of their bets', async () => {
    const me = await player(100);
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(1) });
    await selfExclude(db, { userId: me.id, days: 7, now: new Date() });
    expect(await w.bet(me, { uuid: uuid(), amount: units(1) })).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      balance: units(99),
    });
    expect((await w.win(me, { uuid: uuid(), bet, amount: units(2) })).status).toBe('RS_OK');
    const other = await player(100);
    await setAccountStatus(db, { userId: other.id, status: 'suspended', reason: 'test', now: new Date() });
    expect((await w.bet(other, { uuid: uuid(), amount: units(1) })).status).toBe('RS_ERROR_USER_DISABLED');
  });

  it('keeps the player’s loss limit: a stake past it answers RS_ERROR_LIMIT_REACHED, a win makes room', async () => {
    const me = await player(100);
    await setLimit(db, { userId: me.id, kind: 'loss_day', amountMinor: 500n, now: new Date() });
    const bet = uuid();
    expect((await w.bet(me, { uuid: bet, amount: units(4) })).status).toBe('RS_OK');
    expect(await w.bet(me, { uuid: uuid(), amount: units(2) })).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: units(96),
    });
    await w.win(me, { uuid: uuid(), bet, amount: units(3) });
    expect((await w.bet(me, { uuid: uuid(), amount: units(2) })).status).toBe('RS_OK');
  });
});

describe('the reality check', () => {
  it('counts the slots’ wins less their stakes in the session’s net result, a rolled-back bet not at all', async () => {
    const me = await player(100);
    const since = new Date(Date.now() - 60_000);
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(2) });
    await w.win(me, { uuid: uuid(), bet, amount: units(5) });
    const gone = uuid();
    await w.bet(me, { uuid: gone, amount: units(4), round: 'round-2' });
    await w.rollback(me, { uuid: uuid(), bet: gone, round: 'round-2' });
    await w.bet(me, { uuid: uuid(), amount: units(1.5), round: 'round-3' });
    const view = await sessionView(db, {
      userId: me.id,
      currency: 'RUB',
      sessionStartedAt: since,
      now: new Date(),
    });
    expect(view.net_result).toBe(1.5);
  });

  it('refuses bets once the session limit is reached, counted from the log-in the game was launched in', async () => {
    const me = await walletPlayer(db, { money: 100 });
    await setLimit(db, { userId: me.id, kind: 'session_minutes', amountMinor: 30n, now: new Date() });
    const fresh = { ...me, token: await newSession(db, me.id) };
    const long = {
      ...me,
      token: await newSessionStartedAt(me.id, new Date(Date.now() - 31 * 60_000)),
    };
    expect((await w.bet(fresh, { uuid: uuid(), amount: units(1) })).status).toBe('RS_OK');
    expect(await w.bet(long, { uuid: uuid(), amount: units(1) })).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: units(99),
    });
  });
});

describe('free rounds, wagering and the statement', () => {
  it('takes nothing for a free round’s bet and credits its win to cash when the reward is not one of ours', async () => {
    const me = await player(10);
    const bet = uuid();
    expect(await w.bet(me, { uuid: bet, amount: units(1), is_free: true })).toMatchObject({
      status: 'RS_OK',
      balance: units(10),
    });
    expect(await w.win(me, { uuid: uuid(), bet, amount: units(2.5), is_free: true })).toMatchObject({
      status: 'RS_OK',
      balance: units(12.5),
    });
    expect(await transfersOf(bet)).toEqual([]);
    // A rollback of a free bet gives nothing back.
    const freeBet = uuid();
    await w.bet(me, { uuid: freeBet, amount: units(1), is_free: true, round: 'round-2' });
    expect((await w.rollback(me, { uuid: uuid(), bet: freeBet, round: 'round-2' })).balance).toBe(
      units(12.5),
    );
  });

  it('counts a real-money slot bet in full towards the player’s bonus wagering', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const userId = (await profile(app, token)).json().user.id as number;
    await deposit(app, token, 1000);
    const [active] = await db.select().from(bonusActivations).where(eq(bonusActivations.userId, userId));
    expect(active).toMatchObject({ status: 'active', wageredMinor: 0n });
    const me: WalletPlayer = {
      id: userId,
      user: `player-${userId}`,
      token: await newSession(db, userId),
      currency: 'RUB',
    };
    await w.bet(me, { uuid: uuid(), amount: units(100) });
    await w.bet(me, { uuid: uuid(), amount: units(1), is_free: true });
    const [counted] = await db.select().from(bonusActivations).where(eq(bonusActivations.id, active.id));
    expect(counted.wageredMinor).toBe(10_000n);
  });

  it('shows slot bets, wins and stakes returned in /profile/history with the game code and round', async () => {
    const { token } = await signUpByEmail(app);
    const userId = (await profile(app, token)).json().user.id as number;
    await fund(db, userId, 'RUB', 50);
    const me: WalletPlayer = {
      id: userId,
      user: `player-${userId}`,
      token: await newSession(db, userId),
      currency: 'RUB',
    };
    const bet = uuid();
    await w.bet(me, { uuid: bet, amount: units(2), round: 'R-77' });
    await w.win(me, { uuid: uuid(), bet, amount: units(5), round: 'R-77' });
    const refunded = uuid();
    await w.bet(me, { uuid: refunded, amount: units(1), round: 'R-78' });
    await w.rollback(me, { uuid: uuid(), bet: refunded, round: 'R-78' });
    const history = historyReply.parse((await client(app).get('/profile/history?per_page=4', token)).json());
    expect(
      history.items.map((item) => [
        item.kind,
        item.amount,
        item.slot_game,
        item.slot_round,
        item.refund,
        item.description,
      ]),
    ).toEqual([
      ['win', 1, 'studio-fruits', 'R-78', true, 'Slot studio-fruits: stake returned (round R-78)'],
      ['bet', -1, 'studio-fruits', 'R-78', undefined, 'Slot studio-fruits: bet (round R-78)'],
      ['win', 5, 'studio-fruits', 'R-77', undefined, 'Slot studio-fruits: win (round R-77)'],
      ['bet', -2, 'studio-fruits', 'R-77', undefined, 'Slot studio-fruits: bet (round R-77)'],
    ]);
    const keys = await db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(
        and(
          like(ledgerTransfers.idempotencyKey, 'aggregator:%'),
          sql`${ledgerTransfers.meta}->>'round' = 'R-77'`,
        ),
      );
    expect(keys.map((row) => row.key)).toContain(`aggregator:${bet}`);
  });
});
