/** Issue 15: the player hears of each change of their withdrawal, in their language, through the outbox. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutRequest } from '@/lib/contracts/payouts';
import { seedDatabase, seedSteps } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, outbox, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { sandboxProvider, type PaymentProvider } from '../billing/providers';
import { users } from '../users/schema';
import { approvePayout, rejectPayout } from './service';

const clock = manualClock(new Date('2031-04-01T00:00:00Z'));
const { app, db, config } = await createTestApp({ clock, env: { SANDBOX_PAYMENT_SECRET: 'n'.repeat(40) } });
await seedDatabase(
  db,
  seedSteps.filter((step) => step.id !== '0004-bonuses'),
);
const providers = new Map<string, PaymentProvider>([['sandbox', sandboxProvider(config)]]);

async function player(locale?: 'en' | 'kz') {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  if (locale) await db.update(users).set({ locale }).where(eq(users.email, email));
  await deposit(app, token, 2_000);
  return { token, email };
}

async function withdraw(token: string, amount = 300) {
  const response = await client(app).post(
    '/api/v2/billing/payout',
    {
      method: 'sandbox-payout-card-rub',
      amount,
      destination: '4111 1111 1111 1111',
      idempotency_key: `k-${randomBytes(8).toString('hex')}`,
    },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return payoutRequest.parse(response.json());
}

const payoutMessages = async (email: string) =>
  (await outbox(app, email)).filter((m) => m.template.startsWith('payout_')).reverse();

describe('withdrawal notifications', () => {
  it('tells of the request, the sending and the payment, once each, in Russian by default', async () => {
    const { token, email } = await player();
    const request = await withdraw(token);
    await approvePayout(db, { id: request.id, reviewer: 'alice', providers, now: clock() });
    const paid = await client(app).post(`/sandbox/payouts/${request.id}/complete`, {
      status: 'paid',
      event_id: `e-${request.id}`,
    });
    expect(paid.statusCode).toBe(200);
    // The same callback again changes nothing and tells nothing.
    await client(app).post(`/sandbox/payouts/${request.id}/complete`, {
      status: 'paid',
      event_id: `e-${request.id}`,
    });
    const messages = await payoutMessages(email);
    expect(messages.map((m) => [m.template, m.locale, m.channel])).toEqual([
      ['payout_review', 'ru', 'email'],
      ['payout_sent', 'ru', 'email'],
      ['payout_paid', 'ru', 'email'],
    ]);
    expect(messages[0].subject).toBe('Aurum: заявка на вывод принята');
    expect(messages[2].body).toBe(`Вывод 300.00 RUB (№${request.id}) выплачен.`);
  });

  it('tells of a rejection, a cancellation and a failure, in the player’s language', async () => {
    const { token, email } = await player('en');
    const rejected = await withdraw(token);
    await rejectPayout(db, { id: rejected.id, reviewer: 'bob', note: 'documents', now: clock() });
    const cancelled = await withdraw(token);
    expect(
      (await client(app).post(`/api/v2/billing/payout/${cancelled.id}/cancel`, {}, token)).statusCode,
    ).toBe(200);
    const failed = await withdraw(token);
    await approvePayout(db, { id: failed.id, reviewer: 'alice', providers, now: clock() });
    await client(app).post(`/sandbox/payouts/${failed.id}/complete`, { status: 'failed' });
    const messages = await payoutMessages(email);
    expect(messages.map((m) => m.template)).toEqual([
      'payout_review',
      'payout_rejected',
      'payout_review',
      'payout_cancelled',
      'payout_review',
      'payout_sent',
      'payout_failed',
    ]);
    expect(messages.every((m) => m.locale === 'en')).toBe(true);
    expect(messages[1].body).toContain(`Your withdrawal of 300.00 RUB (#${rejected.id}) was rejected.`);
  });

  it('writes nothing when the request is refused', async () => {
    const { token, email } = await player('kz');
    const response = await client(app).post(
      '/api/v2/billing/payout',
      {
        method: 'sandbox-payout-card-rub',
        amount: 99_999,
        destination: '4111 1111 1111 1111',
        idempotency_key: 'k-refused-1',
      },
      token,
    );
    expect(response.statusCode).toBe(422);
    expect(await payoutMessages(email)).toEqual([]);
  });
});
