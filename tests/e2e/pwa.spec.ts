import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support';

/**
 * The installable app (spec section 4, issue 20): the offline worker at /sw.js, the offline page, the
 * build check with its update that waits for an open dialog, and the install prompt's permanent dismissal.
 */

/** Waits until the offline worker (registered once the page is idle) controls the page. */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, {
    timeout: 30_000,
  });
}

test.describe('the installable app', () => {
  test('the worker at /sw.js installs and controls the page', async ({ page, request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toContain('javascript');
    const build = await request.get('/builds/latest.json');
    expect(build.headers()['cache-control']).toContain('no-store');
    expect((await build.json()).id).toEqual(expect.any(String));

    await gotoHydrated(page, '/ru');
    await waitForWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(new URL(script!).pathname).toBe('/sw.js');
  });

  test('offline, a navigation shows the offline page in the visitor’s language', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/en');
    await waitForWorker(page);
    await context.setOffline(true);
    try {
      await page.goto('/en/faq');
      await expect(page.getByTestId('offline-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
      await page.goto('/ru/tournaments');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Нет подключения к интернету');
    } finally {
      await context.setOffline(false);
    }
  });

  test('a new build is noticed, and the update waits for the open dialog to close', async ({ page }) => {
    test.setTimeout(120_000);
    const firstCheck = page.waitForRequest('**/builds/latest.json', { timeout: 30_000 });
    await gotoHydrated(page, '/ru');
    await firstCheck;
    await waitForWorker(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const marked = () => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);

    // The player opens a dialog; meanwhile a new build (and with it a new worker) comes out.
    await page.getByTestId('login-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.route('**/builds/latest.json', (route) =>
      route.fulfill({ json: { id: 'the-next-build' }, headers: { 'cache-control': 'no-store' } }),
    );

    // The notice comes (within the 20 s check), not blocking.
    await expect(
      page.getByTestId('notification-info').filter({ hasText: 'Доступна новая версия' }),
    ).toBeVisible({ timeout: 30_000 });
    // The new build's worker (another script address is a new worker for the browser, as new bytes
    // would be) installs and waits; the page stays as it is while the dialog is open.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?build=next', { scope: '/' }));
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting)), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.waitForTimeout(2_000);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await marked()).toBe(true);

    // Once the dialog closes, the update applies: the new worker takes over and the page reloads.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(() => marked().catch(() => false), { timeout: 20_000 }).toBe(false);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  });

  test('the install prompt, dismissed permanently, stays dismissed', async ({ page }) => {
    // A second visit: the prompt may be offered. Chromium fires beforeinstallprompt only for a real
    // install candidate, so the test fires one itself.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('visitCounted')) localStorage.setItem('visits', '1');
    });
    const offer = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });

    let checked = page.waitForRequest('**/builds/latest.json', { timeout: 30_000 });
    await gotoHydrated(page, '/ru');
    await checked;
    await offer();
    const prompt = page.getByTestId('install-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Установить' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Больше не показывать' }).click();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('installPromptHidden'))).toBe('true');

    checked = page.waitForRequest('**/builds/latest.json', { timeout: 30_000 });
    await page.reload();
    await offer();
    // The build check is requested by the effect of the prompt's parent, which runs after the prompt's
    // own: from then on an offer reaches the prompt, and React has committed what it does two frames on.
    await checked;
    await offer();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(prompt).toHaveCount(0);
  });

  test('Chromium finds the app installable, with what Lighthouse’s former PWA audits asked for', async ({
    playwright,
    launchOptions,
    baseURL,
    request,
  }) => {
    // Chromium never calls a page installable in an incognito context, which is what Playwright's
    // contexts are: this test opens a persistent (ordinary) profile of its own.
    const profile = await mkdtemp(path.join(tmpdir(), 'pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await gotoHydrated(page, '/en');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      // The browser's own verdict (Lighthouse's "installable-manifest" asked it the same question).
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const { errors, url } = (await cdp.send('Page.getAppManifest')) as {
        errors: { message: string }[];
        url: string;
      };
      expect(errors).toEqual([]);
      expect(new URL(url).pathname).toBe('/manifest.webmanifest');
      // The page: theme colour (themed address bar), viewport (content sized to it), the iOS icon.
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1220');
      await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
      const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      expect((await request.get(apple!)).status()).toBe(200);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }

    // The manifest: name, colours and a 512 px icon (the splash screen), a maskable icon, shortcuts.
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      background_color: string;
      theme_color: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Aurum', short_name: 'Aurum', display: 'standalone' });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'any' }));
    expect(manifest.icons).toContainEqual(expect.objectContaining({ purpose: 'maskable' }));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      // A PNG's width and height sit at bytes 16 to 24 of its header.
      const body = await response.body();
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.shortcuts.length).toBeGreaterThanOrEqual(3);

    expect(manifest.theme_color).toBe('#0f1220');
  });
});
