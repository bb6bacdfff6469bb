import { describe, expect, it, vi } from 'vitest';
import { parseGeoCookie, serializeGeoCookie } from './geo-cookie';
import { FAILURE_TTL_MS, GUARD_CACHE_TTL_MS, GuardCache, runGuards, type GuardRequest } from './guards';
import { middlewareApiBase, parseHost, visitedUrl } from './middleware-api';
import { TEXT_MAX } from '@/lib/contracts/traffic';

const API = 'http://api.test';

interface Answers {
  newLink?: string | null;
  verification?: unknown;
  geoStatus?: number;
  country?: string;
  rule?: { to: string; external: boolean; status: 301 | 302 } | null;
}

/** A fake API: answers the three guard calls and records them. */
function fakeApi(answers: Answers = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === `${API}/middleware/mirrorRedirect`) {
      return Response.json({
        redirect: { newLink: answers.newLink ?? null },
        verification: answers.verification ?? null,
      });
    }
    if (url === `${API}/geo_ip`) {
      const country = answers.country ?? 'DE';
      return Response.json(
        { ip: '203.0.113.7', country_code: country, region: country === 'KZ' ? 'KZ' : 'RU' },
        { status: answers.geoStatus ?? 200 },
      );
    }
    if (url.startsWith(`${API}/middleware/redirect?path=`)) {
      return Response.json({ redirect: answers.rule ?? null });
    }
    return new Response('not found', { status: 404 });
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls, fetchFn };
}

function visit(href: string, forward: Record<string, string> = {}): GuardRequest {
  const url = new URL(href);
  const [, locale = 'ru', ...rest] = url.pathname.split('/');
  return { url, locale, pathWithoutLocale: `/${rest.join('/')}`, forward };
}

const options = (
  api: ReturnType<typeof fakeApi>,
  extra: { now?: () => number; cache?: GuardCache } = {},
) => ({
  apiBase: API,
  fetch: api.fetch,
  cache: extra.cache ?? new GuardCache(),
  now: extra.now,
  log: () => {},
});

describe('mirror check', () => {
  it('sends a visitor of a mirror with a new link there with 301, path and query kept', async () => {
    const api = fakeApi({ newLink: 'https://aurum-new.example' });
    const decision = await runGuards(
      visit('https://aurum-old.example/en/games/dice?stag=42&utm_source=x'),
      options(api),
    );
    expect(decision).toMatchObject({
      kind: 'redirect',
      status: 301,
      reason: 'mirror',
      location: 'https://aurum-new.example/en/games/dice?stag=42&utm_source=x',
    });
    expect(api.calls[0].init.body).toBe(JSON.stringify({ domain: 'aurum-old.example' }));
    expect(api.calls[0].init.method).toBe('POST');
  });

  it('keeps a visitor already on the new link (www or not)', async () => {
    const api = fakeApi({ newLink: 'https://aurum-new.example' });
    const decision = await runGuards(visit('https://www.aurum-new.example/ru/faq'), options(api));
    expect(decision.kind).toBe('next');
  });

  it('ignores a new link that is not an http(s) URL', async () => {
    const api = fakeApi({ newLink: 'javascript:alert(1)' });
    expect((await runGuards(visit('https://a.example/ru'), options(api))).kind).toBe('next');
  });
});

describe('geo check', () => {
  it('sends a visitor from a blocked country to /no-access in their language, with the geo data', async () => {
    const api = fakeApi({ geoStatus: 451, country: 'BY' });
    const decision = await runGuards(
      visit('https://a.example/en/bonuses?x=1', { 'cf-ipcountry': 'BY', 'x-forwarded-for': '203.0.113.7' }),
      options(api),
    );
    expect(decision).toMatchObject({
      kind: 'redirect',
      status: 307,
      reason: 'geo-blocked',
      location: 'https://a.example/en/no-access',
      geo: { ip: '203.0.113.7', country_code: 'BY', region: 'RU' },
    });
    const geoCall = api.calls.find((c) => c.url === `${API}/geo_ip`)!;
    expect(new Headers(geoCall.init.headers).get('cf-ipcountry')).toBe('BY');
    expect(new Headers(geoCall.init.headers).get('x-forwarded-for')).toBe('203.0.113.7');
  });

  it('leaves a blocked visitor on /no-access, and sends an allowed one from there home', async () => {
    const blocked = await runGuards(
      visit('https://a.example/ru/no-access'),
      options(fakeApi({ geoStatus: 451 })),
    );
    expect(blocked.kind).toBe('next');
    const allowed = await runGuards(
      visit('https://a.example/kz/no-access'),
      options(fakeApi({ country: 'KZ' })),
    );
    expect(allowed).toMatchObject({
      kind: 'redirect',
      location: 'https://a.example/kz',
      reason: 'geo-allowed',
      geo: { region: 'KZ', country_code: 'KZ' },
    });
  });

  it('passes the region on: KZ for Kazakhstan, RU otherwise', async () => {
    expect(
      (await runGuards(visit('https://a.example/ru'), options(fakeApi({ country: 'KZ' })))).geo?.region,
    ).toBe('KZ');
    expect(
      (await runGuards(visit('https://a.example/ru'), options(fakeApi({ country: 'AM' })))).geo?.region,
    ).toBe('RU');
  });
});

