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
    await checked;
    await page.waitForTimeout(1_000);
    await offer();
    await expect(prompt).toHaveCount(0);
  });
});
