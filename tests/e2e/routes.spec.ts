import { LOCALES, localized, SPEC_ROUTES } from './spec-routes';
import { admin, expect, test, workerCountry } from './support';

test.describe('every screen of spec section 2', () => {
  for (const locale of LOCALES) {
    test(`serves every spec route in ${locale} with 200 and a heading`, async ({ request }) => {
      for (const path of SPEC_ROUTES) {
        const url = localized(locale, path);
        const response = await request.get(url, { maxRedirects: 0 });
        if (path === '/no-access') {
          // Spec section 4: a successful geo check while on /no-access goes home.
          expect(response.status(), url).toBe(307);
          expect(new URL(response.headers()['location']!, 'http://x').pathname, url).toBe(`/${locale}`);
          continue;
        }
        expect(response.status(), url).toBe(200);
        const html = await response.text();
        expect(html, url).toContain(`lang="${{ ru: 'ru-RU', en: 'en-US', kz: 'kk-KZ' }[locale]}"`);
      }
    });
  }

  test('a tournament that does not exist is a 404', async ({ request }) => {
    expect((await request.get('/ru/tournament/424242', { maxRedirects: 0 })).status()).toBe(404);
  });

  test('a missing page is a 404 that names the path', async ({ page }) => {
    const response = await page.goto('/en/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found-message')).toHaveText('Page not found: /en/no/such/page');
    await page.goto('/ru/nothing-here');
    await expect(page.getByTestId('not-found-message')).toHaveText('Страница не найдена: /ru/nothing-here');
  });

  test('a file the site does not have is a 404, not a server error; the favicon is served', async ({
    request,
  }) => {
    // Addresses with a dot skip the middleware; before `dynamicParams = false` on [locale] they were
    // rendered as a page of language "logo.png" and failed with a 500.
    for (const path of ['/logo.png', '/apple-touch-icon.png', '/wp-login.php', '/ru/nothing.txt']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/icon/);
  });

  test('a route whose parameter fails validation is a 404 Page Not Found', async ({ page }) => {
    for (const path of [
      '/en/tournament/abc',
      '/en/tournaments/someday',
      '/en/games/cases/Bad_Slug',
      '/en/reset-password/short',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId('not-found-message'), path).toHaveText('Page Not Found');
    }
  });

  test('a path without a language goes to the detected one, Kazakh included', async ({ browser }) => {
    const kk = await browser.newContext({ locale: 'kk-KZ' });
    const page = await kk.newPage();
    await page.goto('/games/dice');
    await expect(page).toHaveURL(/\/kz\/games\/dice$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk-KZ');
    await kk.close();

    const en = await browser.newContext({ locale: 'en-US' });
    const enPage = await en.newPage();
    await enPage.goto('/');
    await expect(enPage).toHaveURL(/\/en$/);
    await en.close();
  });

  test('game pages are marked as games and lobbies as full width', async ({ page }) => {
    await page.goto('/ru/games/dice');
    await expect(page.locator('[data-page-kind="game"]')).toBeVisible();
    await page.goto('/ru/games/slots');
    await expect(page.locator('[data-page-kind="fullWidth"]')).toBeVisible();
  });

  test('/no-access has its own layout without the site navigation', async ({ browser, baseURL }) => {
    // A visitor from a country the operator blocked: one of this worker's own, so a test running beside
    // this one (this one repeated included) never unblocks it.
    const country = workerCountry('X');
    admin('geo', 'block', country, '--reason', 'e2e layout');
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': country } });
    try {
      const page = await context.newPage();
      await page.goto('/en/no-access');
      await expect(page.locator('[data-layout="no-access"]')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Access from your region is restricted',
      );
    } finally {
      await context.close();
      admin('geo', 'unblock', country);
    }
  });

  test('the FAQ and the policy pages carry their full text in every language', async ({ page }) => {
    for (const locale of LOCALES) {
      await page.goto(`/${locale}/faq`);
      expect(await page.locator('details').count()).toBeGreaterThanOrEqual(15);
      for (const doc of ['/policy/en/kyc', '/policy/en/user-agreement', '/policy/ru/confidential']) {
        await page.goto(`/${locale}${doc}`);
        const text = await page.locator('article').innerText();
        expect(text.length, `${locale}${doc}`).toBeGreaterThan(3000);
      }
    }
  });
});
