import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as apiRequest, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import {
  balanceOnScreen,
  describeAxe,
  measureBalance,
  measureHeader,
  measureOverflow,
  oneRow,
  RUB_AMOUNT,
  checkedAxeViolations,
  settle,
  trackApiRequests,
} from './layout-checks';
import { localized, SPEC_ROUTES } from './spec-routes';
import { expect, gotoHydrated, newPlayerWithDeposit, test } from './support';

/**
 * Layout of every screen (issue 22), measured in the DOM, never by comparing pixels: every route of spec
 * section 2 in ru at a phone's 360 px and a laptop's 1280 px, and the home page, a game, the profile and
 * a lobby at 390, 768, 1024, 1440 and 1920 px too; signed out and signed in. At each width, a page:
 *   1. does not scroll sideways (the element sticking out furthest is named);
 *   2. from 1024 px on, has a header of one row: no taller than the same page's header at 1920 px, and
 *      the children of its row side by side;
 *   3. signed in, shows the balance in the header, on screen, as an amount of money;
 *   4. has no header button or link whose text overflows its box (nor, from 1024 px on, one outside
 *      the main navigation cut off by a box of the header that clips or scrolls);
 *   5. has no axe violation of impact serious or critical (no rule disabled), nor headings that skip a
 *      level (axe's heading-order, which Lighthouse's accessibility score counts).
 * One test per route and state; the widths are looped inside with soft assertions, so one run lists
 * every failing width and check, each message naming the address, the width and the state, with the
 * measured numbers. A route that redirects is checked where it lands (noted in the test's annotations):
 * /ru/no-access goes home for a visitor whose country is not blocked; /ru/profile and its sections stay
 * put for a guest, showing the log-in prompt of the profile gate.
 */

const FULL_SET = new Set<string>(['/', '/games/dice', '/profile', '/games/slots']);
const SPEC_WIDTHS = [360, 1280];
const FULL_WIDTHS = [360, 390, 768, 1024, 1280, 1440, 1920];
/** The widest screen: the height of the header there is what "one row" means for the same page. */
const REFERENCE_WIDTH = 1920;
/** A height of a common screen of each width (phones upright, tablets upright and across). */
const HEIGHTS: Record<number, number> = {
  360: 780,
  390: 844,
  768: 1024,
  1024: 768,
  1280: 800,
  1440: 900,
  1920: 1080,
};
const DEPOSIT = 1000;

type State = 'signed out' | 'signed in';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** How long a player's session is reused: well inside the access token's 15 minutes. */
const SESSION_REUSE_MS = 8 * 60_000;

