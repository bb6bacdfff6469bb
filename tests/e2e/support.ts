import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The API server of the e2e stack (playwright.config.ts starts it). */
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? '4100'}`;

let counter = 0;
/** An address nobody has used: e2e runs share one database. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@e2e.example`;
}
/** A Kazakh mobile number (+7 701 …) nobody has used, as its ten national digits. */
export function uniqueKzPhone(): string {
  counter += 1;
  const tail = `${Date.now() % 10_000_000}`.padStart(7, '0');
  return `70${(counter % 10).toString()}${tail}`.slice(0, 10);
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

/** Opens the sign-up dialog, fills the e-mail form and submits it. */
export async function signUpByEmail(page: Page, email: string, password: string) {
  await page.getByTestId('signup-button').click();
  const dialog = page.getByTestId('modal-signup');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.locator('input[type=password]').fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByTestId('signup-submit').click();
  await expect(dialog.getByTestId('verify-contact')).toBeVisible();
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
    data: { email, password: 'correct-horse-3', currency: 'RUB' },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const { token } = (await registered.json()) as { token: string };
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL }]);

  await page.goto('/en?deposit=1');
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

/** Runs `npm run admin -- …` against the e2e stack's database; returns what it printed. */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: '.data-e2e',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339',
      LOG_LEVEL: 'warn',
    },
  });
}
