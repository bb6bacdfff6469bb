import type { APIRequestContext } from '@playwright/test';
import {
  API_URL,
  expect,
  expectNotification,
  gotoHydrated,
  waitForHydration,
  latestMessage,
  SIGN_UP_CONFIRMED,
  test,
  uniqueEmail,
  uniqueKzPhone,
} from './support';

async function register(request: APIRequestContext, data: Record<string, string>) {
  const response = await request.post(
    `${API_URL}/api/v2/auth/register/${'email' in data ? 'email' : 'phone'}`,
    {
      data: { password: 'first-pass-1', ...SIGN_UP_CONFIRMED, ...data },
    },
  );
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { token: string }).token;
}

/** The path of a link from an e-mail, in English. */
const englishPath = (link: string) => new URL(link).pathname.replace(/^\/(ru|kz)\//, '/en/');

test.describe('password restore and profile', () => {
  test('restore by phone: the phone travels to the new-password page; a wrong phone goes to /error', async ({
    page,
    request,
  }) => {
    const national = uniqueKzPhone();
    await register(request, { phone: `+7${national}` });
    await gotoHydrated(page, '/en/password/reset');
    await page.getByRole('tab', { name: 'Phone' }).click();
    await page.getByLabel('Phone number').pressSequentially(national);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page.getByText(/We sent a six-digit code to \+7/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
    const { code } = await latestMessage(request, `+7${national}`, 'password_reset');
    await page.getByLabel('Code').fill(code!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/reset-password/[^/?]+\\?phone=%2B7${national}$`));
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();

    await page.goto(page.url().replace(/phone=[^&]+/, 'phone=%2B77000000000'));
    await expect(page).toHaveURL(/\/en\/error/);
  });

  test('the e-mailed link opens the new-password form, then the login dialog; used again it has expired', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('link');
    await register(request, { email });
    await request.post(`${API_URL}/api/v2/auth/password/email/forgot`, { data: { email } });
    const { link } = await latestMessage(request, email, 'password_reset');
    await gotoHydrated(page, englishPath(link!));
    await page.getByLabel('New password', { exact: true }).fill('link-pass-22');
    await page.getByLabel('Repeat the new password').fill('link-pass-22');
    await expectNotification(page, 'success', 'Log in with the new password', () =>
      page.getByRole('button', { name: 'Save the new password' }).click(),
    );
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('modal-login')).toBeVisible();

    await page.goto(englishPath(link!));
    await expect(page.getByText('This link has expired or has already been used')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Restore the password again' })).toBeVisible();
  });

  test('profile, language switch from the settings, and a wrong current password', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('profile');
    const token = await register(request, { email, currency: 'KZT' });
    await page.context().addCookies([{ name: 'token', value: token, url: baseURL! }]);
    await page.goto('/en/profile');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await expect(page.getByTestId('profile-total')).toContainText('₸');
    await expect(page.getByRole('link', { name: 'Read the KYC policy' })).toHaveAttribute(
      'href',
      '/en/policy/en/kyc',
    );

    await gotoHydrated(page, '/en/profile/setting');
    await page.getByLabel('Preferred language').selectOption('kz');
    await expect(page).toHaveURL(/\/kz\/profile\/setting/);
    await waitForHydration(page);
    await page.getByLabel('Қалаулы тіл').selectOption('en');
    await expect(page).toHaveURL(/\/en\/profile\/setting/);

    await gotoHydrated(page, '/en/profile/access');
    await page.getByLabel('Current password', { exact: true }).fill('wrong-pass-0');
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Repeat the new password').fill('second-pass-2');
    const errors = await expectNotification(page, 'error', 'Current password', () =>
      page.getByRole('button', { name: 'Change password' }).click(),
    );
    expect(errors).toBe(1);
  });
});
