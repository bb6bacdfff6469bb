// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET } from './route';

const MIRROR = { redirect: { newLink: null }, verification: 'google-abc' };

describe('GET /api/mirror', () => {
  afterEach(() => vi.unstubAllGlobals());

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
    expect(url).toMatch(/\/middleware\/mirror$/);
    expect(JSON.parse(String(init.body))).toEqual({ domain: 'aurum-mirror1.example' });
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
