/**
 * Helpers for tests of the accounts calls: a client with its own IP (so per-IP limits of one test do not
 * touch another), unique addresses, sign-up, and the latest code sent to an address (via /dev/outbox).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { deviceKeyReply, sealFingerprint } from '@/lib/device-seal';
import type { App } from '../app';

export const PASSWORD = 'correct horse 1';
/** The boxes every sign-up ticks: 18 or older, the terms accepted (issue 15). */
export const CONFIRMED = { age_confirmed: true, terms_accepted: true } as const;

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
/** A Kazakh mobile number, E.164. */
export const uniquePhone = () => `+7701${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

type Method = 'GET' | 'POST' | 'PUT';

export interface Client {
  ip: string;
  request(
    method: Method,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
}

export function client(app: App, ip = randomIp()): Client {
  const request: Client['request'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      headers: {
        'x-forwarded-for': ip,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });
  return {
    ip,
    request,
    post: (url, body, token) => request('POST', url, { body, token }),
    put: (url, body, token) => request('PUT', url, { body, token }),
    get: (url, token) => request('GET', url, { token }),
  };
}

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  template: string;
  locale: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
}

export async function outbox(app: App, to: string): Promise<OutboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(response.statusCode).toBe(200);
  return response.json().messages;
}

/** The code of the newest message sent to `to` (optionally of one template). */
export async function latestCode(app: App, to: string, template?: string): Promise<string> {
  const messages = await outbox(app, to);
  const message = messages.find((m) => !template || m.template === template);
  if (!message?.code) throw new Error(`no code was sent to ${to}`);
  return message.code;
}

export async function signUpByEmail(
  app: App,
  input: { email?: string; password?: string; currency?: string; extra?: Record<string, unknown> } = {},
): Promise<{ email: string; password: string; token: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? PASSWORD;
  const response = await client(app).post('/api/v2/auth/register/email', {
    email,
    password,
    ...CONFIRMED,
    ...(input.currency ? { currency: input.currency } : {}),
    ...input.extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, password, token: response.json().token };
}

export async function signUpByPhone(
  app: App,
  input: { phone?: string; password?: string; currency?: string } = {},
): Promise<{ phone: string; password: string; token: string }> {
  const phone = input.phone ?? uniquePhone();
  const password = input.password ?? PASSWORD;
  const response = await client(app).post('/api/v2/auth/register/phone', {
    phone,
    password,
    ...CONFIRMED,
    ...(input.currency ? { currency: input.currency } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { phone, password, token: response.json().token };
}

export async function profile(app: App, token: string, query = '') {
  return app.inject({
    method: 'GET',
    url: `/profile/user${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * The social sandbox end to end: start (from the sign-up form, with both boxes ticked, unless `start`
 * says otherwise), pick an identity (or a custom one), read the token off the page.
 */
export async function signInBySocial(
  app: App,
  input: {
    provider?: 'google' | 'telegram' | 'vk';
    identity?: string;
    custom?: { name: string; email?: string };
    start?: Record<string, unknown>;
  } = {},
): Promise<{ token: string; isNew: boolean; html: string }> {
  const provider = input.provider ?? 'google';
  const start = await client(app).put('/auth/login', {
    provider,
    origin: 'http://localhost:3000',
    ...CONFIRMED,
    ...input.start,
  });
  expect(start.statusCode, start.body).toBe(200);
  const url = new URL(start.json().url);
  const state = url.searchParams.get('state') ?? '';
  const form = new URLSearchParams({ state });
  if (input.custom) {
    form.set('name', input.custom.name);
    form.set('email', input.custom.email ?? '');
  } else {
    form.set('identity', input.identity ?? 'alice');
  }
  const done = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(done.statusCode, done.body).toBe(200);
  const message = /var message = (\{.*?\});/.exec(done.body);
  if (!message) throw new Error('no message on the completion page');
  const parsed = JSON.parse(message[1]) as { token: string; is_new: boolean };
  return { token: parsed.token, isNew: parsed.is_new, html: done.body };
}

/** A device fingerprint (the 64-hex digest lib/fingerprint.ts computes) sealed to `app`'s key, as `fpp`. */
export async function sealedFingerprint(app: App, fingerprint: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v2/device/key' });
  expect(response.statusCode, response.body).toBe(200);
  return sealFingerprint(fingerprint, deviceKeyReply.parse(response.json()));
}
