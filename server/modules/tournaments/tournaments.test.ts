/**
 * Tournaments (issue 19) through the API and the settled-bet stream: points from in-house bets and from a
 * provider's bets, wins and rollbacks; exactly-once counting with two processors racing; the join rule;
 * ties; and the finishing job run twice, by two processes, and killed midway, paying each prize once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tournamentReply, tournamentsReply } from '@/lib/contracts/tournaments';
import { buildApp, rewardsOf } from '../../app';
import { manualClock } from '../../lib/clock';
import { MemoryBus, type RealtimeMessage } from '../../realtime/bus';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { recordActivity } from '../activity/record';
import { betActivity } from '../activity/schema';
import { wallet, walletPlayer, units, uuid } from '../aggregator/testing';
import { bonusActivations } from '../bonuses/schema';
import { api, cashBalance, key, newPlayer, type Player } from '../games/testing';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { userBalanceMinor } from '../ledger/service';
import { tournamentEntries } from './schema';
import { create, type NewTournament } from './service';

const SECRET = `aggregator-test-secret-${'x'.repeat(16)}`;
const clock = manualClock(new Date('2026-11-20T12:00:00Z'));
const { db } = await createTestDatabase();
const config = testConfig({ AGGREGATOR_SECRET: SECRET, RATE_LIMIT_ENABLED: 'false' });
const bus = new MemoryBus();
const build = () =>
  buildApp({
    db,
    config,
    logger: false,
    clock,
    bus,
    crash: false,
    sports: { feed: null, settings: { autoSettle: false } },
    rewards: { activity: { auto: false }, tournaments: { auto: false, graceMs: 0 } },
  });
const app = build();
const other = build();
await Promise.all([app.ready(), other.ready()]);
afterAll(async () => {
  await Promise.all([app.close(), other.close()]);
});
const { activity, tournaments } = rewardsOf(app)!;
const w = wallet(app, SECRET);

const HOUR = 3_600_000;
const text = (value: string) => ({ ru: value, en: value, kz: value });

async function tournament(input: Partial<NewTournament> = {}) {
  return create(db, {
    title: text('Race'),
    rules: text('Wager the most.'),
    kind: 'wager',
    currency: 'RUB',
    games: ['originals', 'slots'],
    requiresJoin: false,
    prizes: [
      { from: 1, to: 1, amount: 1_000, toBalance: 'cash' },
      { from: 2, to: 2, amount: 600, toBalance: 'cash' },
      { from: 3, to: 3, amount: 200, toBalance: 'bonus', wager: 5 },
    ],
    startsAt: new Date(clock().getTime() - HOUR),
    endsAt: new Date(clock().getTime() + HOUR),
    ...input,
  });
}

const detail = async (id: number, token?: string) => {
  const response = await api(app, token).get(`/tournaments/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return tournamentReply.parse(response.json());
};

const dice = (player: Player, amount: number, target = 50) =>
  api(app, player.token).post('/dice/bet', { amount, target, direction: 'over', idempotency_key: key() });

/** A settled bet straight into the stream (the games' own hooks are tested below with real bets). */
async function settled(userId: number, ref: string, stake: number, payout: number, game = 'dice') {
  await recordActivity(db, [
    {
      key: ref,
      ref,
      kind: 'bet',
      userId,
      game,
      currency: 'RUB',
      stakeMinor: BigInt(stake * 100),
      payoutMinor: BigInt(payout * 100),
      at: clock(),
    },
  ]);
}

