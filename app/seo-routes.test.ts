// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => request.headers }));

import robots from './robots';
import sitemap from './sitemap';

describe('robots.txt and sitemap.xml', () => {
  afterEach(() => {
    request.headers = new Headers();
  });

  it('open the public site, close the player’s pages and the API, and name the sitemap on the host', async () => {
    request.headers = new Headers({ host: 'mirror.example', 'x-forwarded-proto': 'https' });
    const result = await robots();
    expect(result.sitemap).toBe('https://mirror.example/sitemap.xml');
    expect(result.rules).toEqual({
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/profile', '/ru/profile', '/en/profile', '/kz/profile'],
    });
  });

  it('list every public page in every language, absolute on the host, with alternates and x-default', async () => {
    request.headers = new Headers({ host: 'localhost:3100' });
    const entries = await sitemap();
    const urls = entries.map((entry) => entry.url);
    expect(urls).toContain('http://localhost:3100/ru');
    expect(urls).toContain('http://localhost:3100/kz/games/dice');
    expect(urls).toContain('http://localhost:3100/en/policy/en/kyc');
    expect(urls.some((url) => /profile|no-access|\/error|password/.test(url))).toBe(false);
    const dice = entries.find((entry) => entry.url === 'http://localhost:3100/en/games/dice')!;
    expect(dice.alternates?.languages).toEqual({
      'ru-RU': 'http://localhost:3100/ru/games/dice',
      'en-US': 'http://localhost:3100/en/games/dice',
      'kk-KZ': 'http://localhost:3100/kz/games/dice',
      'x-default': 'http://localhost:3100/games/dice',
    });
  });

  it('answer 404 rather than write a forged host into the file', async () => {
    request.headers = new Headers({ host: 'evil.example"><x' });
    await expect(robots()).rejects.toThrow('NEXT_HTTP_ERROR_FALLBACK;404');
    await expect(sitemap()).rejects.toThrow('NEXT_HTTP_ERROR_FALLBACK;404');
  });
});
