// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiEnv } from '../api/base-url';
import {
  apiOrigins,
  chatSources,
  DEFAULT_GAME_ORIGINS,
  gameOrigins,
  contentSecurityPolicy,
  cspConfigFromEnv,
  customerIoSources,
  customerMessagingSources,
  HCAPTCHA_SOURCES,
  INTERCOM_SOURCES,
  securityHeaders,
  type CspConfig,
} from './headers';

const env = (apiUrl?: string, services: ApiEnv['services'] = {}): ApiEnv => ({ apiUrl, services });

/** The policy as a map of directive → sources. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const base: CspConfig = {
  apiOrigins: ['https://api.aurum.example'],
  games: [],
  chat: chatSources('https://chat.example'),
  messaging: {},
  hcaptcha: false,
  development: false,
};

describe('the Content-Security-Policy', () => {
  it('lets scripts come only from this origin (inline included: static pages) and the chat, never eval', () => {
    const csp = parse(contentSecurityPolicy(base));
    expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'", 'https://chat.example']);
    expect(csp['default-src']).toEqual(["'self'"]);
  });

  it('lets the page connect only to this origin, the API (its realtime hub too) and the chat', () => {
    const csp = parse(contentSecurityPolicy(base));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.aurum.example',
      'wss://api.aurum.example',
      'https://chat.example',
    ]);
    expect(
      parse(contentSecurityPolicy({ ...base, apiOrigins: ['http://localhost:4000'] }))['connect-src'],
    ).toEqual(["'self'", 'http://localhost:4000', 'ws://localhost:4000', 'https://chat.example']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://api.aurum.example', 'https://chat.example']);
  });

  it('forbids framing, plugins, <base> and form posts elsewhere', () => {
    const csp = parse(contentSecurityPolicy({ ...base, chat: {} }));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The offline worker (/sw.js) and the web manifest come from this origin only.
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
  });

  it('lets the games’ hosts be framed and show thumbnails, and only them', () => {
    const csp = parse(
      contentSecurityPolicy({ ...base, chat: {}, games: gameOrigins('https://games.example') }),
    );
    expect(csp['frame-src']).toEqual(['https://games.example']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://api.aurum.example', 'https://games.example']);
    expect(csp['script-src']).not.toContain('https://games.example');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(gameOrigins(undefined)).toEqual([...DEFAULT_GAME_ORIGINS]);
    expect(gameOrigins('none')).toEqual([]);
    expect(gameOrigins('https:, https://a.example:8443')).toEqual(['https:', 'https://a.example:8443']);
    for (const bad of ['*', "'unsafe-inline'", 'https://a.example; script-src *', 'javascript:'])
      expect(() => gameOrigins(bad)).toThrow(/NEXT_PUBLIC_GAME_ORIGINS/);
  });

  it('adds hCaptcha’s hosts only when a site key is built in', () => {
    const without = contentSecurityPolicy(base);
    expect(without).not.toContain('hcaptcha');
    const csp = parse(contentSecurityPolicy({ ...base, hcaptcha: true }));
    for (const directive of ['script-src', 'frame-src', 'style-src', 'connect-src'] as const) {
      expect(csp[directive]).toEqual(expect.arrayContaining([...HCAPTCHA_SOURCES[directive]!]));
    }
  });

  it('names Customer.io’s hosts for the customer-messaging script only when its key and site id are set', () => {
    expect(customerMessagingSources(undefined, { enabled: false })).toEqual({});
    expect(customerMessagingSources('https://cio.example', { enabled: false })).toEqual({});
    expect(contentSecurityPolicy(base)).not.toMatch(/customer\.io|gist\.build/);

    const customerIo = customerMessagingSources(undefined, { enabled: true });
    expect(customerIo).toEqual(customerIoSources('https://cdp.customer.io'));
    const csp = parse(contentSecurityPolicy({ ...base, chat: {}, messaging: customerIo }));
    expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdp.customer.io']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.aurum.example',
      'wss://api.aurum.example',
      'https://cdp.customer.io',
      'https://*.api.gist.build',
      'https://*.cloud.gist.build',
    ]);
    expect(csp['frame-src']).toEqual(['https://renderer.gist.build', 'https://code.gist.build']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://api.aurum.example']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('follows the customer-messaging CDN’s region, takes listed origins or none, and refuses anything but origins', () => {
    const eu = customerMessagingSources(' ', {
      enabled: true,
      cdnUrl: 'https://cdp-eu.customer.io/',
    });
    expect(eu['script-src']).toEqual(['https://cdp-eu.customer.io']);
    expect(eu['connect-src']).toContain('https://cdp-eu.customer.io');
    expect(customerMessagingSources('none', { enabled: true })).toEqual({});
    const proxied = customerMessagingSources('https://cio.aurum.example, https://*.gist.build', {
      enabled: true,
    });
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src', 'style-src'] as const) {
      expect(proxied[directive]).toEqual(['https://cio.aurum.example', 'https://*.gist.build']);
    }
    expect(proxied['form-action']).toBeUndefined();
    for (const bad of ["'unsafe-eval'", '*', 'https://a.example; script-src *', 'https://a.example/path']) {
      expect(() => customerMessagingSources(bad, { enabled: true })).toThrow(
        /NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS/,
      );
    }
    expect(() =>
      customerMessagingSources(undefined, { enabled: true, cdnUrl: 'javascript:alert(1)' }),
    ).toThrow(/NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN/);
  });

  it('allows eval only under next dev', () => {
    expect(parse(contentSecurityPolicy({ ...base, development: true }))['script-src']).toContain(
      "'unsafe-eval'",
    );
    expect(contentSecurityPolicy(base)).not.toContain('unsafe-eval');
  });

  it('names Intercom’s hosts by default, none with "none", and refuses anything but origins', () => {
    expect(chatSources(undefined)).toBe(INTERCOM_SOURCES);
    expect(chatSources(' ')).toBe(INTERCOM_SOURCES);
    expect(chatSources('none')).toEqual({});
    expect(chatSources('https://a.example, https://*.b.example:8443')['script-src']).toEqual([
      'https://a.example',
      'https://*.b.example:8443',
    ]);
    for (const bad of [
      "'unsafe-eval'",
      '*',
      'https://a.example; script-src *',
      'https://a.example/path',
      'data:',
    ]) {
      expect(() => chatSources(bad)).toThrow(/NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS/);
    }
    const intercom = parse(contentSecurityPolicy({ ...base, chat: INTERCOM_SOURCES }));
    expect(intercom['script-src']).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://app.intercom.io',
      'https://widget.intercom.io',
      'https://js.intercomcdn.com',
    ]);
  });
});

describe('the API origins of the policy', () => {
  it('are the configured address and every service’s, with their ports', () => {
    expect(
      apiOrigins(
        env('https://api.aurum.example/v1/', {
          crash: { url: 'https://crash.aurum.example' },
          dice: { port: '8443' },
        }),
        null,
      ),
    ).toEqual(['https://api.aurum.example', 'https://crash.aurum.example', 'https://api.aurum.example:8443']);
  });

  it('follow the visited host when no address is configured, and are unknown without one', () => {
    const location = { protocol: 'https:', hostname: 'www.mirror.example', port: '' };
    expect(apiOrigins(env(undefined), location)).toEqual(['https://api.mirror.example']);
    expect(apiOrigins(env(undefined), null)).toEqual([]);
    expect(apiOrigins(env(undefined, { keno: { url: 'https://keno.example' } }), null)).toEqual([
      'https://keno.example',
    ]);
  });
});

describe('the security headers', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('are HSTS, no framing, no sniffing, a strict referrer policy, no device features, and the CSP', () => {
    expect(Object.fromEntries(securityHeaders('csp').map(({ key, value }) => [key, value]))).toEqual({
      'content-security-policy': 'csp',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy':
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    });
  });

  it('take the customer-messaging hosts from the build’s variables: none without its key and site id', () => {
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY', 'write-key');
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID', '');
    expect(cspConfigFromEnv(env('https://api.aurum.example'), null).messaging).toEqual({});
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID', 'site-id');
    expect(cspConfigFromEnv(env('https://api.aurum.example'), null).messaging).toEqual(
      customerIoSources('https://cdp.customer.io'),
    );
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN', 'https://cdp-eu.customer.io');
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS', '');
    expect(cspConfigFromEnv(env('https://api.aurum.example'), null).messaging['script-src']).toEqual([
      'https://cdp-eu.customer.io',
    ]);
    vi.stubEnv('NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS', 'https://cio.aurum.example');
    expect(cspConfigFromEnv(env('https://api.aurum.example'), null).messaging['script-src']).toEqual([
      'https://cio.aurum.example',
    ]);
  });

  it('are set by next.config.ts on every path, with the configured API and chat in the policy', async () => {
    vi.stubEnv('NEXT_PUBLIC_API_URL', 'https://api.aurum.example');
    vi.stubEnv('NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS', 'https://chat.example');
    vi.resetModules();
    const config = (await import('@/next.config')).default;
    const rules = await config.headers!();
    // Every path gets the security headers; the game art (public/art) also its cache policy; the offline
    // worker (at /sw.js, built at /serwist/sw.js) and the build check are never taken from an HTTP cache.
    expect(rules.map((rule) => rule.source)).toEqual([
      '/:path*',
      '/art/:file*',
      '/sw.js',
      '/serwist/sw.js',
      '/builds/latest.json',
    ]);
    expect(rules[1].headers).toEqual([
      { key: 'Cache-Control', value: 'public, max-age=86400, stale-while-revalidate=604800' },
    ]);
    expect(rules[2].headers).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    expect(rules[3].headers).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    expect(rules[4].headers).toEqual([{ key: 'Cache-Control', value: 'no-store' }]);
    const csp = rules[0].headers.find(({ key }) => key === 'content-security-policy')!.value;
    expect(parse(csp)['connect-src']).toEqual([
      "'self'",
      'https://api.aurum.example',
      'wss://api.aurum.example',
      'https://chat.example',
    ]);
    expect(rules[0].headers.map(({ key }) => key)).toEqual(
      expect.arrayContaining([
        'strict-transport-security',
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
      ]),
    );
  });
});