describe('points', () => {
  it('counts the in-house games’ real bets once each, as money in a wager race', async () => {
    const race = await tournament();
    const player = await newPlayer(app, db, 1_000);
    for (const amount of [10, 25.5]) expect((await dice(player, amount)).statusCode).toBe(200);
    const rows = await db.select().from(betActivity).where(eq(betActivity.userId, player.id));
    expect(rows.map((row) => [row.kind, row.game, row.stakeMinor])).toEqual([
      ['bet', 'dice', 1_000n],
      ['bet', 'dice', 2_550n],
    ]);
    await activity.drain();
    await activity.drain(); // nothing left: nothing counted twice
    const view = await detail(race.id, player.token);
    expect(view.me).toMatchObject({ joined: true, place: 1, points: 35.5 });
    expect(view.leaderboard[0]).toMatchObject({ user_id: player.id, points: 35.5, prize: 1_000 });
  });

  it('counts a provider’s bet at its stake, its win for the multiple, and takes a rolled-back bet away', async () => {
    const wagerRace = await tournament();
    const multiplierRace = await tournament({ kind: 'multiplier', minStake: 5 });
    const player = await walletPlayer(db, { money: 500 });
    const won = uuid();
    const lost = uuid();
    const small = uuid();
    expect((await w.bet(player, { uuid: won, amount: units(20), round: 'r1' })).status).toBe('RS_OK');
    expect((await w.win(player, { uuid: uuid(), bet: won, amount: units(150), round: 'r1' })).status).toBe(
      'RS_OK',
    );
    expect((await w.bet(player, { uuid: lost, amount: units(40), round: 'r2' })).status).toBe('RS_OK');
    expect((await w.bet(player, { uuid: small, amount: units(1), round: 'r3' })).status).toBe('RS_OK');
    expect((await w.win(player, { uuid: uuid(), bet: small, amount: units(100), round: 'r3' })).status).toBe(
      'RS_OK',
    );
    await activity.drain();
    expect((await detail(wagerRace.id)).leaderboard.find((e) => e.user_id === player.id)?.points).toBe(61);
    // 150 / 20 = ×7.5; the ×100 of a 1.00 stake is below the race's least stake of 5.00.
    expect((await detail(multiplierRace.id)).leaderboard.find((e) => e.user_id === player.id)?.points).toBe(
      7.5,
    );

    expect((await w.rollback(player, { uuid: uuid(), bet: lost, round: 'r2' })).status).toBe('RS_OK');
    await activity.drain();
    expect((await detail(wagerRace.id)).leaderboard.find((e) => e.user_id === player.id)?.points).toBe(21);
    const keys = await db
      .select({ kind: betActivity.kind, game: betActivity.game })
      .from(betActivity)
      .where(eq(betActivity.userId, player.id));
    expect(keys.map((row) => row.kind).sort()).toEqual(['bet', 'bet', 'bet', 'rollback', 'win', 'win']);
    expect(new Set(keys.map((row) => row.game))).toEqual(new Set(['slots:studio-fruits']));
  });

  it('keeps bets settled for good in the entry and takes back only a rolled-back bet, in both kinds of race', async () => {
    const wager = await tournament();
    const multiplier = await tournament({ kind: 'multiplier' });
    const player = await newPlayer(app, db);
    const final = `game-bet:${key()}`; // an in-house bet: settled for good, no contribution row
    const revocable = `agg-bet:${key()}`; // a provider's bet: may be rolled back
    await settled(player.id, final, 100, 300); // ×3
    await settled(player.id, revocable, 50, 400); // ×8
    await activity.drain();
    const pointsIn = async (id: number) =>
      (await detail(id)).leaderboard.find((e) => e.user_id === player.id)?.points;
    expect([await pointsIn(wager.id), await pointsIn(multiplier.id)]).toEqual([150, 8]);
    await recordActivity(db, [
      {
        key: `${revocable}:rollback`,
        ref: revocable,
        kind: 'rollback',
        userId: player.id,
        game: 'dice',
        currency: 'RUB',
        stakeMinor: -5_000n,
        payoutMinor: -40_000n,
        betStakeMinor: 5_000n,
        at: clock(),
      },
    ]);
    await activity.drain();
    // The wager race keeps the 100 settled for good; the multiplier race falls back to its best of them.
    expect([await pointsIn(wager.id), await pointsIn(multiplier.id)]).toEqual([100, 3]);
  });

  it('counts only the games, the currencies and the period the tournament names', async () => {
    const race = await tournament({ games: ['sports'], currency: 'USD', rates: { RUB: '0.01' } });
    const player = await newPlayer(app, db);
    await settled(player.id, `t-scope-${key()}`, 100, 0, 'dice'); // not its game
    await settled(player.id, `t-scope-${key()}`, 300, 0, 'sports'); // 300 ₽ = 3.00 $
    clock.advance(2 * HOUR);
    await settled(player.id, `t-scope-${key()}`, 500, 0, 'sports'); // after its end
    await activity.drain();
    clock.advance(-2 * HOUR);
    expect((await detail(race.id)).leaderboard).toEqual([
      expect.objectContaining({ user_id: player.id, points: 3 }),
    ]);
  });

  it('counts a joined player’s bets from the moment they join, and refuses to join a finished one', async () => {
    const race = await tournament({ requiresJoin: true });
    const player = await newPlayer(app, db, 100);
    await settled(player.id, `t-join-${key()}`, 50, 0);
    await activity.drain();
    expect((await detail(race.id, player.token)).me).toEqual({
      joined: false,
      place: null,
      points: 0,
      prize: 0,
      paid: false,
    });
    expect((await api(app).post(`/tournaments/${race.id}/join`)).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) {
      const joined = await api(app, player.token).post(`/tournaments/${race.id}/join`);
      expect(joined.statusCode, joined.body).toBe(200);
    }
    clock.advance(1_000);
    await settled(player.id, `t-join-${key()}`, 70, 0);
    await activity.drain();
    expect((await detail(race.id, player.token)).me).toMatchObject({ joined: true, place: 1, points: 70 });

    const over = await tournament({
      startsAt: new Date(clock().getTime() - 2 * HOUR),
      endsAt: new Date(clock().getTime() - HOUR),
    });
    const refused = await api(app, player.token).post(`/tournaments/${over.id}/join`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.tournament[0]).toMatch(/^finished: /);
    expect((await api(app, player.token).post('/tournaments/999999/join')).statusCode).toBe(404);
  });

  it('counts each bet once when two processes’ processors race, and pushes the leaderboard', async () => {
    const race = await tournament();
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(app, db)));
    const messages: RealtimeMessage[] = [];
    const stop = bus.subscribe(`tournament:${race.id}`, (message) => void messages.push(message));
    for (let i = 0; i < 60; i += 1) await settled(players[i % 3]!.id, `t-race-${race.id}-${i}`, 1, 0);
    await Promise.all([activity.drain(), rewardsOf(other)!.activity.drain(), activity.drain()]);
    const board = (await detail(race.id)).leaderboard.filter((e) => players.some((p) => p.id === e.user_id));
    expect(board.map((e) => e.points)).toEqual([20, 20, 20]);
    expect(board.map((e) => e.place)).toEqual([1, 1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    stop();
    expect(messages.at(-1)).toMatchObject({ type: 'leaderboard', state: 'active' });
  });
});

