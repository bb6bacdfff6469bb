import {
  admin,
  expect,
  gotoHydrated,
  waitForHydration,
  signUpByEmail,
  test,
  uniqueEmail,
  uniqueSuffix,
  WEB_PORT,
  workerCountry,
} from './support';

test.describe('traffic', () => {
  test('a visitor of a mirror with a new link lands on the new domain with path and query (301)', async ({
    page,
  }) => {
    // *.localhost names resolve to this machine, so two "domains" reach the same e2e web app.
    const suffix = uniqueSuffix();
    const mirror = `mirror-${suffix}.localhost`;
    const fresh = `fresh-${suffix}.localhost`;
    admin('mirror', 'set', mirror, '--new-link', `http://${fresh}:${WEB_PORT}`);
    try {
      const redirects: number[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(`http://${mirror}`)) redirects.push(response.status());
      });
      await page.goto(`http://${mirror}:${WEB_PORT}/en/faq?stag=mirror-test&x=1`);
      await expect(page).toHaveURL(`http://${fresh}:${WEB_PORT}/en/faq?stag=mirror-test&x=1`);
      expect(redirects).toContain(301);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      admin('mirror', 'remove', mirror);
    }
  });

  test("a mirror's home page has its verification meta tag in the HTML; the internal address is a 404", async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
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
      await waitForHydration(page);

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

  test.describe('with the client bundle held back 2 s', () => {
    // Proves the journey waits for what the app guarantees, however late hydration comes.
    test.use({ slowHydration: true });

    test('a visitor from a blocked country lands on /no-access, and leaves it once allowed', async ({
      newVisitor,
    }) => {
      // A country of this worker's own: a test running beside this one never unblocks it.
      const country = workerCountry('Q');
      admin('geo', 'block', country, '--reason', 'e2e');
      try {
        const blocked = await newVisitor({ extraHTTPHeaders: { 'cf-ipcountry': country } });
        const page = await blocked.newPage();
        await page.goto('/en/bonuses');
        await expect(page).toHaveURL(/\/en\/no-access$/);
        await expect(page.locator('[data-layout="no-access"]')).toBeVisible();

        const allowed = await newVisitor({ extraHTTPHeaders: { 'cf-ipcountry': 'KZ' } });
        const visitor = await allowed.newPage();
        // Every page of the site asks which support chat serves the visitor's region once it has
        // settled, and asks again whenever the region changes: a request with the Region header of the
        // check is bound to come. Waited for from before the first navigation, so it cannot be missed.
        const regionSent = visitor.waitForRequest(
          (r) => new URL(r.url()).pathname === '/support/chat' && r.headers()['region'] === 'KZ',
        );
        await visitor.goto('/en/no-access');
        await expect(visitor).toHaveURL(/\/en$/);
        // The region of the check reaches the browser in the middleware's cookie...
        const geo = (await allowed.cookies()).find((cookie) => cookie.name === 'geo');
        expect(decodeURIComponent(geo?.value ?? '')).toMatch(/\|KZ\|KZ$/);
        // ...and the web app sends it as the Region header.
        await regionSent;
      } finally {
        admin('geo', 'unblock', country);
      }
    });
  });

  test('an affiliate link with stag, pr and UTM parameters leads to a sign-up counted for that source', async ({
    page,
    context,
  }) => {
    const stag = `aff-${uniqueSuffix()}`;
    await gotoHydrated(
      page,
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