describe('redirect rules', () => {
  it('navigates fully to an external answer', async () => {
    const api = fakeApi({ rule: { to: 'https://partners.example/join', external: true, status: 302 } });
    const decision = await runGuards(visit('https://a.example/en/partners'), options(api));
    expect(decision).toMatchObject({
      kind: 'redirect',
      status: 302,
      location: 'https://partners.example/join',
    });
    expect(api.calls.at(-1)!.url).toBe(`${API}/middleware/redirect?path=%2Fen%2Fpartners`);
  });

  it('redirects on the site to an internal answer, query kept; the rule of / is the root redirect', async () => {
    const api = fakeApi({ rule: { to: '/ru/welcome-pack', external: false, status: 301 } });
    const decision = await runGuards(visit('https://a.example/ru?stag=7'), options(api));
    expect(decision).toMatchObject({
      kind: 'redirect',
      status: 301,
      location: 'https://a.example/ru/welcome-pack?stag=7',
    });
    expect(api.calls.at(-1)!.url).toBe(`${API}/middleware/redirect?path=%2Fru`);
  });

  it('does not redirect to the page the visitor is on', async () => {
    const api = fakeApi({ rule: { to: '/ru/faq', external: false, status: 302 } });
    expect((await runGuards(visit('https://a.example/ru/faq'), options(api))).kind).toBe('next');
  });
});

describe('verification value', () => {
  it("passes the mirror's verification value on with the decision to let the visitor through", async () => {
    const api = fakeApi({ verification: ' google-abc_123 ' });
    expect(await runGuards(visit('https://a.example/ru'), options(api))).toMatchObject({
      kind: 'next',
      verification: 'google-abc_123',
    });
  });

  it.each([[null], [''], ['   '], ['a"><script>'], ['line\nbreak'], ['x'.repeat(TEXT_MAX + 1)], [42]])(
    'drops a value unfit for a meta tag: %j',
    async (value) => {
      const api = fakeApi({ verification: value });
      expect(await runGuards(visit('https://a.example/ru'), options(api))).toMatchObject({
        kind: 'next',
        verification: null,
      });
    },
  );

  it('is cached with the mirror answer', async () => {
    const api = fakeApi({ verification: 'v-1' });
    const cache = new GuardCache();
    await runGuards(visit('https://a.example/ru'), options(api, { cache }));
    const second = await runGuards(visit('https://a.example/ru/faq'), options(api, { cache }));
    expect(second).toMatchObject({ verification: 'v-1' });
    expect(api.calls.filter((call) => call.url.endsWith('/middleware/mirrorRedirect'))).toHaveLength(1);
  });
});

