import type { APIRequestContext, Page } from '@playwright/test';
import { admin, expect, gotoHydrated, test } from '../support';

/**
 * Redirect rules are site-wide, so this file runs after every other journey, one test at a time (the
 * `site-wide` project in playwright.config.ts), and never sends another test's visitor elsewhere.
 */

/** Waits until the web app answers `path` with a redirect (the middleware caches rule answers for 30 s). */
async function waitForRule(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => (await request.get(path, { maxRedirects: 0 })).status(), {
      timeout: 45_000,
      intervals: [1_000],
    })
    .toBeGreaterThanOrEqual(300);
}

/**
 * The router's prefetch of `path` (a visible link's), settled: answered, or refused (the prefetch of an
 * external redirect is blocked by connect-src). To be awaited from before the navigation.
 */
const prefetched = (page: Page, path: string) =>
  page
    .waitForRequest(
      (request) =>
        new URL(request.url()).pathname === path && request.headers()['next-router-prefetch'] === '1',
    )
    .then((request) => request.response());

test('redirect rules also apply to client navigations to pages the router had prefetched', async ({
  page,
  request,
}) => {
  // The middleware may still hold a "no rule" answer for these paths from a journey of the last 30 s.
  test.setTimeout(120_000);
  admin('redirect', 'set', '/vip-club', '/bonuses');
  admin('redirect', 'set', '/tournaments', 'https://partner.e2e.invalid/landing');
  try {
    await waitForRule(request, '/en/vip-club');
    await waitForRule(request, '/en/tournaments');
    await page.route('https://partner.e2e.invalid/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Partner</title><h1>Partner landing</h1>',
      }),
    );

    // The header's links are prefetched once visible; a click then sends no request of its own.
    const vipPrefetched = prefetched(page, '/en/vip-club');
    const tournamentsPrefetched = prefetched(page, '/en/tournaments');
    await gotoHydrated(page, '/en');
    await Promise.all([vipPrefetched, tournamentsPrefetched]);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'VIP club' }).click();
    await expect(page).toHaveURL(/\/en\/bonuses$/);
    // A client navigation: the page was not reloaded on the way.
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // An external target: the browser navigates there fully.
    await nav.getByRole('link', { name: 'Tournaments' }).click();
    await expect(page).toHaveURL('https://partner.e2e.invalid/landing');
    await expect(page.getByRole('heading', { name: 'Partner landing' })).toBeVisible();
  } finally {
    admin('redirect', 'remove', '/vip-club');
    admin('redirect', 'remove', '/tournaments');
  }
});
