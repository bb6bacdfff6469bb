import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { verifyPassword } from '../modules/auth/passwords';
import { operatorSettings, seedRuns, users } from './schema';
import { DEMO_USERS, seedDatabase, seedSteps, type SeedStep } from './seed';

const { db } = await createTestDatabase();
const freshDatabase = createTestDatabase();

describe('seedDatabase', () => {
  it('applies every step on a fresh database and records it', async () => {
    expect(await seedDatabase(db)).toEqual(seedSteps.map((step) => step.id));
    const settings = await db.select().from(operatorSettings).orderBy(asc(operatorSettings.key));
    expect(settings.map((s) => [s.key, s.value])).toEqual([
      ['revshare_service_frontend_url', null],
      ['telegram_channel_url', null],
    ]);
    expect((await db.select().from(seedRuns)).map((r) => r.id)).toEqual(seedSteps.map((step) => step.id));
  });

  it('runs each step once, even when started concurrently', async () => {
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
    await expect(seedDatabase(db, [failing])).rejects.toThrow('boom');
    const keys = (await db.select().from(operatorSettings)).map((s) => s.key);
    expect(keys).not.toContain('half_done');
    expect((await db.select().from(seedRuns)).map((r) => r.id)).not.toContain('test-failing-step');
  });
});

describe('demo users', () => {
  it('seeds a verified e-mail player (RUB) and a verified phone player (KZT) who can log in', async () => {
    const { db: fresh } = await freshDatabase;
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
});
