import { expect, test } from '@playwright/test';
import { admin, signUpByEmail, uniqueEmail } from './support';

const WEB_PORT = process.env.E2E_WEB_PORT ?? '3100';

test.describe('traffic', () => {
  test('a visitor of a mirror with a new link lands on the new domain with path and query (301)', async ({
    page,
  }) => {
    // *.localhost names resolve to this machine, so two "domains" reach the same e2e web app.
    const suffix = Date.now().toString(36);
    const mirror = `mirror-${suffix}.localhost`;
    const fresh = `fresh-${suffix}.localhost`;
    admin('mirror', 'set', mirror, '--new-link', `http://${fresh}:${WEB_PORT}`);

    const redirects: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`http://${mirror}`)) redirects.push(response.status());
    });
    await page.goto(`http://${mirror}:${WEB_PORT}/en/faq?stag=mirror-test&x=1`);
    await expect(page).toHaveURL(`http://${fresh}:${WEB_PORT}/en/faq?stag=mirror-test&x=1`);
    expect(redirects).toContain(301);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    admin('mirror', 'remove', mirror);
  });

  test("a mirror's home page has its verification meta tag in the HTML; the internal address is a 404", async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const site = `verify-${suffix}.localhost`;
    const value = `e2e-verify-${suffix}`;
    const tag = new RegExp(`<meta name="google-site-verification" content="${value}"/?>`);
    admin('mirror', 'set', site, '--verification', value);
    try {
      const response = await page.goto(`http://${site}:${WEB_PORT}/en?stag=verify`);
      expect(response!.status()).toBe(200);
      // In the HTML as served, before any script runs: what a verifier reads.
      expect(await response!.text()).toMatch(tag);
      await expect(page).toHaveURL(`http://${site}:${WEB_PORT}/en?stag=verify`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Play fair. Win big.');
      await expect(page.locator('meta[name="google-site-verification"]')).toHaveCount(1);

      // A client navigation away and back home keeps the home page and its address.
      await page.getByRole('link', { name: 'Dice' }).first().click();
      await expect(page).toHaveURL(/\/en\/games\/dice$/);
      await page.getByRole('link', { name: /to the home page/ }).click();
      await expect(page).toHaveURL(`http://${site}:${WEB_PORT}/en`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Play fair. Win big.');

      // Another domain's home page has no tag; the internal address is not a page of its own, even with
      // the header the middleware uses (a client's own is dropped).
      expect(await (await page.request.get('/en')).text()).not.toMatch('google-site-verification');
      const token = Buffer.from(value).toString('base64url');
      const direct = await page.request.get(`/en/site-verified/${token}`, {
        headers: { 'x-aurum-home-verification': token },
      });
      expect(direct.status()).toBe(404);
      const forged = await page.request.get('/en', { headers: { 'x-aurum-home-verification': token } });
      expect(await forged.text()).not.toMatch('google-site-verification');
    } finally {
      admin('mirror', 'remove', site);
    }
  });

  test('a visitor from a blocked country lands on /no-access, and leaves it once allowed', async ({
    browser,
    baseURL,
  }) => {
    admin('geo', 'block', 'BY', '--reason', 'e2e');
    try {
      const blocked = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'BY' } });
      const page = await blocked.newPage();
      await page.goto('/en/bonuses');
      await expect(page).toHaveURL(/\/en\/no-access$/);
      await expect(page.locator('[data-layout="no-access"]')).toBeVisible();
      await blocked.close();

      const allowed = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'KZ' } });
      const visitor = await allowed.newPage();
      await visitor.goto('/en/no-access');
      await expect(visitor).toHaveURL(/\/en$/);
      // The region of the check reaches the browser and is sent as the Region header.
      const regionSent = visitor.waitForRequest((r) => r.headers()['region'] === 'KZ');
      await visitor.goto('/en/games/cases');
      await regionSent;
      await allowed.close();
    } finally {
      admin('geo', 'unblock', 'BY');
    }
  });

  test('an affiliate link with stag, pr and UTM parameters leads to a sign-up counted for that source', async ({
    page,
    context,
  }) => {
    const stag = `aff-${Date.now().toString(36)}`;
    await page.goto(
      `/en?stag=${stag}&pr=pr-${stag}&utm_source=e2e&utm_medium=cpc&utm_campaign=${stag}&utm_term=slots`,
    );
    await expect
      .poll(async () => Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value])))
      .toMatchObject({ stag, prHash: `pr-${stag}`, advId: expect.any(String) });
    const cookies = await context.cookies();
    const prHash = cookies.find((c) => c.name === 'prHash')!;
    // One day, as spec section 9 says.
    expect(prHash.expires - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
    expect(prHash.expires - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);

    await signUpByEmail(page, uniqueEmail('aff'), 'correct-horse-3');
    const report = admin('report', 'attribution');
    const row = report.split('\n').find((line) => line.includes(`stag:${stag}`));
    expect(row, report).toBeTruthy();
    // visits 1, registrations 1, depositors 0
    expect(row!.replace(`stag:${stag}`, '').trim().split(/\s+/).slice(0, 3)).toEqual(['1', '1', '0']);
    const utmRow = report.split('\n').find((line) => line.includes(`utm:e2e / ${stag}`));
    expect(utmRow, report).toBeTruthy();
  });
});