describe('failures and caching', () => {
  it('lets the visitor through when the API is down, and retries only after a few seconds', async () => {
    let now = 1_000;
    const fetchFn = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const cache = new GuardCache();
    const opts = {
      apiBase: API,
      fetch: fetchFn as unknown as typeof fetch,
      cache,
      now: () => now,
      log: () => {},
    };
    expect(await runGuards(visit('https://a.example/ru/faq'), opts)).toEqual({
      kind: 'next',
      geo: null,
      verification: null,
    });
    expect(fetchFn).toHaveBeenCalledTimes(3);
    await runGuards(visit('https://a.example/ru/faq'), opts);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    now += FAILURE_TTL_MS;
    await runGuards(visit('https://a.example/ru/faq'), opts);
    expect(fetchFn).toHaveBeenCalledTimes(6);
  });

  it('gives up on a slow API after the timeout', async () => {
    const fetchFn = vi.fn(
      (_: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const started = Date.now();
    const decision = await runGuards(visit('https://a.example/ru'), {
      apiBase: API,
      fetch: fetchFn as unknown as typeof fetch,
      cache: new GuardCache(),
      timeoutMs: 30,
      log: () => {},
    });
    expect(decision.kind).toBe('next');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reuses answers for the cache time: operators’ changes show within it', async () => {
    let now = 0;
    const api = fakeApi();
    const cache = new GuardCache();
    await runGuards(visit('https://a.example/ru/faq'), options(api, { cache, now: () => now }));
    await runGuards(visit('https://a.example/ru/faq'), options(api, { cache, now: () => now }));
    expect(api.fetchFn).toHaveBeenCalledTimes(3);
    now += GUARD_CACHE_TTL_MS;
    await runGuards(visit('https://a.example/ru/faq'), options(api, { cache, now: () => now }));
    expect(api.fetchFn).toHaveBeenCalledTimes(6);
  });
});

describe('geo cookie and API address', () => {
  it('round-trips the geo data and refuses a malformed cookie', () => {
    const value = serializeGeoCookie({ ip: '203.0.113.7', country_code: 'KZ', region: 'KZ' });
    expect(value).toBe('203.0.113.7|KZ|KZ');
    expect(parseGeoCookie(value)).toEqual({ ip: '203.0.113.7', country_code: 'KZ', region: 'KZ' });
    expect(parseGeoCookie('1.2.3.4||RU')).toEqual({ ip: '1.2.3.4', country_code: null, region: 'RU' });
    expect(parseGeoCookie('1.2.3.4|KZ|XX')).toBeNull();
    expect(parseGeoCookie(undefined)).toBeNull();
  });

  it('calls the internal address, else the public one, else none: never one derived from the host', () => {
    expect(middlewareApiBase({ internal: 'http://api:4000/', public: 'https://x' })).toBe('http://api:4000');
    expect(middlewareApiBase({ internal: ' ', public: 'https://api.aurum.example' })).toBe(
      'https://api.aurum.example',
    );
    expect(middlewareApiBase({})).toBeNull();
    expect(middlewareApiBase({ internal: 'not a url', public: 'ftp://api.example' })).toBeNull();
  });

  it('takes the visited host from the proxy or the Host header, not from the listening address', () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(
      visitedUrl('http://127.0.0.1:3000/ru/faq?x=1', headers({ host: 'mirror.example' })).toString(),
    ).toBe('http://mirror.example/ru/faq?x=1');
    expect(
      visitedUrl(
        'http://127.0.0.1:3000/ru',
        headers({
          host: '127.0.0.1:3000',
          'x-forwarded-host': 'aurum.example',
          'x-forwarded-proto': 'https',
        }),
      ).toString(),
    ).toBe('https://aurum.example/ru');
    expect(visitedUrl('http://127.0.0.1:3000/ru', headers({ host: 'bad host/x' })).host).toBe(
      '127.0.0.1:3000',
    );
    expect(
      visitedUrl('http://127.0.0.1:3000/ru', headers({ host: 'ok.example', 'x-forwarded-host': '"><x' }))
        .host,
    ).toBe('ok.example');
  });

  it.each(['a.example', 'A.Example:8443', 'xn--80ak6aa92e.com', '127.0.0.1:3000'])(
    'accepts the host %s',
    (host) => {
      expect(parseHost(host)).toEqual({
        hostname: host.split(':')[0].toLowerCase(),
        port: host.split(':')[1] ?? '',
      });
    },
  );

  it.each([
    '',
    'a b',
    'a.example/x',
    '<a>',
    'a.example:99999',
    '-a.example',
    'a..example',
    'a.example:',
    'user@a',
  ])('refuses the host %j', (host) => {
    expect(parseHost(host)).toBeNull();
  });
});

describe('cache keys', () => {
  it('never serves one host’s mirror answer to another host', async () => {
    const cache = new GuardCache();
    const moved = fakeApi({ newLink: 'https://evil.example' });
    // An answer cached for the host X (whatever made the API give it)...
    expect(await runGuards(visit('https://x.example/ru/faq'), options(moved, { cache }))).toMatchObject({
      kind: 'redirect',
      location: 'https://evil.example/ru/faq',
    });
    // ...is not what the host Y gets: Y is asked about on its own.
    const api = fakeApi();
    expect(await runGuards(visit('https://y.example/ru/faq'), options(api, { cache }))).toMatchObject({
      kind: 'next',
    });
    expect(api.calls[0].init.body).toBe(JSON.stringify({ domain: 'y.example' }));
  });

  it('keys redirect rules by path and API, geo answers by every forwarded header but the user agent', async () => {
    const cache = new GuardCache();
    const rule = fakeApi({ rule: { to: 'https://evil.example', external: true, status: 302 } });
    await runGuards(visit('https://a.example/ru/promo'), options(rule, { cache }));
    const other = fakeApi();
    expect((await runGuards(visit('https://a.example/ru/faq'), options(other, { cache }))).kind).toBe('next');
    // The same path through another API address is asked again, not served from the first one's answer.
    const elsewhere = { ...options(other, { cache }), apiBase: 'http://api-2.test' };
    await runGuards(visit('https://a.example/ru/promo'), elsewhere);
    expect(
      other.calls.some((call) => call.url === 'http://api-2.test/middleware/redirect?path=%2Fru%2Fpromo'),
    ).toBe(true);

    const geoCache = new GuardCache();
    const blocked = fakeApi({ geoStatus: 451, country: 'BY' });
    await runGuards(
      visit('https://a.example/ru', {
        'x-forwarded-for': '203.0.113.7',
        'x-country': 'BY',
        'user-agent': 'a',
      }),
      options(blocked, { cache: geoCache }),
    );
    const allowed = fakeApi();
    const decision = await runGuards(
      visit('https://a.example/ru', {
        'x-forwarded-for': '203.0.113.7',
        'x-country': 'DE',
        'user-agent': 'a',
      }),
      options(allowed, { cache: geoCache }),
    );
    expect(decision.kind).toBe('next');
    const sameVisitor = fakeApi();
    await runGuards(
      visit('https://a.example/ru', {
        'user-agent': 'b',
        'x-country': 'DE',
        'x-forwarded-for': '203.0.113.7',
      }),
      options(sameVisitor, { cache: geoCache }),
    );
    expect(sameVisitor.calls.filter((call) => call.url.endsWith('/geo_ip'))).toHaveLength(0);
  });
});
