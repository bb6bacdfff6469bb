import type { APIRequestContext, Page, Request } from '@playwright/test';
import { admin, expect, gotoHydrated, test, uniqueSuffix } from './support';

/**
 * Redirect rules apply to every visitor, so this journey sets them only for paths of its own, which no
 * page links to and no other test (nor another repetition of this one) visits: it runs beside every
 * other journey, repeated too.
 */

const PARTNER = 'https://partner.e2e.invalid/landing';

/** Waits until the web app answers `path` with a redirect. */
async function waitForRule(request: APIRequestContext, path: string) {
  // The path is new, so the middleware holds no "no rule" answer for it (it keeps one for 30 s, lib/
  // traffic/guards.ts) and the rule applies at once; polled all the same.
  await expect
    .poll(async () => (await request.get(path, { maxRedirects: 0 })).status(), { intervals: [500, 1_000] })
    .toBeGreaterThanOrEqual(300);
}

/** The first request of the redirect chain `request` belongs to. */
function chainStart(request: Request): Request {
  let first = request;
  for (let from = first.redirectedFrom(); from; from = first.redirectedFrom()) first = from;
  return first;
}

/**
 * The app router's instance, which Next.js puts on `window.next.router` (next/dist/client/components/
 * app-router-instance.js, in production builds too): what `useRouter()` returns.
 */
interface AppRouter {
  prefetch(href: string): void;
  push(href: string): void;
}

/** Whether the router's prefetch of `path` started the redirect chain `request` belongs to. */
function prefetchOf(request: Request, path: string): boolean {
  const first = chainStart(request);
  return new URL(first.url()).pathname === path && first.headers()['next-router-prefetch'] === '1';
}

/**
 * Prefetches `path` through the app router, as it does for a link once visible (its requests carry
 * `rsc: 1` and `next-router-prefetch: 1`), and waits until the prefetch has settled: until a request
 * that finishes or fails is its end (`isEnd`).
 */
async function prefetch(page: Page, path: string, isEnd: (request: Request) => Promise<boolean>) {
  let ended = false;
  const onEvent = async (request: Request) => {
    if (await isEnd(request)) ended = true;
  };
  page.on('requestfinished', onEvent);
  page.on('requestfailed', onEvent);
  try {
    await page.evaluate((href) => {
      (window as unknown as { next: { router: AppRouter } }).next.router.prefetch(href);
    }, path);
    await expect.poll(() => ended).toBe(true);
  } finally {
    page.off('requestfinished', onEvent);
    page.off('requestfailed', onEvent);
  }
}

/** A client navigation to `path` through the app router, as a click on a link starts one. */
async function push(page: Page, path: string) {
  await page.evaluate((href) => {
    (window as unknown as { next: { router: AppRouter } }).next.router.push(href);
  }, path);
}

test('redirect rules also apply to client navigations to pages the router had prefetched', async ({
  page,
  request,
}) => {
  // Four admin commands, each a Node process of its own that loads the CLI: 5 to 12 s apiece on a
  // busy machine (the journey took 55 s so, two at a time).
  test.setTimeout(120_000);
  // Rules without a locale, visited under /en: they apply to every locale's path, and the internal
  // target gets the visitor's locale back (server/modules/traffic/redirects.ts).
  const suffix = uniqueSuffix();
  const internal = `/e2e-rr-${suffix}-internal`;
  const external = `/e2e-rr-${suffix}-external`;
  admin('redirect', 'set', internal, '/bonuses');
  admin('redirect', 'set', external, PARTNER);
  try {
    await waitForRule(request, `/en${internal}`);
    await waitForRule(request, `/en${external}`);

    // Nothing links to these paths: the router prefetches them as it does a visible link, and the
    // navigations start from what the prefetches brought back.
    await gotoHydrated(page, '/en');
    // The internal rule: the router's fetch follows the redirect to the page it leads to.
    await prefetch(
      page,
      `/en${internal}`,
      async (r) =>
        prefetchOf(r, `/en${internal}`) &&
        new URL(r.url()).pathname === '/en/bonuses' &&
        (await r.response())?.status() === 200,
    );
    // The external one: connect-src refuses the fetch of the partner's page. Chromium reports that as
    // the failure of the prefetch's request or of a request of the partner's page of its own.
    await prefetch(
      page,
      `/en${external}`,
      async (r) => r.failure() !== null && (prefetchOf(r, `/en${external}`) || r.url() === PARTNER),
    );
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await push(page, `/en${internal}`);
    await expect(page).toHaveURL(/\/en\/bonuses$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonuses');
    // A client navigation: the page was not reloaded on the way.
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // An external target: the browser loads the page fully and the rule sends that load to the partner.
    // (Playwright cannot answer the hop of a redirect for the browser, and the partner's host does not
    // resolve: the request the browser makes is what shows where it went.)
    const sent = page.waitForRequest(
      (r) => r.url() === PARTNER && r.isNavigationRequest() && r.frame() === page.mainFrame(),
    );
    await push(page, `/en${external}`);
    const load = (await sent).redirectedFrom();
    expect(load && new URL(load.url()).pathname).toBe(`/en${external}`);
    // A document request, not the router's fetch of the page's data.
    expect(load!.headers()['rsc']).toBeUndefined();
    expect((await load!.response())?.status()).toBe(302);
  } finally {
    admin('redirect', 'remove', internal);
    admin('redirect', 'remove', external);
  }
});
