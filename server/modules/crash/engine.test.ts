/**
 * The crash round engine (issue 16) on a real clock with short windows: the socket's messages, bets and
 * cash-outs through the ledger, auto cash-outs at their exact target, nothing of the outcome before the
 * bust, exactly-once settlement under concurrency, and the refund of a game a stopped process left.
 */
import { MemoryBus } from '../../realtime/bus';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { crashMessage, type CrashMessage } from '@/lib/contracts/crash';
import { crashPointHundredths } from '@/lib/fair/crash';
import { crashEngineOf } from '../../app';
import { CrashEngine, DEFAULT_CRASH_SETTINGS } from './engine';
import { nextPendingGame, startGame } from './repository';
import { client, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerAccounts } from '../ledger/schema';
import { betActivity } from '../activity/schema';
import { users } from '../users/schema';
import { adjustBalance } from '../wallet/service';
import { crashBets, crashGames } from './schema';
import {
  bustRound,
  cashOutAtClock,
  createChain,
  placeStake,
  refundInterruptedGames,
  setChainSalt,
  settleCashout,
  startRound,
} from './service';
import { socketMessages } from '../../test/socket-messages';

const { app, db } = await createTestApp({
  crash: { bettingMs: 1_500, pauseMs: 150, tickMs: 20, idleMs: 50 },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const engine = crashEngineOf(app)!;

// A chain whose first game busts between 1.30× and 1.60× (4.4 s to 7.8 s), whose next ones bust by 2.50×
// (at most 15 s each), the second passing 1.10×; its salt is set when the first test is listening, so
// that game 1 is the first round played.
const chain = await createChain(db, { length: 50, now: new Date() });
const firstGames = await db
  .select()
  .from(crashGames)
  .where(eq(crashGames.chainId, chain.id))
  .orderBy(asc(crashGames.position))
  .limit(12);
let salt = '';
for (let i = 0; ; i += 1) {
  const candidate = `testsalt${String(i).padStart(12, '0')}`;
  const [one, two, ...rest] = firstGames.map((g) => crashPointHundredths(g.hash, candidate));
  if (one >= 130 && one <= 160 && two >= 110 && two <= 250 && rest.every((p) => p <= 250)) {
    salt = candidate;
    break;
  }
}

const sockets: WebSocket[] = [];
afterAll(() => sockets.forEach((s) => s.terminate()));

function listen() {
  const socket = new WebSocket(`ws://${base}/crash/socket`);
  sockets.push(socket);
  const messages: CrashMessage[] = [];
  const raw: string[] = [];
  socket.on('message', (data) => {
    for (const one of socketMessages(data)) {
      raw.push(JSON.stringify(one));
      messages.push(crashMessage.parse(one));
    }
  });
  const next = async (type: CrashMessage['type'], after = 0, timeout = 15_000) => {
    const started = Date.now();
    for (;;) {
      const found = messages.slice(after).find((m) => m.type === type);
      if (found) return found;
      if (Date.now() - started > timeout) throw new Error(`no ${type} message`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { socket, messages, raw, next };
}

const cashOf = async (userId: number) => {
  const [account] = await db
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, `user:${userId}:RUB:cash`));
  return account?.balance ?? 0n;
};

async function fundedPlayer(amount = 1_000) {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await adjustBalance(db, {
    userId: row.id,
    currency: 'RUB',
    direction: 'credit',
    amountMinor: BigInt(amount * 100),
    reason: 'test',
    key: `fund-${row.id}`,
    source: 'admin',
  });
  return { token, userId: row.id };
}

/** Users made straight in the database (no sign-up), funded, for engine-level bets. */
async function quickPlayers(count: number) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        registerMethod: 'email',
        currency: 'RUB',
        superBonusTag: randomBytes(12).toString('hex'),
      })),
    )
    .returning({ id: users.id });
  for (const row of rows) {
    await adjustBalance(db, {
      userId: row.id,
      currency: 'RUB',
      direction: 'credit',
      amountMinor: 10_000n,
      reason: 'test',
      key: `quick-${row.id}`,
      source: 'admin',
    });
  }
  return rows.map((row) => row.id);
}

