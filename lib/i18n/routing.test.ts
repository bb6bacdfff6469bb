// @vitest-environment node
import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE_NAME } from './cookie';
import { routing } from './routing';

/** The locale rule of issue 22: a prefix names the language; only an unprefixed path follows the cookie. */
const handle = createMiddleware(routing);

function visit(path: string, { cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers({ 'sec-fetch-dest': 'document' });
  if (cookie) headers.set('cookie', `${LOCALE_COOKIE_NAME}=${cookie}`);
  if (acceptLanguage) headers.set('accept-language', acceptLanguage);
  return handle(new NextRequest(`http://casino.test${path}`, { headers }));
}

const localeCookieOf = (response: Response) =>
  /NEXT_LOCALE=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

describe('locale routing', () => {
  it('renders the prefix’s language whatever the cookie says, and moves the cookie to it', () => {
    for (const [path, cookie, locale] of [
      ['/ru/games/dice', 'en', 'ru'],
      ['/en', 'kz', 'en'],
      ['/kz/profile/history', 'ru', 'kz'],
    ] as const) {
      const response = visit(path, { cookie, acceptLanguage: 'en-US,en;q=0.9' });
      expect(response.headers.get('location'), path).toBeNull();
      // The locale next-intl hands the page (the request header its getLocale() reads).
      expect(response.headers.get('x-middleware-request-x-next-intl-locale'), path).toBe(locale);
      expect(localeCookieOf(response), path).toBe(locale);
    }
  });

  it('leaves a cookie that already names the prefix alone', () => {
    expect(localeCookieOf(visit('/ru/games/dice', { cookie: 'ru' }))).toBeNull();
  });

  it('sends an unprefixed path to the cookie’s language, then to the browser’s, then to Russian', () => {
    const byCookie = visit('/games/dice', { cookie: 'en', acceptLanguage: 'ru-RU' });
    expect(new URL(byCookie.headers.get('location')!).pathname).toBe('/en/games/dice');
    const byBrowser = visit('/games/dice', { acceptLanguage: 'en-US,en;q=0.9' });
    expect(new URL(byBrowser.headers.get('location')!).pathname).toBe('/en/games/dice');
    const byDefault = visit('/games/dice');
    expect(new URL(byDefault.headers.get('location')!).pathname).toBe('/ru/games/dice');
  });
});
