import { createServer as createNetServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../scripts/smtp-sink.mjs';
import { createDb } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { client, CONFIRMED, PASSWORD, uniqueEmail, uniquePhone } from '../../test/accounts';
import { createTestApp, createTestDatabase } from '../../test/helpers';
import { readText, sendJson, startFakeServer } from '../../test/http-fake';
import { outboxDeliveryOf, OutboxDelivery, retryDelayMs } from './delivery';
import { outboxMessages } from './schema';
import type { MessageSender, OutgoingMessage } from './senders';
import { enqueueMessage } from './service';

const SECOND = 1_000;
const silentLog = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

/** A TCP port nothing listens on (bound, then released). */
async function deadPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const smtpEnv = (port: number) => ({
  SMTP_URL: `smtp://outbox:secret@127.0.0.1:${port}`,
  MAIL_FROM: 'Aurum <no-reply@aurum.test>',
});

describe('e-mail through SMTP', async () => {
  const sink = await startSmtpSink();
  afterAll(() => sink.close());
  const { app, db } = await createTestApp({ env: smtpEnv(sink.port) });
  const rowOf = async (to: string, template = 'verify_code') =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).find(
      (row) => row.template === template,
    )!;

  it("delivers an e-mail sign-up's code through the SMTP server in the player's language, as text and HTML", async () => {
    const email = uniqueEmail('smtp');
    const response = await client(app).request('POST', '/api/v2/auth/register/email', {
      body: { email, password: PASSWORD, ...CONFIRMED },
      headers: { 'accept-language': 'kk-KZ,kk;q=0.9' },
    });
    expect(response.statusCode, response.body).toBe(200);

    const mail = await sink.waitFor(email);
    const row = await rowOf(email);
    expect(row.code).toMatch(/^\d{6}$/);
    expect(mail).toMatchObject({
      envelopeTo: [email],
      envelopeFrom: 'no-reply@aurum.test',
      subject: 'Aurum: мекенжайды растау',
      contentLanguage: 'kk',
      messageId: `<outbox-${row.id}@aurum.test>`,
    });
    expect(mail.text).toContain(`Растау коды: ${row.code}`);
    expect(mail.html).toContain('<html lang="kk">');
    expect(mail.html).toContain(`>${row.code}</strong>`);
    expect(mail.html).toContain('Бұл хатты Aurum қызметі автоматты түрде жіберді');

    await outboxDeliveryOf(app)!.idle();
    expect(await rowOf(email)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
      nextAttemptAt: null,
    });
  });

  it('sends a Russian e-mail when the request names no language the product speaks', async () => {
    const email = uniqueEmail('smtp-ru');
    const response = await client(app).request('POST', '/api/v2/auth/register/email', {
      body: { email, password: PASSWORD, ...CONFIRMED },
      headers: { 'accept-language': 'de-DE' },
    });
    expect(response.statusCode).toBe(200);
    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe('Aurum: подтверждение адреса');
    expect(mail.html).toContain('<html lang="ru">');
  });

  it('fails a message the server refuses for good (550) after one attempt', async () => {
    sink.refuse = { code: 550, message: 'No such mailbox' };
    try {
      const email = uniqueEmail('smtp-550');
      const response = await client(app).post('/api/v2/auth/register/email', {
        email,
        password: PASSWORD,
        ...CONFIRMED,
      });
      expect(response.statusCode).toBe(200);
      await outboxDeliveryOf(app)!.idle();
      const row = await rowOf(email);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(row.lastError).toContain('550');
    } finally {
      sink.refuse = null;
    }
  });
});

