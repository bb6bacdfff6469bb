/**
 * Chaos: one player bets from 50 parallel loops while signed deposit webhooks for the same player run in
 * a loop, and PostgreSQL is stopped (SIGSTOP of the postmaster and every backend) for 5 s, then resumed.
 * Every answer must be a 200, a 422 the scenario allows (insufficient funds), or a 503 while the database
 * is stopped; 503s must be seen then and stop soon after it resumes (3 s); afterwards the ledger holds its
 * invariants, and every bet and deposit a client retried after a 503 (same idempotency key, same event)
 * exists exactly once. Runs against a PostgreSQL of its own, with the production pool settings.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb } from '../db/client';
import { seedDatabase } from '../db/seed';
import { api, key } from '../modules/games/testing';
import { assertLedgerInvariants } from '../modules/ledger/invariants';
import { client, profile, signUpByEmail } from './accounts';
import { CARD_OF, deposit, paidEvent, webhook } from './deposits';
import { testConfig } from './helpers';
import { startOwnPostgres } from './own-postgres';

const BETTORS = 50;
const FROZEN_MS = 5_000;
const SECRET = 'chaos-test-webhook-secret-0123456789abcdef';

const server = await startOwnPostgres('chaos');
const handle = createDb(server.url, { max: 10, applicationName: 'casino-chaos' });
await seedDatabase(handle.db, undefined, { demo: false });
const app = buildApp({
  db: handle.db,
  config: testConfig({ RATE_LIMIT_ENABLED: 'false', SANDBOX_PAYMENT_SECRET: SECRET }),
  logger: false,
});
await app.ready();
afterAll(async () => {
  await app.close();
  await handle.pool.end();
});

interface Answer {
  kind: 'bet' | 'invoice' | 'webhook';
  status: number;
  body: string;
  startedAt: number;
  endedAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('chaos: bets and deposit webhooks of one player while PostgreSQL stalls', () => {
  it('answers 200 or 503 (never a 500), recovers by itself, and keeps the ledger consistent', async () => {
    const { token } = await signUpByEmail(app, { extra: { promo: 'WELCOME100' } });
    await deposit(app, token, 5_000); // with the promo: an active bonus that every bet wagers
    const player = api(app, token);
    const payer = client(app);

    const answers: Answer[] = [];
    const deadline = Date.now() + 40_000;
    let stopping = false;
    /** Sends until the answer is not a 503 (as a client retrying with the same key would). */
    const untilAnswered = async (kind: Answer['kind'], send: () => Promise<LightMyRequestResponse>) => {
      for (;;) {
        const startedAt = Date.now();
        const response = await send();
        answers.push({
          kind,
          status: response.statusCode,
          body: response.body,
          startedAt,
          endedAt: Date.now(),
        });
        if (response.statusCode !== 503) return response;
        if (Date.now() > deadline) throw new Error(`${kind}: still 503 at the deadline`);
        await sleep(100);
      }
    };

    const placed = new Set<string>();
    const bettor = async () => {
      while (!stopping) {
        const idempotencyKey = key();
        const response = await untilAnswered('bet', () =>
          player.post('/dice/bet', {
            amount: 1,
            target: 50,
            direction: 'under',
            idempotency_key: idempotencyKey,
          }),
        );
        if (response.statusCode === 200) placed.add(idempotencyKey);
      }
    };
    const credited: number[] = [];
    const newInvoice = async () => {
      const paymentKey = `chaos-${randomBytes(8).toString('hex')}`;
      const created = await untilAnswered('invoice', () =>
        payer.post(
          '/api/v2/billing/payment',
          { method: CARD_OF.RUB, amount: 500, idempotency_key: paymentKey },
          token,
        ),
      );
      expect(created.statusCode, created.body).toBe(200);
      return created.json() as { id: number; hash: string; amount: number };
    };
    // Invoices made beforehand, so that webhooks (not only invoice creations) meet the stall.
    const invoices = await Promise.all(Array.from({ length: 24 }, newInvoice));
    const depositor = async () => {
      while (!stopping) {
        const invoice = invoices.shift() ?? (await newInvoice());
        const event = paidEvent(invoice);
        const delivered = await untilAnswered('webhook', () => webhook(app, SECRET, event));
        if (delivered.statusCode === 200 && delivered.json().outcome === 'credited')
          credited.push(invoice.id);
        await sleep(50);
      }
    };

    const loops = [...Array.from({ length: BETTORS }, bettor), depositor(), depositor()];
    const stopAll = async () => {
      stopping = true;
      return Promise.allSettled(loops);
    };
    let frozenAt = 0;
    let thawedAt = 0;
    try {
      await sleep(1_500);
      frozenAt = Date.now();
      server.freeze();
      await sleep(FROZEN_MS);
    } finally {
      server.thaw();
      thawedAt = Date.now();
    }
    // Run on until bets and deposits have succeeded again after the resume.
    const okAfterThaw = (kind: Answer['kind']) =>
      answers.filter((a) => a.kind === kind && a.status === 200 && a.startedAt > thawedAt).length;
    while ((okAfterThaw('bet') < BETTORS || okAfterThaw('webhook') < 2) && Date.now() < deadline)
      await sleep(100);
    const settled = await stopAll();
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

    const unexpected = answers.filter(
      (a) =>
        !(
          a.status === 200 ||
          a.status === 503 ||
          (a.kind === 'bet' && a.status === 422 && a.body.includes('insufficient_funds'))
        ),
    );
    expect(unexpected.map((a) => `${a.kind} ${a.status} ${a.body}`)).toEqual([]);

    const unavailable = answers.filter((a) => a.status === 503);
    const duringStall = unavailable.filter((a) => a.endedAt >= frozenAt && a.endedAt <= thawedAt);
    expect(duringStall.length).toBeGreaterThan(0);
    // Recovery: no 503 started more than 3 s after the resume (it takes about 0.5 s).
    expect(unavailable.filter((a) => a.startedAt > thawedAt + 3_000).map((a) => a.body)).toEqual([]);
    expect(okAfterThaw('bet')).toBeGreaterThanOrEqual(BETTORS);
    expect(okAfterThaw('webhook')).toBeGreaterThanOrEqual(2);

    // Each bet answered 200 exists once, whatever 503s came before; none exists that was never confirmed.
    const me = (await profile(app, token)).json().user as { id: number };
    const rows = await handle.db.execute<{ idempotency_key: string }>(
      sql`SELECT idempotency_key FROM game_bets WHERE user_id = ${me.id}`,
    );
    expect(rows.rows.map((r) => r.idempotency_key).sort()).toEqual([...placed].sort());
    const paid = await handle.db.execute<{ id: number }>(
      sql`SELECT id FROM billing_invoices WHERE user_id = ${me.id} AND status = 3 ORDER BY id`,
    );
    // Every webhook answered "credited" paid its invoice, and nothing else was paid (but the first deposit).
    expect(paid.rows.map((r) => r.id).slice(1)).toEqual([...credited].sort((a, b) => a - b));
    await assertLedgerInvariants(handle.db);
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok', db: 'ok' });

    const firstStallAnswer = Math.min(...duringStall.map((a) => a.endedAt)) - frozenAt;
    const lastUnavailable = Math.max(...unavailable.map((a) => a.endedAt)) - thawedAt;
    const count = (kind: Answer['kind'], status: number) =>
      answers.filter((a) => a.kind === kind && a.status === status).length;
    console.info(
      `[chaos] ${answers.length} answers: bets ${count('bet', 200)} × 200, ${count('bet', 503)} × 503, ` +
        `${count('bet', 422)} × 422; invoices ${count('invoice', 200)} × 200, ${count('invoice', 503)} × 503; ` +
        `webhooks ${count('webhook', 200)} × 200, ${count('webhook', 503)} × 503; ${credited.length} deposits ` +
        `credited. First 503 ${firstStallAnswer} ms after SIGSTOP, last 503 ${lastUnavailable} ms after SIGCONT; ` +
        `${placed.size} bets in the ledger.`,
    );
  }, 60_000);
});
