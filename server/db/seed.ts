/**
 * Demo data for a fresh installation. Each step runs once per database: its id is recorded in
 * `seed_runs` in the same transaction as its inserts, under an advisory lock, so concurrent starters and
 * restarts never apply a step twice. Later features append steps (never edit or reorder applied ones).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from './client';
import { hashPassword } from '../modules/auth/passwords';
import { newSuperBonusTag } from '../modules/users/service';
import { operatorSettings, paymentMethods, seedRuns, users } from './schema';

/** Demo accounts of a fresh installation (README). */
export const DEMO_USERS = {
  email: { email: 'demo@aurum.example', password: 'demo12345', currency: 'RUB' },
  phone: { phone: '+77010000001', password: 'demo12345', currency: 'KZT' },
} as const;

export interface SeedStep {
  /** Stable id, e.g. `0001-operator-settings`. */
  id: string;
  run(tx: Executor): Promise<void>;
}

const SEED_LOCK_KEY = 7_346_190_002;

export const seedSteps: SeedStep[] = [
  {
    // The site links of the mirror data (spec §3). Null until the operator sets them.
    id: '0001-operator-settings',
    async run(tx) {
      await tx
        .insert(operatorSettings)
        .values([
          {
            key: 'telegram_channel_url',
            value: null,
            description: 'Telegram channel linked from the site (mirror data telegram_channel_url)',
          },
          {
            key: 'revshare_service_frontend_url',
            value: null,
            description:
              'Affiliate (revenue share) site linked from the site (mirror data revshare_service_frontend_url)',
          },
        ])
        .onConflictDoNothing();
    },
  },
  {
    // A player by e-mail (RUB, e-mail verified) and one by phone (KZT, phone verified).
    id: '0002-demo-users',
    async run(tx) {
      const { email, phone } = DEMO_USERS;
      await tx
        .insert(users)
        .values([
          {
            email: email.email,
            passwordHash: await hashPassword(email.password),
            currency: email.currency,
            registerMethod: 'email',
            isEmailVerified: true,
            superBonusTag: newSuperBonusTag(),
          },
          {
            phone: phone.phone,
            passwordHash: await hashPassword(phone.password),
            currency: phone.currency,
            registerMethod: 'phone',
            isPhoneVerified: true,
            superBonusTag: newSuperBonusTag(),
          },
        ])
        .onConflictDoNothing();
    },
  },
  {
    // Deposit methods of the sandbox provider (card and phone per currency/region; min/max/default in
    // minor units). "Sandbox card (no limits)" has none, to exercise the web's 100/300000/100 fallbacks.
    id: '0003-payment-methods',
    async run(tx) {
      const m = (
        hash: string,
        type: 'card' | 'phone',
        nameEn: string,
        nameRu: string,
        currency: string,
        region: 'KZ' | 'RU' | null,
        limits: [number, number, number] | null,
        sort: number,
      ) => ({
        hash,
        provider: 'sandbox',
        type,
        nameEn,
        nameRu,
        currency,
        region,
        minMinor: limits ? BigInt(limits[0]) * 100n : null,
        maxMinor: limits ? BigInt(limits[1]) * 100n : null,
        defaultMinor: limits ? BigInt(limits[2]) * 100n : null,
        sort,
      });
      await tx
        .insert(paymentMethods)
        .values([
          m(
            'sandbox-card-rub',
            'card',
            'Bank card',
            'Банковская карта',
            'RUB',
            null,
            [100, 300_000, 1_000],
            10,
          ),
          m(
            'sandbox-sbp-rub',
            'phone',
            'SBP (by phone)',
            'СБП (по номеру телефона)',
            'RUB',
            'RU',
            [100, 100_000, 500],
            20,
          ),
          m(
            'sandbox-card-nolimits-rub',
            'card',
            'Sandbox card (no limits)',
            'Карта (без лимитов)',
            'RUB',
            null,
            null,
            30,
          ),
          m(
            'sandbox-card-kzt',
            'card',
            'Bank card',
            'Банковская карта',
            'KZT',
            null,
            [500, 1_500_000, 5_000],
            10,
          ),
          m(
            'sandbox-phone-kzt',
            'phone',
            'Transfer by phone',
            'Перевод по номеру телефона',
            'KZT',
            'KZ',
            [500, 500_000, 2_000],
            20,
          ),
          m('sandbox-card-usd', 'card', 'Bank card', 'Банковская карта', 'USD', null, [1, 3_000, 10], 10),
          m('sandbox-card-eur', 'card', 'Bank card', 'Банковская карта', 'EUR', null, [1, 3_000, 10], 10),
          m(
            'sandbox-card-inr',
            'card',
            'Bank card',
            'Банковская карта',
            'INR',
            null,
            [100, 300_000, 1_000],
            10,
          ),
        ])
        .onConflictDoNothing();
    },
  },
];

/** Applies the steps not yet recorded; returns the ids applied now. */
export async function seedDatabase(db: Database, steps: SeedStep[] = seedSteps): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const ran = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const done = await tx.select({ id: seedRuns.id }).from(seedRuns).where(eq(seedRuns.id, step.id));
      if (done.length > 0) return false;
      await step.run(tx);
      await tx.insert(seedRuns).values({ id: step.id });
      return true;
    });
    if (ran) applied.push(step.id);
  }
  return applied;
}