describe('while the SMTP server is down', async () => {
  const clock = manualClock();
  const { app, db } = await createTestApp({ clock, env: smtpEnv(await deadPort()) });
  const delivery = outboxDeliveryOf(app)!;
  const rowOf = async (to: string, template: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).find(
      (row) => row.template === template,
    )!;

  it('the sign-up still answers at once; the code is retried with backoff and failed once it has expired', async () => {
    const email = uniqueEmail('down');
    const started = Date.now();
    const response = await client(app).post('/api/v2/auth/register/email', {
      email,
      password: PASSWORD,
      ...CONFIRMED,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    await delivery.idle();

    const t0 = clock().getTime();
    let row = await rowOf(email, 'verify_code');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt!.getTime()).toBe(t0 + 30 * SECOND);

    // Not before its time.
    clock.advance(29 * SECOND);
    expect(await delivery.drain()).toEqual([]);
    // 30 s, 60 s, 120 s, 240 s: each wait twice the last.
    let at = t0;
    for (const [attempts, wait] of [
      [2, 60],
      [3, 120],
      [4, 240],
      [5, 480],
    ] as const) {
      at += retryDelayMs(attempts - 1);
      clock.set(new Date(at));
      expect(await delivery.drain()).toEqual([{ id: row.id, outcome: 'retry' }]);
      row = await rowOf(email, 'verify_code');
      expect(row).toMatchObject({ status: 'queued', attempts });
      expect(row.nextAttemptAt!.getTime()).toBe(at + wait * SECOND);
    }
    // The next attempt would come after the code's 10 minutes: the message is failed, not sent dead.
    clock.set(row.nextAttemptAt!);
    expect(await delivery.drain()).toEqual([{ id: row.id, outcome: 'failed' }]);
    expect(await rowOf(email, 'verify_code')).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'expired before delivery',
      nextAttemptAt: null,
    });
  });

  it(`fails a message without a code after ${delivery.settings.maxAttempts} attempts, the waits capped at an hour`, async () => {
    const signUp = await client(app).post('/api/v2/auth/register/email', {
      email: uniqueEmail('down-data'),
      password: PASSWORD,
      ...CONFIRMED,
    });
    const { token } = signUp.json();
    const email = (await db.select().from(outboxMessages).orderBy(outboxMessages.id)).at(-1)!.recipient;
    clock.advance(11 * 60 * SECOND); // the code is dead, the login data never is
    expect((await client(app).post('/auth/send_login_data', undefined, token)).statusCode).toBe(200);
    await delivery.idle();
    const waits: number[] = [];
    let row = await rowOf(email, 'login_data');
    while (row.status === 'queued') {
      waits.push(row.nextAttemptAt!.getTime() - clock().getTime());
      clock.set(row.nextAttemptAt!);
      await delivery.drain();
      row = await rowOf(email, 'login_data');
    }
    expect(waits.map((ms) => ms / SECOND)).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(retryDelayMs(12)).toBe(60 * 60 * SECOND);
    expect(row).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('SMS through the HTTP provider (SMS.ru shape)', async () => {
  const requests: Record<string, string>[] = [];
  const answers: { status: number; body: unknown }[] = [];
  const provider = await startFakeServer(async (request, response) => {
    const form = Object.fromEntries(new URLSearchParams(await readText(request)));
    requests.push({ ...form, path: request.url ?? '', contentType: request.headers['content-type'] ?? '' });
    const next = answers.shift() ?? {
      status: 200,
      body: {
        status: 'OK',
        status_code: 100,
        sms: { [form.to]: { status: 'OK', status_code: 100, sms_id: `sms-${requests.length}` } },
        balance: 100,
      },
    };
    sendJson(response, next.status, next.body);
  });
  afterAll(() => provider.close());
  const clock = manualClock();
  const { app, db } = await createTestApp({
    clock,
    env: { SMS_API_URL: `${provider.url}/sms/send`, SMS_API_KEY: 'api-id-1', SMS_SENDER: 'Aurum' },
  });
  const delivery = outboxDeliveryOf(app)!;
  const rowOf = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to)))[0]!;
  const signUp = async (phone: string) => {
    const response = await client(app).request('POST', '/api/v2/auth/register/phone', {
      body: { phone, password: PASSWORD, ...CONFIRMED },
      headers: { 'accept-language': 'en-US' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await delivery.idle();
  };

  it("sends a phone sign-up's code, retrying after the provider's error", async () => {
    answers.push({
      status: 503,
      body: { status: 'ERROR', status_code: 220, status_text: 'Service unavailable' },
    });
    const phone = uniquePhone();
    await signUp(phone);
    let row = await rowOf(phone);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMS provider answered HTTP 503' });

    clock.advance(30 * SECOND);
    expect(await delivery.drain()).toEqual([{ id: row.id, outcome: 'sent' }]);
    row = await rowOf(phone);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const sent = requests.filter((r) => r.to === phone.slice(1));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      path: '/sms/send',
      contentType: 'application/x-www-form-urlencoded',
      api_id: 'api-id-1',
      from: 'Aurum',
      json: '1',
      msg: `Aurum: confirmation code ${row.code}. Valid for 10 min.`,
    });
  });

  it('retries a refusal the provider may lift (no money) and fails a number it rejects at once', async () => {
    const phone = uniquePhone();
    answers.push({
      status: 200,
      body: {
        status: 'OK',
        status_code: 100,
        sms: { [phone.slice(1)]: { status: 'ERROR', status_code: 201, status_text: 'Not enough money' } },
      },
    });
    await signUp(phone);
    expect(await rowOf(phone)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'SMS provider refused (201): Not enough money',
    });

    const rejected = uniquePhone();
    answers.push({
      status: 200,
      body: {
        status: 'OK',
        status_code: 100,
        sms: {
          [rejected.slice(1)]: { status: 'ERROR', status_code: 207, status_text: 'Number not allowed' },
        },
      },
    });
    await signUp(rejected);
    expect(await rowOf(rejected)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'SMS provider refused (207): Number not allowed',
      nextAttemptAt: null,
    });
  });
});

describe('several delivery jobs', async () => {
  const first = await createTestDatabase();
  // A second pool on the same database: another API process.
  const second = createDb(first.url, { max: 5 });
  afterAll(() => second.pool.end());

  it('never send a message twice', async () => {
    const now = new Date();
    const ids: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      ids.push(
        await enqueueMessage(
          first.db,
          {
            channel: i % 2 ? 'sms' : 'email',
            recipient: `r${i}@x.test`,
            template: 'login_data',
            locale: 'en',
            subject: 's',
            body: `b${i}`,
          },
          now,
        ),
      );
    }
    const deliveries: { id: number; job: string }[] = [];
    const recording = (job: string): MessageSender => ({
      async send(message: OutgoingMessage) {
        deliveries.push({ id: message.id, job });
        // Slow enough for the jobs to overlap on every message.
        await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 5));
      },
    });
    const job = (db: typeof first.db, label: string) =>
      new OutboxDelivery({
        db,
        senders: { email: recording(label), sms: recording(label) },
        log: silentLog,
        clock: () => new Date(),
      });
    const jobs = [job(first.db, 'a'), job(second.db, 'b'), job(first.db, 'c'), job(second.db, 'd')];
    const outcomes = (await Promise.all(jobs.map((j) => j.drain()))).flat();

    expect(deliveries.map((d) => d.id).sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(deliveries.map((d) => d.job)).size).toBeGreaterThan(1);
    expect(outcomes).toHaveLength(ids.length);
    expect(outcomes.every((o) => o.outcome === 'sent')).toBe(true);
    const rows = await first.db.select().from(outboxMessages);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });
});
