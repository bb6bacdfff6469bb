import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, BODY_LIMIT_BYTES } from './app';
import { createDb } from './db/client';
import { createTestApp, testConfig } from './test/helpers';

const signupSchema = z.object({
  email: z.email(),
  password: z.string().min(8).max(64),
  currency: z.enum(['RUB', 'USD', 'KZT', 'INR', 'EUR']).default('RUB'),
});

const { app } = await createTestApp({
  prepare(app) {
    // Test-only routes: a body schema, reply schemas, and an unexpected failure.
    app.post('/test/signup', { schema: { body: signupSchema } }, async (request) => ({
      accepted: request.body,
    }));
    app.get('/test/user', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({
      id: 7,
      password_hash: 'argon2id$secret',
    }));
    app.get('/test/leaky', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({
      id: 'not-a-number' as unknown as number,
      password_hash: 'argon2id$secret',
    }));
    app.get('/test/boom', async () => {
      throw new Error('secret connection string postgres://user:hunter2@db');
    });
  },
});

describe('GET /health', () => {
  it('reports the server and the database as ok', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const port = await closedPort();
    const { db, pool } = createDb(`postgres://nobody:x@127.0.0.1:${port}/none`);
    const unhealthy = buildApp({ db, config: testConfig(), logger: false });
    try {
      const response = await unhealthy.inject({ method: 'GET', url: '/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', db: 'down' });
    } finally {
      await unhealthy.close();
      await pool.end();
    }
  });
});

describe('error format', () => {
  it('answers unknown paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/path' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers invalid bodies with 422 and errors per field as "key: text"', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: { email: 'not-an-email', currency: 'GBP' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email field must be a valid email address. (and 2 more errors)',
      errors: {
        email: ['invalid_email: The email field must be a valid email address.'],
        password: ['required: The password field is required.'],
        currency: ['invalid: The selected currency is invalid.'],
      },
    });
  });

  it('answers a missing body with 422 on the body itself', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/signup' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ body: ['required: The body field is required.'] });
  });

  it('hands the parsed body, with defaults applied, to the handler', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: { email: 'a@b.co', password: 'long enough' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: { email: 'a@b.co', password: 'long enough', currency: 'RUB' },
    });
  });

  it('rejects malformed JSON with a 422 on the body, in the validation format', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: expect.stringMatching(/JSON/),
      errors: { body: ['invalid_json: The request body is not valid JSON.'] },
    });
  });

  it(`rejects bodies over ${BODY_LIMIT_BYTES / 1024} kB with 413`, async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/signup',
      payload: { email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers unexpected failures with a bare 500 that leaks nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain('hunter2');
  });
});

describe('reply contracts', () => {
  it('strips fields the reply schema does not name', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/user' });
    expect(response.json()).toEqual({ id: 7 });
  });

  it('turns a reply that breaks its schema into a bare 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/leaky' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain('secret');
  });
});

describe('CORS and request ids', () => {
  it('lets the web origins call with credentials and the client headers', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/geo_ip',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,region,accept-language',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'region', 'accept-language']));
  });

  it('gives other origins no CORS grant', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('echoes a well-formed X-Request-Id and makes one up otherwise', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'edge-123' },
    });
    expect(given.headers['x-request-id']).toBe('edge-123');
    const made = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
