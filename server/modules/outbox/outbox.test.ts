import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { client, outbox, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { normaliseRecipient } from './routes';
import { outboxOnlySender, type MessageSender } from './senders';

const { app, db } = await createTestApp();

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

  it('needs the address', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ to: ['required: The to field is required.'] });
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
  });
});

describe('senders', async () => {
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

  it('hands committed messages to the channel sender and marks them sent', async () => {
    const { email: address } = await signUpByEmail(delivering);
    expect(sent).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipient: address,
        subject: expect.any(String),
        body: expect.any(String),
      }),
    ]);
    const [row] = await deliveringDb
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, address));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date) });
  });

  it('keeps a failed delivery as failed without failing the call', async () => {
    const { phone } = await signUpByPhone(delivering);
    const [row] = await deliveringDb.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMS gateway down' });
  });

  it('leaves messages pending with the default outbox-only sender', async () => {
    expect(outboxOnlySender.outboxOnly).toBe(true);
    const { email: address } = await signUpByEmail(app);
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
  });
});