const bet = (token: string, amount: number, autoCashout: number | null = null) =>
  client(app).post(
    '/crash/bet',
    { amount, auto_cashout: autoCashout, idempotency_key: `k-${randomBytes(8).toString('hex')}` },
    token,
  );

describe('a crash round', () => {
  it('takes bets in the window, pays a cash-out and an auto cash-out at its target, and tells everyone, revealing nothing before the bust', async () => {
    const alice = await fundedPlayer();
    const bob = await fundedPlayer();
    const carol = await fundedPlayer();
    const watcher = listen();
    const spectator = listen();
    const feed = new WebSocket(`ws://${base}/socket?topics=feed`);
    sockets.push(feed);
    const feedItems: Array<{ id: string; game: string; payout: number; multiplier: number }> = [];
    feed.on('message', (data) => {
      for (const message of socketMessages(data) as Array<{ type: string; items: typeof feedItems }>)
        if (message.type === 'bets') feedItems.push(...message.items);
    });
    await watcher.next('snapshot');
    await spectator.next('snapshot');
    expect(watcher.messages[0]).toMatchObject({ phase: 'idle', game_id: null });
    const from = watcher.messages.length;
    await setChainSalt(db, { salt, now: new Date() });
    const betting = (await watcher.next('betting', from)) as Extract<CrashMessage, { type: 'betting' }>;
    const gameId = betting.game_id;
    const [game] = await db.select().from(crashGames).where(eq(crashGames.id, gameId));
    const point = crashPointHundredths(game.hash, salt);

    const placed = await bet(alice.token, 100);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ game_id: gameId, balance: 900 });
    expect((await bet(alice.token, 100)).json().errors.amount[0]).toMatch(/^already_bet/);
    expect((await bet(bob.token, 200, 1.1)).statusCode).toBe(200);
    expect((await bet(bob.token, 0.5)).statusCode).toBe(422);
    await spectator.next('bet', 0);
    expect(engine.snapshot().bets).toHaveLength(2);

    await watcher.next('started', from);
    // Too late for bets now.
    const late = await bet(carol.token, 100);
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json().errors.amount[0]).toMatch(/^betting_closed/);
    const during = await client(app).get('/crash/state');
    expect(during.json()).toMatchObject({ phase: 'running', crash_point: null, hash: null });
    expect(during.body).not.toContain(game.hash);

    // Alice cashes out by hand at once; twice at once pays once.
    const [first, second] = await Promise.all([
      client(app).post('/crash/cashout', { game_id: gameId }, alice.token),
      client(app).post('/crash/cashout', { game_id: gameId }, alice.token),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const at = first.json().bet.cashed_out_at as number;
    expect(second.json().bet.cashed_out_at).toBe(at);
    expect(at).toBeGreaterThanOrEqual(1);
    expect(at * 100).toBeLessThan(point);

    const busted = (await watcher.next('busted', from)) as Extract<CrashMessage, { type: 'busted' }>;
    expect(busted).toMatchObject({ game_id: gameId, crash_point: point / 100, hash: game.hash });
    // Bob's auto cash-out at 1.10 (below this game's point): paid at exactly 1.10.
    const bobBet = (await db.select().from(crashBets).where(eq(crashBets.userId, bob.userId)))[0];
    expect(bobBet).toMatchObject({ status: 'cashed_out', cashedOutAt: 110, payoutMinor: 22_000n });
    expect(await cashOf(bob.userId)).toBe(100_000n - 20_000n + 22_000n);
    const aliceBet = (await db.select().from(crashBets).where(eq(crashBets.userId, alice.userId)))[0];
    expect(aliceBet.payoutMinor).toBe(BigInt(Math.round(at * 100)) * 100n);
    expect(await cashOf(alice.userId)).toBe(100_000n - 10_000n + aliceBet.payoutMinor);

    // Every message before the bust kept the outcome to itself; the spectator saw the cash-outs.
    const bustIndex = watcher.messages.findIndex((m) => m.type === 'busted' && m.game_id === gameId);
    for (const text of watcher.raw.slice(0, bustIndex)) {
      expect(text).not.toContain(game.hash);
      expect(JSON.parse(text).crash_point ?? null).toBeNull();
    }
    const ticks = watcher.messages.slice(from, bustIndex).filter((m) => m.type === 'tick');
    expect(ticks.length).toBeGreaterThan(10);
    expect(Math.max(...ticks.map((t) => (t.type === 'tick' ? t.multiplier * 100 : 0)))).toBeLessThan(point);
    const seen = spectator.messages.filter((m) => m.type === 'cashout');
    expect(seen.map((m) => (m.type === 'cashout' ? m.bet.cashed_out_at : null)).sort()).toEqual(
      [at, 1.1].sort(),
    );
    // Both cash-outs reached the live bets feed, once each.
    await expect.poll(() => feedItems.filter((item) => item.game === 'crash').length).toBe(2);
    expect(feedItems.find((item) => item.id === `crash:${bobBet.id}`)).toMatchObject({
      payout: 220,
      multiplier: 1.1,
    });
    // The game is in the history now, with its hash.
    const history = (await client(app).get('/crash/history')).json();
    expect(history.items[0]).toMatchObject({ id: gameId, hash: game.hash, crash_point: point / 100 });
    await assertLedgerInvariants(db);
  }, 30_000);

  it('settles 200 auto cash-outs of one tick exactly once each', async () => {
    const ids = await quickPlayers(200);
    const watcher = listen();
    await watcher.next('snapshot');
    // A game whose point passes the target (we know the salt): wait for its betting window.
    let betting: Extract<CrashMessage, { type: 'betting' }>;
    for (let seen = watcher.messages.length; ; seen += 1) {
      betting = (await watcher.next('betting', seen, 30_000)) as Extract<CrashMessage, { type: 'betting' }>;
      seen = watcher.messages.indexOf(betting);
      const [game] = await db.select().from(crashGames).where(eq(crashGames.id, betting.game_id));
      if (crashPointHundredths(game.hash, salt) >= 110) break;
    }
    await Promise.all(
      ids.map((id) =>
        engine.placeBet(
          { id, currency: 'RUB', sessionStartedAt: new Date() },
          { amount: 50, autoCashout: 1.05, key: `many-${id}`, playerName: `P${id}` },
        ),
      ),
    );
    await watcher.next('busted', watcher.messages.indexOf(betting), 30_000);
    const rows = await db.select().from(crashBets).where(eq(crashBets.gameId, betting.game_id));
    expect(rows).toHaveLength(200);
    expect(
      rows.every((r) => r.status === 'cashed_out' && r.cashedOutAt === 105 && r.payoutMinor === 5_250n),
    ).toBe(true);
    for (const id of ids.slice(0, 20)) expect(await cashOf(id)).toBe(10_000n - 5_000n + 5_250n);
    // Each bet once in the activity stream (tournaments, VIP, top), with its payout.
    const stream = await db
      .select({
        key: betActivity.key,
        payout: betActivity.payoutMinor,
        multiplier: betActivity.multiplierScaled,
      })
      .from(betActivity)
      .where(
        inArray(
          betActivity.key,
          rows.map((r) => `crash-bet:${r.id}`),
        ),
      );
    expect(stream).toHaveLength(200);
    expect(stream.every((r) => r.payout === 5_250n && r.multiplier === 10_500n)).toBe(true);
    await assertLedgerInvariants(db);
  }, 120_000);
});

