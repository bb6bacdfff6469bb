import type { Page } from '@playwright/test';
import { LOCALES, localized, SPEC_ROUTES } from './spec-routes';
import { API_PORT, expect, gotoHydrated, test, WEB_PORT } from './support';

/** Every Content-Security-Policy violation of a page: console errors, uncaught errors, and the DOM event. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => violations.push(`pageerror: ${error.message}`));
  return violations;
}

/** The `securitypolicyviolation` events the page saw (some violations reach no console message). */
async function policyEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

test.describe('security headers', () => {
  test('/ru carries the policy, HSTS, no framing, a referrer policy and a permissions policy', async ({
    request,
  }) => {
    const response = await request.get('/ru');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline'( https:\/\/chat\.e2e\.invalid)?;/);
    expect(csp).toContain(`connect-src 'self' http://localhost:${API_PORT}`);
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
  });

  test('static files, API routes and redirects carry them too', async ({ request }) => {
    const html = await (await request.get('/ru')).text();
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const path of [script!, '/icon.svg', '/manifest.webmanifest', '/api/mirror', '/robots.txt']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(response.headers()['x-frame-options'], path).toBe('DENY');
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    const redirect = await request.get('/', { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers()['strict-transport-security']).toBeTruthy();
  });

  test('no page breaks the policy', async ({ page }) => {
    test.setTimeout(180_000);
    const violations = watchViolations(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const paths = [
      ...SPEC_ROUTES.map((path) => localized('ru', path)),
      ...LOCALES.filter((locale) => locale !== 'ru').map((locale) => localized(locale, '/')),
    ];
    for (const path of paths) {
      // Every script of the page has run once React has hydrated it.
      await gotoHydrated(page, path);
      expect(await policyEvents(page), path).toEqual([]);
      expect(violations, path).toEqual([]);
    }
  });
});

test.describe('search engines', () => {
  test('robots.txt opens the site, closes the player’s pages and the API, and names the sitemap', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt', {
      headers: { 'x-forwarded-host': 'mirror.e2e.example' },
    });
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /profile');
    expect(text).toContain('Disallow: /ru/profile');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Sitemap: http://mirror.e2e.example/sitemap.xml');

    const own = await (await request.get('/robots.txt')).text();
    expect(own).toContain(`Sitemap: http://localhost:${WEB_PORT}/sitemap.xml`);
  });

  test('sitemap.xml lists the public pages in every language, absolute on the requested host', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml', {
      headers: { 'x-forwarded-host': 'mirror.e2e.example' },
    });
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('http://mirror.e2e.example/ru');
    expect(locs).toContain('http://mirror.e2e.example/kz/games/dice');
    expect(locs).toContain('http://mirror.e2e.example/en/policy/ru/confidential');
    for (const loc of locs) {
      expect(loc).toMatch(/^http:\/\/mirror\.e2e\.example\/(ru|en|kz)(\/|$)/);
      expect(loc).not.toMatch(/profile|no-access|\/error|password/);
    }
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="http://mirror.e2e.example/games/dice" />',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="kk-KZ" href="http://mirror.e2e.example/kz/games/dice" />',
    );
  });

  test('a forged host never reaches robots.txt or sitemap.xml', async ({ request }) => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const response = await request.get(path, { headers: { 'x-forwarded-host': 'a"><script>x</script>' } });
      expect(await response.text(), path).not.toContain('<script>');
    }
  });

  test('pages name absolute alternates with x-default and their canonical address, in the Link header', async ({
    request,
  }) => {
    const response = await request.get('/kz/games/dice?stag=1', {
      headers: { 'x-forwarded-host': 'mirror.e2e.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.status()).toBe(200);
    const link = response.headers()['link'];
    expect(link).toContain('<https://mirror.e2e.example/ru/games/dice>; rel="alternate"; hreflang="ru-RU"');
    expect(link).toContain('<https://mirror.e2e.example/en/games/dice>; rel="alternate"; hreflang="en-US"');
    expect(link).toContain('<https://mirror.e2e.example/kz/games/dice>; rel="alternate"; hreflang="kk-KZ"');
    expect(link).toContain('<https://mirror.e2e.example/games/dice>; rel="alternate"; hreflang="x-default"');
    expect(link).toContain('<https://mirror.e2e.example/kz/games/dice>; rel="canonical"');
    // The static HTML has no relative (or any) hreflang links that could contradict the header.
    const html = await response.text();
    expect(html).not.toMatch(/hreflang=/);
    expect(html).not.toMatch(/rel="canonical"/);
  });
});
