/**
 * Free spins as the aggregator's free rounds, end to end against the fake aggregator: a grant becomes one
 * reward (idempotent, retried while the aggregator is down), a revoke cancels it; the wallet's free bets
 * use the spins once per transaction, a free round's win goes to the bonus balance with the campaign's
 * wager, a rolled-back real bet takes its wagering back, and bets for games outside the catalogue are
 * refused.
 */
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { createTestApp } from '../../test/helpers';
import { cashMinor, units, uuid, wallet, walletPlayer } from '../aggregator/testing';
import { bonusActivation } from '@/lib/contracts/bonuses';
import { toActivations } from '../bonuses/replies';
import { bonusActivations, freeRoundRewards, freeSpinCampaigns, userFreeSpins } from '../bonuses/schema';
import { cancelFreeSpins } from '../bonuses/free-spins';
import { freeRoundRewardUuid, grantFreeSpins } from '../bonuses/service';
import { assertLedgerInvariants } from '../ledger/invariants';
import { userBalanceMinor } from '../ledger/service';
import { aggregatorClient } from './aggregator-client';
import { casinoJobs } from './jobs';
import { pullCatalogue } from './service';
import { listedGame, startFakeStudio, STUDIO_SECRET } from './testing';

const studio = await startFakeStudio();
const { app, db } = await createTestApp({
  env: { STUDIO_URL: studio.url, AGGREGATOR_SECRET: STUDIO_SECRET, RATE_LIMIT_ENABLED: 'false' },
});
// The seeded campaigns: 1 is 50 spins of aurora-wilds at RUB 10.00, wager x30.
await seedDatabase(
  db,
  seedSteps.filter((step) => ['0004-bonuses', '0008-studio-free-spin-games'].includes(step.id)),
);
const client = aggregatorClient({ baseUrl: studio.url, operatorId: 1, secret: STUDIO_SECRET });
studio.games = [listedGame('aurora-wilds'), listedGame('golden-coins')];
await pullCatalogue(db, client, new Date());
const clock = manualClock();
const jobs = casinoJobs({ db, client, clock, log: pino({ level: 'silent' }), unitsPerMinor: 1_000n });
const w = wallet(app, STUDIO_SECRET);

async function granted(money = 100) {
  const me = await walletPlayer(db, { money, gameCode: 'aurora-wilds' });
  const now = clock();
  const grant = await grantFreeSpins(db, { userId: me.id, campaignId: 1, currency: 'RUB', days: 7, now });
  if (!grant.granted) throw new Error(`not granted: ${grant.reason}`);
  return { me, spins: grant.row, reward: freeRoundRewardUuid(grant.row.id, now) };
}

const spinsLeft = async (id: number) =>
  (await db.select().from(userFreeSpins).where(eq(userFreeSpins.id, id)))[0];

describe('free rounds at the aggregator', () => {
  it('creates one reward per grant, with the spins left and the bet in the aggregator’s units', async () => {
    const { me, spins, reward } = await granted();
    await jobs.runOnce();
    await jobs.runOnce();
    const calls = studio.callsTo('/freebet/rewards/create').filter((c) => c.body.reward_uuid === reward);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      operator_id: 1,
      user: me.user,
      currency: 'RUB',
      game_code: 'aurora-wilds',
      bet_count: 50,
      bet_value: units(10),
      end_time: spins.expirationAt.toISOString(),
    });
    const [row] = await db.select().from(freeRoundRewards).where(eq(freeRoundRewards.rewardUuid, reward));
    expect(row.status).toBe('created');

    // Revoked: cancelled at the aggregator.
    await cancelFreeSpins(db, { userId: me.id, campaignId: 1, now: clock() });
    await jobs.runOnce();
    expect(studio.callsTo('/freebet/rewards/cancel').map((c) => c.body.reward_uuid)).toContain(reward);
    expect(studio.rewards.get(reward)?.status).toBe('cancelled');
  });

  it('keeps a reward while the aggregator is down and sends it later, as the same reward', async () => {
    studio.down = true;
    const { reward } = await granted();
    await jobs.runOnce();
    const [waiting] = await db.select().from(freeRoundRewards).where(eq(freeRoundRewards.rewardUuid, reward));
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('503'),
    });
    studio.down = false;
    await jobs.runOnce();
    expect(studio.rewards.has(reward)).toBe(false); // waits its turn
    clock.advance(6_000);
    await jobs.runOnce();
    expect(studio.rewards.get(reward)).toMatchObject({ bet_count: 50, status: 'active' });
  });

  it('queues the spins granted before any reward existed', async () => {
    const { spins } = await granted();
    await db.delete(freeRoundRewards).where(eq(freeRoundRewards.userFreeSpinId, spins.id));
    await jobs.runOnce();
    const [row] = await db
      .select()
      .from(freeRoundRewards)
      .where(eq(freeRoundRewards.userFreeSpinId, spins.id));
    expect(row.status).toBe('created');
  });
});

