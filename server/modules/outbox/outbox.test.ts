import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { client, outbox, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { normaliseRecipient } from './routes';
import { outboxDeliveryOf } from './delivery';
import { outboxOnlySender, type MessageSender } from './senders';
import { REDACTED_BODY, redactExpiredMessages } from './service';

const { app, db } = await createTestApp();
const MINUTE = 60_000;

describe('GET /dev/outbox', () => {
  it('lists what was sent to an address, newest first, with the code as a field', async () => {
    const { email, token } = await signUpByEmail(app);
    await client(app).post('/auth/send_login_data', undefined, token);
    const response = await app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { messages } = response.json();
    expect(messages.map((m: { template: string }) => m.template)).toEqual(['login_data', 'verify_code']);
    expect(messages[1]).toEqual({
      id: expect.any(Number),
      channel: 'email',
      to: email,
      template: 'verify_code',
      locale: 'ru',
      subject: expect.stringContaining('Aurum'),
      body: expect.stringContaining(messages[1].code),
      code: expect.stringMatching(/^\d{6}$/),
      link: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('finds a phone however it is written, including a + decoded as a space', async () => {
    const { phone } = await signUpByPhone(app);
    for (const to of [phone, phone.slice(1), `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`]) {
      expect(await outbox(app, to), to).toHaveLength(1);
    }
    const raw = await app.inject({ method: 'GET', url: `/dev/outbox?to=${phone}` }); // '+' unencoded
    expect(raw.json().messages).toHaveLength(1);
    expect(normaliseRecipient(' 7 (701) 000-00-01 ')).toBe('+77010000001');
    expect(normaliseRecipient('A@B.Example')).toBe('a@b.example');
  });

  it("shows the same messages as a page at /dev/outbox/view, escaped, under the HTML pages' policy", async () => {
    const { email } = await signUpByEmail(app);
    const [message] = await outbox(app, email);
    const response = await app.inject({
      method: 'GET',
      url: `/dev/outbox/view?to=${encodeURIComponent(email)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("script-src 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(`<strong class="code">${message!.code}</strong>`);
    expect(response.body).toContain(`Local outbox: ${email}`);

    const nobody = await app.inject({ method: 'GET', url: '/dev/outbox/view?to=%3Cb%3Enobody%40x.test' });
    expect(nobody.body).toContain('Nothing was sent to this address yet.');
    expect(nobody.body).toContain('&lt;b&gt;nobody@x.test');
    expect(nobody.body).not.toContain('<b>nobody');
    expect((await app.inject({ method: 'GET', url: '/dev/outbox/view' })).statusCode).toBe(422);
  });

  it('needs the address', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ to: ['required: The to field is required.'] });
  });
});

describe('expired codes and links', async () => {
  const clock = manualClock();
  const { app: clocked, db: clockedDb } = await createTestApp({ clock });
  const rowsTo = (to: string) =>
    clockedDb.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));

  it('are no longer shown by /dev/outbox once the code expires (10 minutes)', async () => {
    const { email } = await signUpByEmail(clocked);
    const [live] = await outbox(clocked, email);
    expect(live).toMatchObject({ template: 'verify_code', code: expect.stringMatching(/^\d{6}$/) });
    expect(live.body).toContain(live.code);
    expect(new Date((live as unknown as { expires_at: string }).expires_at).getTime()).toBe(
      clock().getTime() + 10 * MINUTE,
    );

    clock.advance(10 * MINUTE);
    const [expired] = await outbox(clocked, email);
    expect(expired).toMatchObject({ template: 'verify_code', code: null, link: null, body: REDACTED_BODY });
  });

  it('keep a reset e-mail readable while its link lives (1 hour), then hide it', async () => {
    const { email } = await signUpByEmail(clocked);
    clock.advance(MINUTE);
    const forgot = await client(clocked).post('/api/v2/auth/password/email/forgot', { email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    clock.advance(30 * MINUTE); // the code is dead, the link is not
    const [reset] = await outbox(clocked, email);
    expect(reset).toMatchObject({
      template: 'password_reset',
      link: expect.stringContaining('/reset-password/'),
    });
    clock.advance(30 * MINUTE);
    expect((await outbox(clocked, email))[0]).toMatchObject({ code: null, link: null, body: REDACTED_BODY });
  });

  it('are blanked in the table by the purge; live messages and messages without a secret stay', async () => {
    const { email, token } = await signUpByEmail(clocked);
    clock.advance(11 * MINUTE);
    await client(clocked).post('/auth/send_login_data', undefined, token); // carries no secret
    const { email: other } = await signUpByEmail(clocked); // its code is still alive

    expect(await redactExpiredMessages(clockedDb, clock())).toBeGreaterThanOrEqual(1);
    const byTemplate = Object.fromEntries((await rowsTo(email)).map((row) => [row.template, row]));
    expect(byTemplate.verify_code).toMatchObject({
      body: REDACTED_BODY,
      code: null,
      link: null,
      redactedAt: clock(),
    });
    expect(byTemplate.login_data).toMatchObject({ expiresAt: null, redactedAt: null });
    expect(byTemplate.login_data.body).toContain(email);
    const [alive] = await rowsTo(other);
    expect(alive).toMatchObject({ redactedAt: null, code: expect.stringMatching(/^\d{6}$/) });
    expect(alive.body).toContain(alive.code);
    // Idempotent: nothing left to blank now.
    expect(await redactExpiredMessages(clockedDb, clock())).toBe(0);
  });
});

describe('in production', async () => {
  const { app: production, db: productionDb } = await createTestApp({
    env: { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' },
  });
  it('is absent', async () => {
    const response = await production.inject({ method: 'GET', url: '/dev/outbox?to=a@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('keeps no separate copy of codes and links: only the body the sender delivers carries them', async () => {
    const { email: address } = await signUpByEmail(production);
    const [row] = await productionDb
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, address));
    expect(row).toMatchObject({ template: 'verify_code', code: null, link: null });
    expect(row.body).toMatch(/\d{6}/);
    expect(row.html).toContain(`>${/\d{6}/.exec(row.body)![0]}</strong>`);
    // Its body too stops carrying the code once the purge runs after the expiry.
    const later = new Date(row.createdAt.getTime() + 10 * 60_000);
    expect(await redactExpiredMessages(productionDb, later)).toBeGreaterThanOrEqual(1);
    const [purged] = await productionDb.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(purged.body).toBe(REDACTED_BODY);
    expect(purged.html).toBeNull();
  });
});

describe('delivery', async () => {
  const sent: unknown[] = [];
  const email: MessageSender = {
    send: vi.fn(async (message) => {
      sent.push(message);
    }),
  };
  const sms: MessageSender = {
    send: vi.fn(async () => {
      throw new Error('SMS gateway down');
    }),
  };
  const { app: delivering, db: deliveringDb } = await createTestApp({ senders: { email, sms } });
  const delivery = outboxDeliveryOf(delivering)!;

  it('hands committed messages to the channel sender after the call, and marks them sent', async () => {
    const { email: address } = await signUpByEmail(delivering);
    await delivery.idle();
    expect(sent).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: address,
        template: 'verify_code',
        locale: 'ru',
        subject: expect.any(String),
        body: expect.any(String),
        html: expect.stringContaining('<html lang="ru">'),
      }),
    ]);
    const [row] = await deliveringDb
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, address));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date), nextAttemptAt: null });
  });

  it('queues a failed delivery again for later without failing the call', async () => {
    const { phone } = await signUpByPhone(delivering);
    await delivery.idle();
    const [row] = await deliveringDb.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMS gateway down' });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(row.createdAt.getTime());
  });

  it('leaves messages queued with the default outbox-only sender, and /dev/outbox still shows them', async () => {
    expect(outboxOnlySender.outboxOnly).toBe(true);
    const { email: address } = await signUpByEmail(app);
    await outboxDeliveryOf(app)!.idle();
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, sentAt: null });
    expect(await outbox(app, address)).toHaveLength(1);
  });

  it('keeps showing sent messages in /dev/outbox, whatever the transport', async () => {
    const { email: address } = await signUpByEmail(delivering);
    await delivery.idle();
    const [shown] = await outbox(delivering, address);
    expect(shown).toMatchObject({ template: 'verify_code', code: expect.stringMatching(/^\d{6}$/) });
  });
});
