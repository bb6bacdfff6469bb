// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET } from './route';

const MIRROR = { redirect: { newLink: null }, verification: 'google-abc' };

describe('GET /api/mirror', () => {
  beforeEach(() => vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:4000'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("asks the API for the mirror data of the visitor's host and passes the answer on", async () => {
    const fetchMock = vi.fn(async () => Response.json(MIRROR));
    vi.stubGlobal('fetch', fetchMock);
    const response = await GET(
      new Request('http://127.0.0.1:3000/api/mirror', {
        headers: {
          'x-forwarded-host': 'Aurum-Mirror1.example, proxy.internal',
          'x-forwarded-proto': 'https',
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(MIRROR);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.internal:4000/middleware/mirror');
    expect(JSON.parse(String(init.body))).toEqual({ domain: 'aurum-mirror1.example' });
  });

  it('calls the configured API whatever host the request names: the host is only the domain asked about', async () => {
    const fetchMock = vi.fn(async () => Response.json(MIRROR));
    vi.stubGlobal('fetch', fetchMock);
    const forged: Record<string, string>[] = [
      { host: 'evil.example:8443' },
      { host: 'a.example', 'x-forwarded-host': '169.254.169.254' },
      { 'x-forwarded-host': 'localhost:5432', 'x-forwarded-proto': 'http' },
    ];
    for (const headers of forged) {
      await GET(new Request('http://127.0.0.1:3000/api/mirror', { headers }));
    }
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown as [string])[0]));
    expect(urls).toEqual(Array(3).fill('http://api.internal:4000/middleware/mirror'));
    const domains = fetchMock.mock.calls.map(
      (call) => JSON.parse(String((call as unknown as [string, RequestInit])[1].body)).domain,
    );
    expect(domains).toEqual(['evil.example', '169.254.169.254', 'localhost']);
  });

  it('uses the public API address when no internal one is set', async () => {
    vi.stubEnv('API_INTERNAL_URL', '');
    vi.stubEnv('NEXT_PUBLIC_API_URL', 'https://api.aurum.example/');
    const fetchMock = vi.fn(async () => Response.json(MIRROR));
    vi.stubGlobal('fetch', fetchMock);
    await GET(new Request('http://127.0.0.1:3000/api/mirror', { headers: { host: 'evil.example' } }));
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      'https://api.aurum.example/middleware/mirror',
    );
  });

  it('answers 503 and calls nothing when no API address is configured (never one derived from the host)', async () => {
    vi.stubEnv('API_INTERNAL_URL', '');
    vi.stubEnv('NEXT_PUBLIC_API_URL', '');
    const fetchMock = vi.fn(async () => Response.json(MIRROR));
    vi.stubGlobal('fetch', fetchMock);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await GET(
      new Request('http://127.0.0.1:3000/api/mirror', { headers: { host: 'mirror.example' } }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(String(log.mock.calls[0][0])).toMatch(/API_INTERNAL_URL/);
    log.mockRestore();
  });

  it('answers 502 when the API cannot be reached, and logs it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await GET(
      new Request('http://127.0.0.1:3000/api/mirror', { headers: { host: 'a.example' } }),
    );
    expect(response.status).toBe(502);
    expect(log).toHaveBeenCalledWith('mirror data proxy failed', expect.any(TypeError));
    log.mockRestore();
  });
});