const layoutTest = test.extend<object, { playerState: StorageState }>({
  // One player per parallel worker, signed up through the API with a deposit; its session (the token
  // cookie) is handed to every signed-in test of the worker. Playwright replaces a worker after a failed
  // test, so the session is kept in the run's output directory (emptied when a run starts) for the
  // worker that takes the same slot, instead of a new player per failure.
  playerState: [
    async ({ browser }, provide, workerInfo) => {
      const saved = join(workerInfo.project.outputDir, `.layout-player-${workerInfo.parallelIndex}.json`);
      if (existsSync(saved) && Date.now() - statSync(saved).mtimeMs < SESSION_REUSE_MS) {
        await provide(JSON.parse(readFileSync(saved, 'utf8')) as StorageState);
        return;
      }
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL, locale: 'ru-RU' });
      const request = await apiRequest.newContext();
      let state: StorageState;
      try {
        const page = await context.newPage();
        await newPlayerWithDeposit(page, request, baseURL, DEPOSIT, 'layout');
        state = await context.storageState();
      } finally {
        await request.dispose();
        await context.close();
      }
      mkdirSync(workerInfo.project.outputDir, { recursive: true });
      writeFileSync(saved, JSON.stringify(state));
      await provide(state);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

// No traces: the failure messages carry every measurement, and tracing some 300 page loads and axe runs
// costs a quarter of the suite's time. (A file's `use` wins over `--trace`: remove this line to debug.)
layoutTest.use({ trace: 'off' });

/** Opens `url` at `width` and waits until it is interactive and its data has arrived. */
async function open(page: Page, url: string, width: number, state: State, pending: () => string[]) {
  await page.setViewportSize({ width, height: HEIGHTS[width]! });
  await gotoHydrated(page, url);
  if ((await page.locator('header').count()) > 0) {
    // The account corner of the state, once the session query has answered.
    const corner = state === 'signed in' ? 'header-balance' : 'signup-button';
    await expect
      .soft(page.getByTestId(corner), `${url} @ ${width}px, ${state}: ${corner} never rendered`)
      .toBeAttached();
  }
  await settle(page, pending);
  return new URL(page.url()).pathname;
}

/** The height of the page's header once the viewport is `width` wide. */
async function headerHeightAt(page: Page, width: number, pending: () => string[]): Promise<number> {
  await page.setViewportSize({ width, height: HEIGHTS[width]! });
  await settle(page, pending);
  return (await measureHeader(page)).height;
}

async function checkRoute(page: Page, path: string, state: State, testInfo: TestInfo) {
  const url = localized('ru', path);
  const widths = FULL_SET.has(path) ? FULL_WIDTHS : SPEC_WIDTHS;
  testInfo.setTimeout(30_000 + widths.length * 15_000);
  const pending = trackApiRequests(page);

  let referenceHeight: number | undefined;
  const landings = new Set<string>();
  for (const width of [...widths].sort((a, b) => b - a)) {
    const landed = await open(page, url, width, state, pending);
    const dialog = (await page.getByRole('dialog').count()) > 0;
    if (landed !== url || dialog) landings.add(`${landed}${dialog ? ' (a dialog open)' : ''}`);
    const where = `${url} @ ${width}px, ${state}${landed === url ? '' : ` (landed on ${landed})`}`;

    // 1. No sideways scrolling.
    const overflow = await measureOverflow(page);
    expect
      .soft(
        overflow.scrollWidth,
        `${where}: scrolls sideways (scrollWidth ${overflow.scrollWidth} > clientWidth ${overflow.clientWidth}); ` +
          `widest: ${JSON.stringify(overflow.widest)}; where it starts: ${JSON.stringify(overflow.origins)}`,
      )
      .toBeLessThanOrEqual(overflow.clientWidth);

    const header = await measureHeader(page);
    if (header.present) {
      // 3. Signed in, the balance is on screen and shows money.
      if (state === 'signed in') {
        const balance = await measureBalance(page);
        expect
          .soft(
            balanceOnScreen(balance),
            `${where}: header balance not on screen: ${JSON.stringify(balance)}`,
          )
          .toBe(true);
        expect.soft(balance.text, `${where}: header balance shows no amount of money`).toMatch(RUB_AMOUNT);
      }
      // 4. No header button or link whose text overflows its box, nor (from 1024 px on) one that a box
      // of the header cuts off. The main navigation is a strip that scrolls sideways when it does not
      // fit, by design (components/layout/main-nav.tsx), so its links may run out of view.
      expect.soft(header.clipped, `${where}: header controls whose content overflows their box`).toEqual([]);
      if (width >= 1024) {
        expect
          .soft(header.cutOff, `${where}: header controls cut off by a box that clips or scrolls`)
          .toEqual([]);
      }
    }

    // 5. axe: nothing serious or critical, no heading skipping a level.
    const findings = await checkedAxeViolations(page);
    expect
      .soft(describeAxe(findings), `${where}: axe violations (serious, critical, heading order)`)
      .toBe('');

    // 2. From 1024 px on, the header is one row: no taller than at 1920 px, measured once per page and
    // state (a page not checked at 1920 px is widened to it after its own checks), and the children of
    // its row side by side.
    if (header.present && width >= 1024) {
      if (width === REFERENCE_WIDTH) referenceHeight = header.height;
      referenceHeight ??= await headerHeightAt(page, REFERENCE_WIDTH, pending);
      expect
        .soft(
          header.height,
          `${where}: header ${header.height} px tall, at ${REFERENCE_WIDTH} px ${referenceHeight} px`,
        )
        .toBeLessThanOrEqual(referenceHeight + 1);
      const row = header.rowItems.map(({ name, top, height }) => ({ name, top, height }));
      expect
        .soft(oneRow(header.rowItems), `${where}: the header's row wraps: ${JSON.stringify(row)}`)
        .toBe(true);
    }
  }
  for (const landing of landings) {
    testInfo.annotations.push({ type: 'landed on', description: `${url} → ${landing}` });
  }
}

const title = (path: string) => localized('ru', path);

layoutTest.describe('layout, signed out', () => {
  for (const path of SPEC_ROUTES) {
    layoutTest(`${title(path)} signed out`, async ({ page }, testInfo) => {
      await checkRoute(page, path, 'signed out', testInfo);
    });
  }
});

layoutTest.describe('layout, signed in', () => {
  layoutTest.use({ storageState: async ({ playerState }, provide) => provide(playerState) });
  for (const path of SPEC_ROUTES) {
    layoutTest(`${title(path)} signed in`, async ({ page }, testInfo) => {
      await checkRoute(page, path, 'signed in', testInfo);
    });
  }
});
