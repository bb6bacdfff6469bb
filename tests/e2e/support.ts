import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

/** The ports of the e2e stack (playwright.config.ts starts it on these). */
export const WEB_PORT = process.env.E2E_WEB_PORT ?? '3100';
export const API_PORT = process.env.E2E_API_PORT ?? '4100';
/** The API server of the e2e stack. */
export const API_URL = `http://127.0.0.1:${API_PORT}`;

/**
 * How much the fixture `slowHydration` delays every script of the client bundle: long enough that a
 * test acting before the page is interactive fails every time instead of now and then.
 */
export const SLOW_HYDRATION_DELAY_MS = 2_000;

/**
 * Holds back every script of the client bundle (`/_next/static/chunks/*.js`) by `delayMs`, so the
 * server's HTML shows long before React hydrates it: what a slow phone or a loaded machine does.
 */
export async function delayClientBundle(
  target: Page | BrowserContext,
  delayMs: number = SLOW_HYDRATION_DELAY_MS,
): Promise<void> {
  await target.route(/\/_next\/static\/chunks\/.+\.js(\?.*)?$/, async (route) => {
    // A deliberate network delay of the stub, not a wait of the test.
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fallback();
  });
}

/**
 * Waits until the page is interactive: the web app's HydrationMarker
 * (components/layout/hydration-marker.tsx) sets `data-hydrated` on `<html>` once React has hydrated the
 * page, and every island hydrated after the first paint (components/ui/deferred-island.tsx) says
 * `data-island="ready"`. Before that a click or a keystroke reaches the server's HTML, not the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  await expect(page.locator('[data-island="pending"]')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Does `action` and waits until a `kind` notification with `text` has been shown. A notification stays
 * NOTIFICATION_DURATION_MS (3 s, spec section 9), so on a slow machine a check made after the action's
 * other effects (a navigation) can come after it is gone (seen: the password link journey): the watch
 * starts before the action and catches it as soon as it is in the page. Answers how many `kind`
 * notifications were in the page at that moment.
 */
export async function expectNotification(
  page: Page,
  kind: 'success' | 'error',
  text: string | RegExp,
  action: () => Promise<unknown>,
): Promise<number> {
  const notifications = page.getByTestId(`notification-${kind}`);
  const shown = notifications
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'attached', timeout: 20_000 });
  await action();
  await shown;
  return notifications.count();
}

/** Opens `url` and waits until the page is interactive (waitForHydration): do this before acting on it. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Reloads the page and waits until it is interactive again. */
export async function reloadHydrated(page: Page) {
  const response = await page.reload();
  await waitForHydration(page);
  return response;
}

interface E2eFixtures {
  /** Delays the client bundle of every page of the test (delayClientBundle); off unless `test.use`d. */
  slowHydration: boolean;
  /**
   * A browser context of the test's own (another visitor, other headers), with the test's baseURL and
   * slowHydration, closed when the test ends whatever its outcome.
   */
  newVisitor: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

/** Playwright's `test` with the e2e fixtures above. */
export const test = base.extend<E2eFixtures>({
  slowHydration: [false, { option: true }],
  context: async ({ context, slowHydration }, provide) => {
    if (slowHydration) await delayClientBundle(context);
    await provide(context);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  },
  newVisitor: async ({ browser, baseURL, slowHydration }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      opened.push(context);
      if (slowHydration) await delayClientBundle(context);
      return context;
    });
    for (const context of opened) {
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  },
});
export { expect };

let counter = 0;
/** A suffix no other test, worker or earlier run has used: e2e runs share one database. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${process.pid.toString(36)}-${counter}`;
}
/** An address nobody has used. */
export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}.${uniqueSuffix().replaceAll('-', '.')}@e2e.example`;
}
/**
 * A Kazakh mobile number (+7 70…) nobody has used, as its ten national digits: eight random digits, so
 * two workers asking in the same millisecond do not get the same number.
 */
export function uniqueKzPhone(): string {
  return `70${randomInt(0, 100_000_000).toString().padStart(8, '0')}`;
}

/**
 * A user-assigned country code (ISO 3166 QM–QZ for `series` 'Q', XA–XW for 'X') that belongs to this
 * worker: no real visitor has it, and no test running at the same time blocks or unblocks it.
 */
export function workerCountry(series: 'Q' | 'X'): string {
  const index = base.info().parallelIndex;
  const [first, span] = series === 'Q' ? [77, 14] : [65, 23];
  if (index >= span) throw new Error(`no ${series}-series country left for parallel worker ${index}`);
  return `${series}${String.fromCharCode(first + index)}`;
}

type OutboxTemplate = 'verify_code' | 'login_code' | 'password_reset';

/**
 * The newest message of `template` the outbox holds for an address (outside production only), waiting
 * until it is there: a sign-up's code is not a restore code, whichever request finished first.
 */
export async function latestMessage(
  request: APIRequestContext,
  to: string,
  template: OutboxTemplate,
): Promise<{ code: string | null; link: string | null }> {
  let message: { code: string | null; link: string | null } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${API_URL}/dev/outbox`, { params: { to } });
      const { messages } = (await response.json()) as {
        messages: { code: string | null; link: string | null; template: string }[];
      };
      message = messages.find((m) => m.template === template);
      return message;
    })
    .toBeTruthy();
  return message!;
}

