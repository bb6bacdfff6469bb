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

/** The newest one-time code the outbox holds for an address (outside production only). */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${API_URL}/dev/outbox`, { params: { to } });
      const { messages } = (await response.json()) as { messages: { code?: string | null }[] };
      code = messages.find((m) => m.code)?.code ?? undefined;
      return code;
    })
    .toBeTruthy();
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
