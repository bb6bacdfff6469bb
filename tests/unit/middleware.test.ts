// @vitest-environment node
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The edge middleware as Next.js runs it, with the API answered by a fake `fetch`. */
async function loadMiddleware() {
  vi.resetModules();
  return (await import('@/middleware')).default;
}

function page(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(`http://127.0.0.1:3000${path}`, {
    headers: { 'accept-language': 'ru', ...headers },
  });
}

/** Answers the middleware's API calls as a reachable API with nothing configured; records each URL. */
function stubQuietApi(calls: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/middleware/redirect')) return Response.json({ redirect: null });
      if (url.endsWith('/geo_ip')) return Response.json({ ip: '1.2.3.4', country_code: 'DE', region: 'RU' });
      return Response.json({ redirect: { newLink: null }, verification: null });
    }),
  );
}

describe('the middleware’s API address', () => {
  let calls: string[];
  beforeEach(() => {
    calls = [];
    stubQuietApi(calls);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    // Each test's console.error spy starts at zero calls (spying on a spied method reuses the spy).
    vi.restoreAllMocks();
  });

  it('is the configured one whatever host the request names', async () => {
    vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:4000');
    const middleware = await loadMiddleware();
    await middleware(page('/ru/faq', { host: 'evil.example', 'x-forwarded-host': 'evil.example:8443' }));
    await middleware(page('/ru/bonuses', { host: 'aurum.example' }));
    // Two mirror checks, one geo check (the same visitor), two redirect rules.
    expect(calls).toHaveLength(5);
    for (const url of calls) expect(url.startsWith('http://api.internal:4000/')).toBe(true);
  });

  it('is none without configuration: the guards are off and nothing is called, said once', async () => {
    vi.stubEnv('API_INTERNAL_URL', '');
    vi.stubEnv('NEXT_PUBLIC_API_URL', '');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const middleware = await loadMiddleware();
    const response = await middleware(page('/ru/faq', { host: 'aurum.example' }));
    await middleware(page('/ru/faq', { host: 'evil.example' }));
    expect(response.status).toBe(200);
    expect(calls).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toMatch(/API_INTERNAL_URL/);
    log.mockRestore();
  });

  it('does not let a forged host choose the API, so no answer it gave is cached for other visitors', async () => {
    vi.stubEnv('API_INTERNAL_URL', '');
    vi.stubEnv('NEXT_PUBLIC_API_URL', '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A server at api.attacker.example would answer every path with a redirect to its own site.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        const attacker = new URL(url).hostname === 'api.attacker.example';
        if (url.includes('/middleware/redirect')) {
          return Response.json({
            redirect: attacker ? { to: 'https://attacker.example/phish', external: true, status: 302 } : null,
          });
        }
        if (url.endsWith('/geo_ip'))
          return Response.json({ ip: '1.2.3.4', country_code: 'DE', region: 'RU' });
        return Response.json({ redirect: { newLink: null }, verification: null });
      }),
    );
    const middleware = await loadMiddleware();
    await middleware(page('/ru/promo', { host: 'attacker.example' }));
    const visitor = await middleware(page('/ru/promo', { host: 'aurum.example' }));
    expect(visitor.headers.get('location')).toBeNull();
    expect(calls.filter((url) => url.includes('attacker'))).toEqual([]);
  });
});

describe('what a page’s response says about the host serving it', () => {
  beforeEach(() => {
    stubQuietApi();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('carries absolute hreflang alternates with x-default and the canonical address in a Link header', async () => {
    vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:4000');
    vi.stubEnv('NEXT_PUBLIC_API_URL', 'https://api.aurum.example');
    const middleware = await loadMiddleware();
    const response = await middleware(
      page('/en/games/dice?stag=1', {
        host: '127.0.0.1:3000',
        'x-forwarded-host': 'mirror.example',
        'x-forwarded-proto': 'https',
      }),
    );
    expect(response.headers.get('link')?.split(', ')).toEqual([
      '<https://mirror.example/ru/games/dice>; rel="alternate"; hreflang="ru-RU"',
      '<https://mirror.example/en/games/dice>; rel="alternate"; hreflang="en-US"',
      '<https://mirror.example/kz/games/dice>; rel="alternate"; hreflang="kk-KZ"',
      '<https://mirror.example/games/dice>; rel="alternate"; hreflang="x-default"',
      '<https://mirror.example/en/games/dice>; rel="canonical"',
    ]);
    // The API address is configured: next.config.ts's policy stands.
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('carries a policy naming the api. subdomain of the host when the browser derives the API from it', async () => {
    vi.stubEnv('NEXT_PUBLIC_API_URL', '');
    vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:4000');
    const middleware = await loadMiddleware();
    const response = await middleware(
      page('/ru/faq', { host: 'www.mirror.example', 'x-forwarded-proto': 'https' }),
    );
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.mirror\.example[ ;]/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('adds nothing to a redirect', async () => {
    const middleware = await loadMiddleware();
    const response = await middleware(page('/faq', { host: 'mirror.example' }));
    expect(response.headers.get('location')).toMatch(/\/ru\/faq$/);
    expect(response.headers.get('link')).toBeNull();
  });
});

describe('the offline pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('never set the language cookie nor call the API: the offline worker fetches every language’s', async () => {
    const calls: string[] = [];
    stubQuietApi(calls);
    vi.stubEnv('API_INTERNAL_URL', 'http://api.internal:4000');
    const middleware = await loadMiddleware();
    for (const locale of ['ru', 'en', 'kz']) {
      const response = await middleware(page(`/${locale}/offline`, { cookie: 'NEXT_LOCALE=kz' }));
      expect(response.headers.get('set-cookie'), locale).toBeNull();
    }
    expect(calls).toEqual([]);
    // Any other page of a language still moves the cookie to it.
    const other = await middleware(page('/en/faq', { cookie: 'NEXT_LOCALE=kz' }));
    expect(other.headers.get('set-cookie')).toContain('NEXT_LOCALE=en');
  });
});
