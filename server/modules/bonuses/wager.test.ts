/**
 * recordWager, driven directly (the games call it with each settled bet; games/wagering.test.ts covers
 * that path), with deposits made through the sandbox provider. The bets here are case openings that never
 * pay back their price: weight 100 %, so the whole stake counts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, profile, signUpByEmail } from '../../test/accounts';
import { balances, deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { assertLedgerInvariants } from '../ledger/invariants';
import { systemAccount, transfer, userAccount } from '../ledger/service';
import { bonusActivations } from './schema';
import { createPromo } from './repository';
import { recordWager } from './wagering';

const clock = manualClock(new Date('2031-05-01T00:00:00Z'));
const { app, db } = await createTestApp({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
await seedDatabase(db);

const userIdOf = async (token: string) => (await profile(app, token)).json().user.id as number;
const rowsOf = (userId: number) =>
  db.select().from(bonusActivations).where(eq(bonusActivations.userId, userId)).orderBy(bonusActivations.id);
const fullWeight = (stakeMinor: bigint) =>
  ({ game: 'cases', stakeMinor, table: [{ from: 1, to: 100_000, multiplier_scaled: 5_000 }] }) as const;
const wager = (userId: number, amountMinor: bigint, currency: 'RUB' | 'USD' = 'RUB') =>
  db
    .transaction((tx) =>
      recordWager(tx, {
        userId,
        currency,
        bet: fullWeight(amountMinor),
        reference: `bet:test:${amountMinor}`,
        now: clock(),
      }),
    )
    .then(({ released }) => ({ released }));

describe('recordWager', () => {
  it('counts stakes until wager × bonus is reached, then releases the bonus to cash', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const userId = await userIdOf(token);
    await deposit(app, token, 1000);
    const [active] = await rowsOf(userId);
    expect(active).toMatchObject({ status: 'active', amountMinor: 100_000n, wagerRequiredMinor: 3_500_000n });

    expect(await wager(userId, 2_000_000n)).toEqual({ released: [] });
    expect((await rowsOf(userId))[0]).toMatchObject({ status: 'active', wageredMinor: 2_000_000n });
    expect(await wager(userId, 100n, 'USD')).toEqual({ released: [] }); // another currency: not counted
    expect((await rowsOf(userId))[0].wageredMinor).toBe(2_000_000n);

    expect(await wager(userId, 1_500_000n)).toEqual({
      released: [{ activationId: active.id, amountMinor: 100_000n }],
    });
    const [wagered] = await rowsOf(userId);
    expect(wagered).toMatchObject({ status: 'wagered', wageredMinor: 3_500_000n, finishedAt: clock() });
    expect(await balances(app, token)).toEqual({ balance: 2000, bonus_balance: 0, total_balance: 2000 });
    const history = (await client(app).get('/profile/history', token)).json();
    expect(history.items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          wallet: 'cash',
          kind: 'bonus',
          amount: 1000,
          description: 'Bonus WELCOME100 wagered',
        }),
        expect.objectContaining({ wallet: 'bonus', kind: 'bonus', amount: -1000, balance_after: 0 }),
      ]),
    );
    // Nothing left to wager: a later stake changes nothing.
    expect(await wager(userId, 5_000_000n)).toEqual({ released: [] });
    expect((await balances(app, token)).balance).toBe(2000);
    await assertLedgerInvariants(db);
  });

  it('carries what the oldest bonus does not need over to the next one', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const userId = await userIdOf(token);
    await deposit(app, token, 1000); // the promo: 1 000, to wager 35 000
    await deposit(app, token, 1000); // deposit 2, welcome stage 2: 750, to wager 26 250
    const [promo, stage] = await rowsOf(userId);
    expect([promo.source, stage.source, stage.amountMinor]).toEqual(['promo', 'welcome_pack', 75_000n]);
    expect(await wager(userId, 4_000_000n)).toEqual({
      released: [{ activationId: promo.id, amountMinor: 100_000n }],
    });
    expect((await rowsOf(userId))[1]).toMatchObject({ status: 'active', wageredMinor: 500_000n });
    expect(await balances(app, token)).toEqual({ balance: 3000, bonus_balance: 750, total_balance: 3750 });
    await assertLedgerInvariants(db);
  });

  it('releases at most what is left on the bonus balance', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    const userId = await userIdOf(token);
    await deposit(app, token, 1000);
    // Part of the bonus balance was lost in play (as a bonus-money bet of a game would do).
    await transfer(db, {
      idempotencyKey: `test:bonus-bet:${userId}`,
      kind: 'bet',
      entries: [
        { account: await userAccount(db, userId, 'RUB', 'bonus'), amountMinor: -30_000n },
        { account: await systemAccount(db, 'house', 'RUB'), amountMinor: 30_000n },
      ],
    });
    const [{ id }] = await rowsOf(userId);
    expect(await wager(userId, 3_500_000n)).toEqual({
      released: [{ activationId: id, amountMinor: 70_000n }],
    });
    expect(await balances(app, token)).toEqual({ balance: 1700, bonus_balance: 0, total_balance: 1700 });
    await assertLedgerInvariants(db);
  });

  it('a bonus without a wager requirement is cash at once', async () => {
    await createPromo(
      db,
      {
        code: 'NOWAGER',
        nameEn: 'No wager',
        percent: 10,
        wager: 0,
        limits: { RUB: { min_deposit_minor: 10_000, max_bonus_minor: 1_000_000 } },
      },
      clock(),
    );
    const { token } = await signUpByEmail(app, { extra: { promo: 'nowager' } });
    await deposit(app, token, 1000);
    expect(await balances(app, token)).toEqual({ balance: 1100, bonus_balance: 0, total_balance: 1100 });
    expect((await rowsOf(await userIdOf(token)))[0]).toMatchObject({
      status: 'wagered',
      amountMinor: 10_000n,
    });
    await assertLedgerInvariants(db);
  });

  it('refuses a stake that is not positive', async () => {
    const { token } = await signUpByEmail(app);
    const userId = await userIdOf(token);
    await expect(wager(userId, 0n)).rejects.toThrow(RangeError);
    await expect(wager(userId, -5n)).rejects.toThrow(RangeError);
  });
});