describe('finishing', () => {
  it('splits the prizes of tied places, pays cash and bonus prizes once through the ledger, twice-run or raced', async () => {
    const race = await tournament({ endsAt: new Date(clock().getTime() + 60_000) });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => newPlayer(app, db)));
    await settled(a!.id, `t-fin-${race.id}-a`, 900, 0);
    await settled(b!.id, `t-fin-${race.id}-b`, 500, 0);
    await settled(c!.id, `t-fin-${race.id}-c`, 500, 0);
    await settled(d!.id, `t-fin-${race.id}-d`, 100, 0);
    await activity.drain();
    const live = await detail(race.id);
    // Tied players in either order (they reached their points in the same batch).
    const rows = live.leaderboard.map((e) => [e.user_id, e.place, e.prize]);
    expect([rows[0], ...rows.slice(1, 3).sort((x, y) => x[0]! - y[0]!), rows[3]]).toEqual([
      [a!.id, 1, 1_000],
      ...[
        [b!.id, 2, 400], // (600 + 200) / 2
        [c!.id, 2, 400],
      ].sort((x, y) => x[0]! - y[0]!),
      [d!.id, 4, 0],
    ]);
    expect(await tournaments.finish()).not.toContain(race.id); // not over yet
    clock.advance(61_000);
    const [first, second] = await Promise.all([tournaments.finish(), rewardsOf(other)!.tournaments.finish()]);
    expect([...first, ...second].filter((id) => id === race.id)).toEqual([race.id]);
    expect(await tournaments.finish()).toEqual([]);

    const prizes = await db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.idempotencyKey} LIKE ${`tournament-prize:${race.id}:%`}`);
    expect(prizes).toHaveLength(3);
    expect(await cashBalance(app, a!.token)).toBe(1_000);
    expect(await cashBalance(app, b!.token)).toBe(400); // (600 + 200) / 2, paid as place 2 pays: cash
    const view = await detail(race.id, b!.token);
    expect(view.tournament.state).toBe('finished');
    expect(view.me).toMatchObject({ place: 2, prize: 400, paid: true });
    await assertLedgerInvariants(db);
  });

  it('pays nothing when killed midway, then pays each prize once when run again', async () => {
    const race = await tournament({
      endsAt: new Date(clock().getTime() + 1_000),
      prizes: [
        { from: 1, to: 1, amount: 300, toBalance: 'cash' },
        { from: 2, to: 2, amount: 100, toBalance: 'bonus', wager: 3 },
      ],
    });
    const [a, b] = await Promise.all([1, 2].map(() => newPlayer(app, db)));
    await settled(a!.id, `t-kill-${race.id}-a`, 50, 0);
    await settled(b!.id, `t-kill-${race.id}-b`, 20, 0);
    await activity.drain();
    clock.advance(2_000);
    await expect(
      tournaments.finish({
        afterPrize: (paid) => {
          if (paid === 1) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await userBalanceMinor(db, a!.id, 'RUB', 'cash')).toBe(0n);
    expect(await tournaments.finish()).toContain(race.id);
    expect(await userBalanceMinor(db, a!.id, 'RUB', 'cash')).toBe(30_000n);
    expect(await userBalanceMinor(db, b!.id, 'RUB', 'bonus')).toBe(10_000n);
    const [bonus] = await db.select().from(bonusActivations).where(eq(bonusActivations.userId, b!.id));
    expect(bonus).toMatchObject({ source: 'reward', status: 'active', wagerRequiredMinor: 30_000n });
    const entries = await db
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, race.id)));
    expect(entries.map((e) => [e.userId, e.place, e.prizeMinor]).sort()).toEqual(
      [
        [a!.id, 1, 30_000n],
        [b!.id, 2, 10_000n],
      ].sort(),
    );
    await assertLedgerInvariants(db);
  });

  it('lists tournaments by status, and cancelled ones with the finished', async () => {
    const upcoming = await tournament({
      startsAt: new Date(clock().getTime() + HOUR),
      endsAt: new Date(clock().getTime() + 2 * HOUR),
    });
    const list = async (status: string) =>
      tournamentsReply
        .parse((await api(app).get(`/tournaments?status=${status}`)).json())
        .tournaments.map((t) => t.id);
    expect(await list('upcoming')).toContain(upcoming.id);
    expect(await list('active')).not.toContain(upcoming.id);
    expect((await api(app).get('/tournaments?status=soon')).statusCode).toBe(422);
    expect((await api(app).get('/tournaments/0')).statusCode).toBe(422);
    expect((await api(app).get('/tournaments/424242')).statusCode).toBe(404);
  });
});