/** The one-time code of the newest message of `template` for an address. */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  template: OutboxTemplate = 'verify_code',
): Promise<string> {
  const { code } = await latestMessage(request, to, template);
  expect(code).toBeTruthy();
  return code!;
}

/** The sign-up boxes (issue 15: 18 or older, the terms accepted) of a registration through the API. */
export const SIGN_UP_CONFIRMED = { age_confirmed: true, terms_accepted: true } as const;

/** Ticks the sign-up dialog's two required boxes, 18 or older and the terms, in any language. */
export async function tickSignUpBoxes(dialog: Locator) {
  await dialog.getByTestId('signup-age').check();
  await dialog.getByTestId('signup-terms').check();
}

/** Opens the sign-up dialog, fills the e-mail form and submits it. */
export async function signUpByEmail(page: Page, email: string, password: string) {
  await page.getByTestId('signup-button').click();
  const dialog = page.getByTestId('modal-signup');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.locator('input[type=password]').fill(password);
  await tickSignUpBoxes(dialog);
  await dialog.getByTestId('signup-submit').click();
  await expect(dialog.getByTestId('verify-contact')).toBeVisible();
}

/**
 * A new RUB player signed up through the API with `money` on the balance (an operator's credit), its token
 * cookie handed to `page`'s context.
 */
export async function creditedPlayer(
  request: APIRequestContext,
  page: Page,
  baseURL: string,
  money: number,
  prefix = 'player',
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  const registered = await request.post(`${API_URL}/api/v2/auth/register/email`, {
    data: { email, password: 'correct-horse-3', currency: 'RUB', ...SIGN_UP_CONFIRMED },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  admin('balance', 'credit', email, String(money), '--reason', `e2e ${prefix}`, '--operator', 'e2e');
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);
  return { email, token };
}

/** The player's cash balance as the API answers it. */
export async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const profile = await request.get(`${API_URL}/profile/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await profile.json()) as { user: { balance: number } }).user.balance;
}

/**
 * Signs a new player up through the API (currency RUB), hands the web app its token cookie and tops the
 * balance up with `amount` through the PayIn dialog and the sandbox provider's Pay.
 */
export async function newPlayerWithDeposit(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  amount: number,
  prefix = 'player',
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  const registered = await request.post(`${API_URL}/api/v2/auth/register/email`, {
    data: { email, password: 'correct-horse-3', currency: 'RUB', ...SIGN_UP_CONFIRMED },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);

  await gotoHydrated(page, '/en?deposit=1');
  const payIn = page.getByTestId('modal-PayIn');
  await payIn.locator('[data-testid^="pay-method-"]').first().click();
  await payIn.getByTestId('pay-amount').fill(String(amount));
  const createdResponse = page.waitForResponse(
    (r) => r.url().includes('/api/v2/billing/payment') && r.request().method() === 'POST',
  );
  await payIn.getByTestId('pay-submit').click();
  const invoice = (await (await createdResponse).json()) as { id: number };
  const paid = await request.post(`${API_URL}/sandbox/invoices/${invoice.id}/pay`);
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const success = page.getByTestId('modal-SuccessPayment');
  await expect(success).toBeVisible({ timeout: 15_000 });
  await success.getByTestId('success-close').click();
  return { email, token };
}

/**
 * Runs `npm run admin -- …` against the e2e stack's database; returns what it printed. Like the stack's
 * API (scripts/start.mjs), it runs outside production, so it talks to the sandbox payment provider.
 */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: '.data-e2e',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339',
      LOG_LEVEL: 'warn',
    },
  });
}