describe('crash money, exactly once', () => {
  it('a cash-out racing the bust settles the bet once, one way or the other', async () => {
    await engine.stop();
    const ids = await quickPlayers(20);
    const [game] = await db
      .insert(crashGames)
      .values({ chainId: chain.id, position: 1_000, hash: randomBytes(32).toString('hex') })
      .returning();
    for (const id of ids) {
      await placeStake(db, {
        player: { id, currency: 'RUB', sessionStartedAt: new Date() },
        gameId: game.id,
        amountMinor: 1_000n,
        autoCashout: null,
        key: `race-${id}`,
        now: new Date(),
      });
    }
    await startGame(db, game.id, 200, new Date());
    await Promise.all([
      ...ids.map((id) =>
        settleCashout(db, { gameId: game.id, userId: id, hundredths: 150, now: new Date() }),
      ),
      bustRound(db, game.id, new Date()),
    ]);
    const rows = await db.select().from(crashBets).where(eq(crashBets.gameId, game.id));
    for (const row of rows) {
      expect(['cashed_out', 'lost']).toContain(row.status);
      const cash = await cashOf(row.userId);
      expect(cash).toBe(row.status === 'cashed_out' ? 10_000n - 1_000n + 1_500n : 10_000n - 1_000n);
    }
    await assertLedgerInvariants(db);
  });

  it('keeps the bets a failed betting window had taken when the window of that game opens again', async () => {
    const [id] = await quickPlayers(1);
    const next = await nextPendingGame(db);
    await placeStake(db, {
      player: { id, currency: 'RUB', sessionStartedAt: new Date() },
      gameId: next!.game.id,
      amountMinor: 1_000n,
      autoCashout: 101,
      key: `kept-${id}`,
      now: new Date(),
    });
    const again = new CrashEngine(
      { db, clock: () => new Date(), log: app.log, bus: new MemoryBus() },
      { ...DEFAULT_CRASH_SETTINGS, bettingMs: 300, pauseMs: 100, tickMs: 20, idleMs: 50 },
    );
    await again.start();
    try {
      await expect
        .poll(() => again.snapshot().bets.map((b) => b.player), { timeout: 5_000 })
        .toEqual([`Player ${id}`]);
      await expect
        .poll(async () => (await db.select().from(crashBets).where(eq(crashBets.userId, id)))[0].status, {
          timeout: 20_000,
        })
        .not.toBe('active');
    } finally {
      await again.stop();
    }
    const [row] = await db.select().from(crashBets).where(eq(crashBets.userId, id));
    const point = crashPointHundredths(next!.game.hash, salt);
    expect(row.status).toBe(point > 101 ? 'cashed_out' : 'lost');
    expect(await cashOf(id)).toBe(point > 101 ? 10_000n - 1_000n + 1_010n : 9_000n);
  }, 30_000);

  it('refunds the bets of a game a stopped process left running, once', async () => {
    const [id] = await quickPlayers(1);
    const [game] = await db
      .insert(crashGames)
      .values({ chainId: chain.id, position: 1_001, hash: randomBytes(32).toString('hex') })
      .returning();
    await placeStake(db, {
      player: { id, currency: 'RUB', sessionStartedAt: new Date() },
      gameId: game.id,
      amountMinor: 2_500n,
      autoCashout: null,
      key: `left-${id}`,
      now: new Date(),
    });
    await startGame(db, game.id, 300, new Date());
    expect(await cashOf(id)).toBe(7_500n);
    expect(await refundInterruptedGames(db, new Date())).toBe(1);
    expect(await refundInterruptedGames(db, new Date())).toBe(0);
    expect(await cashOf(id)).toBe(10_000n);
    const [row] = await db.select().from(crashBets).where(eq(crashBets.gameId, game.id));
    expect(row.status).toBe('refunded');
    const [after] = await db.select().from(crashGames).where(eq(crashGames.id, game.id));
    expect(after.status).toBe('busted');
    await assertLedgerInvariants(db);
  });

  it('takes a stake only while its game is pending: stakes racing the start are in the game or refused', async () => {
    const ids = await quickPlayers(30);
    const [game] = await db
      .insert(crashGames)
      .values({ chainId: chain.id, position: 1_002, hash: randomBytes(32).toString('hex') })
      .returning();
    const stake = (id: number) =>
      placeStake(db, {
        player: { id, currency: 'RUB', sessionStartedAt: new Date() },
        gameId: game.id,
        amountMinor: 1_000n,
        autoCashout: null,
        key: `start-race-${id}`,
        now: new Date(),
      });
    const outcomes = await Promise.allSettled([
      ...ids.slice(0, 15).map(stake),
      startRound(db, game.id, 250, new Date()),
      ...ids.slice(15).map(stake),
    ]);
    // What the clock reads once the game has started is every stake taken: none can come in after.
    const inGame = await db.select().from(crashBets).where(eq(crashBets.gameId, game.id));
    const taken = outcomes.filter((o, i) => i !== 15 && o.status === 'fulfilled').length;
    expect(inGame).toHaveLength(taken);
    for (const [i, outcome] of outcomes.entries()) {
      if (i === 15 || outcome.status === 'fulfilled') continue;
      expect(String(outcome.reason)).toMatch(/only before the game starts/);
    }
    for (const id of ids) {
      const placed = inGame.some((bet) => bet.userId === id);
      expect(await cashOf(id)).toBe(placed ? 9_000n : 10_000n);
    }
    await expect(
      placeStake(db, {
        player: { id: ids[0], currency: 'RUB', sessionStartedAt: new Date() },
        gameId: game.id,
        amountMinor: 1_000n,
        autoCashout: null,
        key: `start-late-${ids[0]}`,
        now: new Date(),
      }),
    ).rejects.toThrow(/only before the game starts/);
    await assertLedgerInvariants(db);
  });

  it('prices a cash-out by the clock from started_at, at the auto target if passed, never from the crash point on', async () => {
    const ids = await quickPlayers(4);
    const [game] = await db
      .insert(crashGames)
      .values({ chainId: chain.id, position: 1_003, hash: randomBytes(32).toString('hex') })
      .returning();
    for (const [i, id] of ids.entries()) {
      await placeStake(db, {
        player: { id, currency: 'RUB', sessionStartedAt: new Date() },
        gameId: game.id,
        amountMinor: 1_000n,
        autoCashout: i === 1 ? 120 : null,
        key: `clock-${id}`,
        now: new Date(),
      });
    }
    expect(await cashOutAtClock(db, { gameId: game.id, userId: ids[0], now: new Date() })).toEqual({
      kind: 'not_running',
    });
    const start = new Date('2031-01-01T00:00:00Z');
    await startGame(db, game.id, 200, start);
    const at = (ms: number) => new Date(start.getTime() + ms);
    // 1.50× is reached at 6758 ms; the game busts at 2.00× (11553 ms).
    const byHand = await cashOutAtClock(db, { gameId: game.id, userId: ids[0], now: at(6_758) });
    expect(byHand).toMatchObject({
      kind: 'paid',
      settled: true,
      bet: { cashedOutAt: 150, payoutMinor: 1_500n },
    });
    const again = await cashOutAtClock(db, { gameId: game.id, userId: ids[0], now: at(7_000) });
    expect(again).toMatchObject({ kind: 'paid', settled: false, bet: { cashedOutAt: 150 } });
    // Its auto target (1.20×) passed before the request: paid at exactly the target.
    const auto = await cashOutAtClock(db, { gameId: game.id, userId: ids[1], now: at(6_758) });
    expect(auto).toMatchObject({
      kind: 'paid',
      settled: true,
      bet: { cashedOutAt: 120, payoutMinor: 1_200n },
    });
    expect(await cashOutAtClock(db, { gameId: game.id, userId: ids[2], now: at(11_553) })).toEqual({
      kind: 'busted',
    });
    expect(await cashOutAtClock(db, { gameId: game.id, userId: 999_999, now: at(1_000) })).toEqual({
      kind: 'no_bet',
    });
    // After the bust, even a clock that lags behind is refused.
    await bustRound(db, game.id, new Date());
    expect(await cashOutAtClock(db, { gameId: game.id, userId: ids[3], now: at(1_000) })).toEqual({
      kind: 'not_running',
    });
    expect(
      (await settleCashout(db, { gameId: game.id, userId: ids[3], hundredths: 110, now: new Date() }))!
        .settled,
    ).toBe(false);
    const rows = await db.select().from(crashBets).where(eq(crashBets.gameId, game.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['cashed_out', 'cashed_out', 'lost', 'lost']);
    await assertLedgerInvariants(db);
  });
});
