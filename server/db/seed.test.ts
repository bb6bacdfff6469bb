import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { verifyPassword } from '../modules/auth/passwords';
import {
  freeSpinCampaigns,
  operatorSettings,
  promoCodes,
  seedRuns,
  userFreeSpins,
  users,
  welcomePackStages,
} from './schema';
import { DEMO_USERS, seedDatabase, seedSteps, type SeedStep } from './seed';

// A fresh database for each test (clones of the migrated template are cheap): what one test seeds never
// shows in another.
const [appliedDb, concurrentDb, failingDb, demoDb, productionDb, bonusesDb] = (
  await Promise.all(Array.from({ length: 6 }, () => createTestDatabase()))
).map((handle) => handle.db);

describe('seedDatabase', () => {
  it('applies every step on a fresh database and records it', async () => {
    const db = appliedDb;
    expect(await seedDatabase(db)).toEqual(seedSteps.map((step) => step.id));
    const settings = await db.select().from(operatorSettings).orderBy(asc(operatorSettings.key));
    expect(settings.map((s) => [s.key, s.value])).toEqual([
      ['revshare_service_frontend_url', null],
      ['telegram_channel_url', null],
      ['welcome_pack_title', expect.objectContaining({ en: expect.any(String), ru: expect.any(String) })],
    ]);
    expect((await db.select().from(seedRuns)).map((r) => r.id)).toEqual(seedSteps.map((step) => step.id));
  });

  it('runs each step once, even when started concurrently', async () => {
    const db = concurrentDb;
    expect(await seedDatabase(db)).toEqual(seedSteps.map((step) => step.id));
    let runs = 0;
    const counting: SeedStep = {
      id: 'test-counting-step',
      async run() {
        runs += 1;
      },
    };
    const results = await Promise.all([seedDatabase(db, [counting]), seedDatabase(db, [counting])]);
    expect(runs).toBe(1);
    expect(results.flat()).toEqual(['test-counting-step']);
    expect(await seedDatabase(db)).toEqual([]);
  });

  it('records nothing when a step fails, so it is retried on the next start', async () => {
    const failing: SeedStep = {
      id: 'test-failing-step',
      async run(tx) {
        await tx.insert(operatorSettings).values({ key: 'half_done', value: 1, description: 'x' });
        throw new Error('boom');
      },
    };
    const db = failingDb;
    await expect(seedDatabase(db, [failing])).rejects.toThrow('boom');
    const keys = (await db.select().from(operatorSettings)).map((s) => s.key);
    expect(keys).not.toContain('half_done');
    expect((await db.select().from(seedRuns)).map((r) => r.id)).not.toContain('test-failing-step');
  });
});

describe('demo users', () => {
  it('seeds a verified e-mail player (RUB) and a verified phone player (KZT) who can log in', async () => {
    const fresh = demoDb;
    await seedDatabase(fresh);
    const rows = await fresh.select().from(users).orderBy(asc(users.id));
    expect(rows).toEqual([
      expect.objectContaining({
        email: DEMO_USERS.email.email,
        currency: 'RUB',
        registerMethod: 'email',
        isEmailVerified: true,
      }),
      expect.objectContaining({
        phone: DEMO_USERS.phone.phone,
        currency: 'KZT',
        registerMethod: 'phone',
        isPhoneVerified: true,
      }),
    ]);
    for (const row of rows) expect(await verifyPassword(row.passwordHash ?? '', 'demo12345')).toBe(true);
  });

  it('are not seeded without demo data (production), while the operator data is', async () => {
    const production = productionDb;
    const applied = await seedDatabase(production, seedSteps, { demo: false });
    expect(applied).not.toContain('0002-demo-users');
    expect(applied).toEqual(seedSteps.filter((step) => !step.demo).map((step) => step.id));
    expect(await production.select().from(users)).toEqual([]);
    expect(await production.select().from(userFreeSpins)).toEqual([]);
    expect((await production.select().from(promoCodes)).map((p) => p.code)).toContain('WELCOME100');
    // Nothing demo-only is recorded as done, and another production start still seeds no players.
    expect(await seedDatabase(production, seedSteps, { demo: false })).toEqual([]);
    expect(await production.select().from(users)).toEqual([]);
  });
});

describe('bonuses', () => {
  it('seeds the promo codes, two campaigns, a four-stage welcome pack and free spins for the demo players', async () => {
    const fresh = bonusesDb;
    await seedDatabase(fresh);
    const promos = await fresh.select().from(promoCodes).orderBy(asc(promoCodes.id));
    expect(promos.map((p) => [p.code, p.percent, p.region])).toEqual([
      ['WELCOME100', 100, null],
      ['KZSTART', 150, 'KZ'],
    ]);
    expect(promos[0].limits.RUB).toEqual({ min_deposit_minor: 50_000, max_bonus_minor: 5_000_000 });
    expect(Object.keys(promos[1].limits)).toEqual(['KZT']);
    const campaigns = await fresh.select().from(freeSpinCampaigns).orderBy(asc(freeSpinCampaigns.id));
    // Step 0008 points them at the game studio's slots.
    expect(campaigns.map((c) => [c.nameEn, c.gameName])).toEqual([
      ['50 free spins in Aurora Wilds', 'Aurora Wilds'],
      ['25 free spins in Golden Coins: Hold and Win', 'Golden Coins: Hold and Win'],
    ]);
    expect(campaigns.map((c) => [c.id, c.gameId, c.count])).toEqual([
      [1, 'aurora-wilds', 50],
      [2, 'golden-coins', 25],
    ]);
    const stages = await fresh.select().from(welcomePackStages).orderBy(asc(welcomePackStages.stage));
    expect(stages.map((s) => [s.depositNumber, s.percent, s.freeSpinCampaignId])).toEqual([
      [1, 100, 1],
      [2, 75, null],
      [3, 60, 2],
      [4, 50, null],
    ]);
    const spins = await fresh.select().from(userFreeSpins);
    expect(spins).toHaveLength(4);
    expect(spins.every((s) => s.status === 'active' && s.countLeft > 0)).toBe(true);
    expect(new Set(spins.map((s) => s.currency))).toEqual(new Set(['RUB', 'KZT']));
  });
});