describe('free rounds in the wallet', () => {
  it('uses a spin per free bet once, pays its win to the bonus balance with the campaign’s wager, once', async () => {
    const { me, spins, reward } = await granted(100);
    const bet = uuid();
    const free = {
      uuid: bet,
      amount: units(10),
      is_free: true,
      reward_uuid: reward,
      game_code: 'aurora-wilds',
    };
    expect(await w.bet(me, free)).toMatchObject({ status: 'RS_OK', balance: units(100) });
    expect(await w.bet(me, free)).toMatchObject({ status: 'RS_OK', balance: units(100) });
    expect((await spinsLeft(spins.id)).countLeft).toBe(49);

    const win = { uuid: uuid(), bet, amount: units(2.5), is_free: true, game_code: 'aurora-wilds' };
    expect(await w.win(me, win)).toMatchObject({ status: 'RS_OK', balance: units(100) });
    expect(await w.win(me, win)).toMatchObject({ status: 'RS_OK', balance: units(100) });
    expect(await cashMinor(db, me.id)).toBe(10_000n);
    expect(await userBalanceMinor(db, me.id, 'RUB', 'bonus')).toBe(250n);
    const [activation] = await db
      .select()
      .from(bonusActivations)
      .where(and(eq(bonusActivations.userId, me.id), eq(bonusActivations.source, 'free_spins')));
    expect(activation).toMatchObject({
      status: 'active',
      userFreeSpinId: spins.id,
      amountMinor: 250n,
      wager: 30,
      wagerRequiredMinor: 7_500n,
      wageredMinor: 0n,
    });
    // The player's bonus list shows it, named after the campaign whose spins won it.
    const [campaign] = await db.select().from(freeSpinCampaigns).where(eq(freeSpinCampaigns.id, 1));
    const [shown] = await toActivations(db, [activation], 'en', clock());
    expect(bonusActivation.parse(shown)).toMatchObject({
      source: 'free_spins',
      code: 'FREE-SPINS-1',
      name: campaign.nameEn,
      amount: 2.5,
      wager: 30,
      wager_required: 75,
    });

    // A real-money bet counts towards it; rolled back, it counts no more.
    const real = uuid();
    await w.bet(me, { uuid: real, amount: units(20), game_code: 'aurora-wilds', round: 'round-2' });
    const counted = async () =>
      (await db.select().from(bonusActivations).where(eq(bonusActivations.id, activation.id)))[0]
        .wageredMinor;
    expect(await counted()).toBe(2_000n);
    expect(
      await w.rollback(me, { uuid: uuid(), bet: real, round: 'round-2', game_code: 'aurora-wilds' }),
    ).toMatchObject({
      status: 'RS_OK',
      balance: units(100),
    });
    expect(await counted()).toBe(0n);

    // A rolled-back free bet gives its spin back.
    const again = uuid();
    await w.bet(me, { ...free, uuid: again, round: 'round-3' });
    expect((await spinsLeft(spins.id)).countLeft).toBe(48);
    await w.rollback(me, { uuid: uuid(), bet: again, round: 'round-3', game_code: 'aurora-wilds' });
    expect((await spinsLeft(spins.id)).countLeft).toBe(49);
    await assertLedgerInvariants(db);
  });

  it('marks the spins used at 0 and refuses free bets beyond them, or in another game', async () => {
    const { me, spins, reward } = await granted();
    await db.update(userFreeSpins).set({ countLeft: 1 }).where(eq(userFreeSpins.id, spins.id));
    const free = { amount: units(10), is_free: true, reward_uuid: reward, game_code: 'aurora-wilds' };
    expect((await w.bet(me, { ...free, uuid: uuid() })).status).toBe('RS_OK');
    expect(await spinsLeft(spins.id)).toMatchObject({ countLeft: 0, status: 'used' });
    expect((await w.bet(me, { ...free, uuid: uuid(), round: 'r-2' })).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await w.bet(me, { ...free, uuid: uuid(), game_code: 'golden-coins' })).status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
  });

  it('refuses bets for a game outside the catalogue or disabled by the operator', async () => {
    const me = await walletPlayer(db, { money: 10 });
    expect(await w.bet(me, { uuid: uuid(), amount: units(1), game_code: 'nope' })).toMatchObject({
      status: 'RS_ERROR_INVALID_GAME',
      balance: units(10),
    });
    expect((await w.bet(me, { uuid: uuid(), amount: units(1), game_code: 'golden-coins' })).status).toBe(
      'RS_OK',
    );
  });
});
