/**
 * The VIP club (issue 19) through the API and the settled-bet stream: points and level transitions with
 * their level-up rewards and the profile's level, rakeback accrued and claimed once, weekly rewards, level
 * transfers, requests and their review.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { vipReply } from '@/lib/contracts/vip';
import { buildApp, rewardsOf } from '../../app';
import { manualClock } from '../../lib/clock';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { profile } from '../../test/accounts';
import { recordActivity } from '../activity/record';
import { api, cashBalance, key, newPlayer, type Player } from '../games/testing';
import { assertLedgerInvariants } from '../ledger/invariants';
import { vipRequests, vipRewards } from './schema';
import { isoWeek, progress, reviewRequest, setLevelFloor } from './service';

const clock = manualClock(new Date('2026-11-18T10:00:00Z')); // a Wednesday
const { db } = await createTestDatabase();
const app = buildApp({
  db,
  config: testConfig({ RATE_LIMIT_ENABLED: 'false' }),
  logger: false,
  clock,
  crash: false,
  sports: { feed: null, settings: { autoSettle: false } },
  rewards: { activity: { auto: false }, tournaments: { auto: false } },
});
await app.ready();
afterAll(() => app.close());
const { activity } = rewardsOf(app)!;

async function wager(
  player: Player,
  stake: number,
  game = 'dice',
  kind: 'bet' | 'rollback' = 'bet',
  ref = key(),
) {
  const sign = kind === 'rollback' ? -1n : 1n;
  await recordActivity(db, [
    {
      key: `${ref}:${kind}`,
      ref,
      kind,
      userId: player.id,
      game,
      currency: player.currency,
      stakeMinor: sign * BigInt(Math.round(stake * 100)),
      payoutMinor: 0n,
      betStakeMinor: BigInt(Math.round(stake * 100)),
      at: clock(),
    },
  ]);
  await activity.drain();
  return ref;
}

const vip = async (player?: Player) => {
  const response = await api(app, player?.token).get('/vip');
  expect(response.statusCode, response.body).toBe(200);
  return vipReply.parse(response.json());
};

describe('levels', () => {
  it('shows the programme to a guest', async () => {
    const view = await vip();
    expect(view.me).toBeNull();
    expect(view.levels.map((level) => level.points)).toEqual([100, 10_000, 50_000, 250_000, 1_000_000]);
  });

  it('rises with the lifetime wager, never falls, and gives each level’s reward once', async () => {
    const player = await newPlayer(app, db);
    await wager(player, 99.99);
    expect((await vip(player)).me).toMatchObject({ level: 0, points: 99.99, next_points: 100, rewards: [] });
    const ref = await wager(player, 0.01);
    expect((await profile(app, player.token)).json().user.vip_level).toBe(1);
    await wager(player, 10_000); // straight to silver: bronze’s and silver’s rewards
    const rewards = (await vip(player)).me!.rewards;
    expect(rewards.map((r) => [r.kind, r.level, r.amount]).sort()).toEqual([
      ['level_up', 1, 100],
      ['level_up', 2, 500],
    ]);
    await wager(player, 0.01, 'dice', 'rollback', ref); // a rollback takes points back, not the level
    const me = (await vip(player)).me!;
    expect(me).toMatchObject({ level: 2, points: 10_099.99, next_points: 50_000 });
    expect(me.rewards).toHaveLength(2);
  });

  it('raises a player to an approved transfer’s level at once, with the rewards on the way', async () => {
    const player = await newPlayer(app, db);
    expect(await setLevelFloor(db, player.id, 3, clock())).toBe(3);
    expect((await vip(player)).me!.rewards.map((r) => r.level).sort()).toEqual([1, 2, 3]);
    await wager(player, 1);
    expect((await vip(player)).me!.level).toBe(3);
  });
});

describe('claims', () => {
  it('accrues rakeback from the level held and pays it to cash once, whoever clicks twice', async () => {
    const player = await newPlayer(app, db);
    await wager(player, 100); // level 0 → 1 on this bet: no rakeback for it
    const nothing = await api(app, player.token).post('/vip/rakeback/claim');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors.rakeback[0]).toMatch(/^nothing: /);
    await wager(player, 2_000, 'slots:studio-fruits'); // 2 000 × 4 % × 5 % = 4.00
    await wager(player, 1_000, 'roulette'); // 1 000 × 2.7 % × 5 % = 1.35
    expect((await vip(player)).me!.rakeback).toBe(5.35);
    const claims = await Promise.all([1, 2].map(() => api(app, player.token).post('/vip/rakeback/claim')));
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 422]);
    expect(claims.find((c) => c.statusCode === 200)!.json()).toEqual({
      amount: 5.35,
      currency: 'RUB',
      balance: 5.35,
    });
    expect(await cashBalance(app, player.token)).toBe(5.35);
    expect((await vip(player)).me!.rakeback).toBe(0);
    await assertLedgerInvariants(db);
  });

  it('pays a reward once, and never another player’s', async () => {
    const player = await newPlayer(app, db);
    const stranger = await newPlayer(app, db);
    await wager(player, 150);
    const [reward] = (await vip(player)).me!.rewards;
    const path = `/vip/rewards/${reward!.id}/claim`;
    expect((await api(app, stranger.token).post(path)).statusCode).toBe(404);
    expect((await api(app).post(path)).statusCode).toBe(401);
    const first = await api(app, player.token).post(path);
    expect(first.json()).toEqual({ amount: 100, currency: 'RUB', balance: 100 });
    const again = await api(app, player.token).post(path);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.reward[0]).toMatch(/^claimed: /);
    expect(await cashBalance(app, player.token)).toBe(100);
    expect((await vip(player)).me!.rewards[0]!.claimed_at).not.toBeNull();
  });

  it('makes last week’s bonus once the week is over, from its wager at the level held', async () => {
    const player = await newPlayer(app, db);
    await wager(player, 20_000); // this week: silver (0.10 % weekly)
    expect((await vip(player)).me!.weekly_preview).toBe(20);
    const week = isoWeek(clock()).key;
    clock.advance(7 * 24 * 3_600_000);
    try {
      // (The session's token has expired a week later: the service answers what the page would.)
      const me = await progress(db, player.id, clock());
      const weekly = me.rewards.filter((r) => r.kind === 'weekly');
      expect(weekly).toEqual([expect.objectContaining({ week, level: 2, amount: 20 })]);
      await progress(db, player.id, clock());
      const rows = await db.select().from(vipRewards).where(eq(vipRewards.userId, player.id));
      expect(rows.filter((r) => r.kind === 'weekly')).toHaveLength(1);
    } finally {
      clock.advance(-7 * 24 * 3_600_000);
    }
  });
});

describe('requests', () => {
  it('records one pending request per type, with details, and the operator’s review lets the player ask again', async () => {
    const player = await newPlayer(app, db);
    const ask = (body: object) => api(app, player.token).post('/api/v2/vip/join', body);
    for (const body of [
      { request_type: 'level_transfer', details: 'Gold at Casino X' },
      { request_type: 'level_transfer', details: 'again' },
      { request_type: 'personal_manager' },
    ]) {
      expect((await ask(body)).json()).toEqual({ success: true });
    }
    const bad = await ask({ request_type: 'level_transfer', details: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(422);
    const rows = await db.select().from(vipRequests).where(eq(vipRequests.userId, player.id));
    expect(rows.map((r) => [r.requestType, r.details, r.status]).sort()).toEqual([
      ['level_transfer', 'Gold at Casino X', 'pending'],
      ['personal_manager', null, 'pending'],
    ]);
    const transfer = rows.find((r) => r.requestType === 'level_transfer')!;
    expect(
      await reviewRequest(db, { id: transfer.id, status: 'approved', note: null, now: clock() }),
    ).toMatchObject({ status: 'approved' });
    expect(
      await reviewRequest(db, { id: transfer.id, status: 'rejected', note: null, now: clock() }),
    ).toBeUndefined();
    await ask({ request_type: 'level_transfer' });
    expect((await vip(player)).me!.requests.map((r) => [r.request_type, r.status])).toEqual([
      ['level_transfer', 'pending'],
      ['personal_manager', 'pending'],
      ['level_transfer', 'approved'],
    ]);
  });
});
