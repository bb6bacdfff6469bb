/**
 * The top page (issue 19) and the home lobby's calls: wins, multipliers and wagered by period, rolled-back
 * bets left out, hidden statistics and avatars; banners; recently played.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { topReply } from '@/lib/contracts/top';
import { bannersReply, recentGamesReply } from '@/lib/contracts/promotions';
import { buildApp, rewardsOf } from '../../app';
import { manualClock } from '../../lib/clock';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { recordActivity, type ActivityInput } from '../activity/record';
import { api, key, newPlayer, type Player } from '../games/testing';
import { promoBanners } from '../promotions/schema';
import { create } from '../tournaments/service';
import { users } from '../users/schema';
import { eq } from 'drizzle-orm';

const clock = manualClock(new Date('2030-03-06T12:00:00Z')); // a Wednesday, after every other test's bets
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
const DAY = 86_400_000;

async function bet(player: Player, stake: number, payout: number, extra: Partial<ActivityInput> = {}) {
  const ref = extra.ref ?? key();
  await recordActivity(db, [
    {
      key: `${ref}:${extra.kind ?? 'bet'}`,
      ref,
      kind: 'bet',
      userId: player.id,
      game: 'dice',
      currency: player.currency,
      stakeMinor: BigInt(stake * 100),
      payoutMinor: BigInt(payout * 100),
      at: clock(),
      ...extra,
    },
  ]);
  return ref;
}

const board = async (query: string) => {
  const response = await api(app).get(`/top?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return topReply.parse(response.json()).rows;
};

describe('GET /top', () => {
  it('ranks wins, multipliers and wagered over the day, the week and all time, hiding whom it must', async () => {
    const [alice, hidden, usd] = [
      await newPlayer(app, db),
      await newPlayer(app, db),
      await newPlayer(app, db, 0, 'USD'),
    ];
    await db
      .update(users)
      .set({ name: 'Alice', avatarUrl: 'https://cdn.example/a.png' })
      .where(eq(users.id, alice.id));
    await db
      .update(users)
      .set({ name: 'Hidden One', isStatisticsHidden: true })
      .where(eq(users.id, hidden.id));
    await db
      .update(users)
      .set({ name: 'Dollar', isAvatarHidden: true, avatarUrl: 'https://cdn.example/d.png' })
      .where(eq(users.id, usd.id));
    clock.advance(-3 * DAY); // Sunday of the week before
    await bet(alice, 100, 5_000); // ×50, 5 000 ₽, last week
    clock.advance(3 * DAY);
    await bet(alice, 10, 200); // ×20
    await bet(hidden, 1_000, 3_000); // ×3
    await bet(usd, 10, 50, { game: 'slots:studio-fruits' }); // 50 $ = 4 500 ₽, ×5
    const rolled = await bet(hidden, 100, 10_000); // rolled back below
    await recordActivity(db, [
      {
        key: `${rolled}:rollback`,
        ref: rolled,
        kind: 'rollback',
        userId: hidden.id,
        game: 'dice',
        currency: 'RUB',
        stakeMinor: -10_000n,
        payoutMinor: -1_000_000n,
        betStakeMinor: 10_000n,
        at: clock(),
      },
    ]);
    await bet(alice, 0.5, 500); // ×1000 on 0.50 ₽: below the least stake of the multipliers board
    await activity.drain();

    const wins = await board('board=wins&period=day');
    expect(wins.map((r) => [r.player, r.payout, r.currency])).toEqual([
      ['Dollar', 50, 'USD'],
      [null, 3_000, 'RUB'],
      ['Alice', 500, 'RUB'],
      ['Alice', 200, 'RUB'],
    ]);
    expect(wins[0]!.avatar).toBeNull(); // hidden avatar
    expect(wins[1]!.avatar).toBeNull();
    expect(wins[2]).toMatchObject({ avatar: 'https://cdn.example/a.png', game: 'dice', place: 3 });
    expect((await board('board=wins&period=all'))[0]).toMatchObject({ player: 'Alice', payout: 5_000 });
    expect((await board('board=multipliers&period=week')).map((r) => r.multiplier)).toEqual([20, 5, 3]);
    expect((await board('board=multipliers&period=all')).map((r) => r.multiplier)).toEqual([50, 20, 5, 3]);
    const wagered = await board('board=wagered&period=day');
    expect(wagered.map((r) => [r.player, r.amount, r.currency])).toEqual([
      [null, 1_000, 'RUB'], // 1 100 wagered, 100 rolled back
      ['Dollar', 900, 'RUB'],
      ['Alice', 10.5, 'RUB'],
    ]);
    expect((await board('board=wagered&period=all'))[2]).toMatchObject({ player: 'Alice', amount: 110.5 });
    expect((await api(app).get('/top?board=losses')).statusCode).toBe(422);
  });
});

describe('the home lobby', () => {
  it('shows the live banners in order, then the open tournaments', async () => {
    const text = (value: string) => ({ ru: value, en: value, kz: value });
    await db.insert(promoBanners).values([
      { title: text('Second'), text: text(''), href: '/bonuses', position: 2 },
      { title: text('First'), text: text(''), href: '/welcome-pack', position: 1, theme: 'violet' },
      { title: text('Over'), text: text(''), href: '/faq', endsAt: new Date(clock().getTime() - 1) },
    ]);
    const race = await create(db, {
      title: text('Weekend race'),
      rules: text(''),
      kind: 'wager',
      currency: 'RUB',
      games: ['originals'],
      requiresJoin: false,
      prizes: [{ from: 1, to: 1, amount: 100, toBalance: 'cash' }],
      startsAt: new Date(clock().getTime() + DAY),
      endsAt: new Date(clock().getTime() + 2 * DAY),
    });
    const { banners } = bannersReply.parse((await api(app).get('/promotions/banners')).json());
    expect(banners.map((b) => [b.title.en, b.href])).toEqual([
      ['First', '/welcome-pack'],
      ['Second', '/bonuses'],
      ['Weekend race', `/tournament/${race.id}`],
    ]);
    expect(banners[2]).toMatchObject({
      starts_at: new Date(clock().getTime() + DAY).toISOString(),
      ends_at: null,
    });
  });

  it('lists a player’s recently played games, each once, newest first; not for a guest', async () => {
    const player = await newPlayer(app, db);
    await bet(player, 1, 0, { game: 'dice' });
    clock.advance(1_000);
    await bet(player, 1, 0, { game: 'slots:studio-fruits' });
    clock.advance(1_000);
    await bet(player, 1, 0, { game: 'dice' });
    const { games } = recentGamesReply.parse((await api(app, player.token).get('/activity/recent')).json());
    expect(games.map((g) => [g.game, g.category])).toEqual([
      ['dice', 'originals'],
      ['slots:studio-fruits', 'slots'],
    ]);
    expect((await api(app).get('/activity/recent')).statusCode).toBe(401);
  });
});
