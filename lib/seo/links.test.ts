import { describe, expect, it } from 'vitest';
import { alternateLinks, pageLinkHeader } from './links';
import { PUBLIC_ROUTES } from './public-routes';
import { siteOrigin } from './site-origin';

describe('the Link header of a page', () => {
  it('names every language by its ISO tag, x-default and the canonical address, absolute on the host', () => {
    expect(pageLinkHeader('https://mirror.example', 'kz', '/games/dice').split(', ')).toEqual([
      '<https://mirror.example/ru/games/dice>; rel="alternate"; hreflang="ru-RU"',
      '<https://mirror.example/en/games/dice>; rel="alternate"; hreflang="en-US"',
      '<https://mirror.example/kz/games/dice>; rel="alternate"; hreflang="kk-KZ"',
      '<https://mirror.example/games/dice>; rel="alternate"; hreflang="x-default"',
      '<https://mirror.example/kz/games/dice>; rel="canonical"',
    ]);
  });

  it('uses the bare language path for the home page and the site root for x-default', () => {
    expect(alternateLinks('http://localhost:3100', '/')).toEqual([
      { hreflang: 'ru-RU', href: 'http://localhost:3100/ru' },
      { hreflang: 'en-US', href: 'http://localhost:3100/en' },
      { hreflang: 'kk-KZ', href: 'http://localhost:3100/kz' },
      { hreflang: 'x-default', href: 'http://localhost:3100/' },
    ]);
  });

  it('cannot be broken out of by a path', () => {
    const header = pageLinkHeader('https://a.example', 'ru', '/x>,<https://evil.example>; rel="canonical"');
    expect(header).not.toContain('evil.example>');
    expect(header.match(/rel="canonical"/g)).toHaveLength(1);
  });
});

describe('the origin of the requested mirror', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('is the proxy’s forwarded host and scheme, else the Host header', () => {
    expect(siteOrigin(headers({ host: 'mirror.example' }))).toBe('http://mirror.example');
    expect(siteOrigin(headers({ host: 'localhost:3100' }))).toBe('http://localhost:3100');
    expect(
      siteOrigin(
        headers({
          host: '127.0.0.1:3000',
          'x-forwarded-host': 'Aurum.Example',
          'x-forwarded-proto': 'https',
        }),
      ),
    ).toBe('https://aurum.example');
    expect(siteOrigin(headers({ host: 'a.example:443', 'x-forwarded-proto': 'https' }))).toBe(
      'https://a.example',
    );
  });

  it('is none for a host that is not a valid hostname[:port]', () => {
    for (const host of ['a.example"><script>', 'a.example/x', 'a b', 'a.example:99999']) {
      expect(siteOrigin(headers({ host }))).toBeNull();
    }
  });
});

describe('the public routes', () => {
  it('are the indexable screens and policies, without the player’s pages, errors and password reset', () => {
    expect(PUBLIC_ROUTES).toContain('/');
    expect(PUBLIC_ROUTES).toContain('/games/dice');
    expect(PUBLIC_ROUTES).toContain('/policy/ru/confidential');
    for (const path of PUBLIC_ROUTES) {
      expect(path).not.toMatch(/^\/(profile|error|no-access|password|reset-password)/);
    }
  });
});
