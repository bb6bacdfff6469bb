import {
  API_URL,
  expect,
  expectNotification,
  gotoHydrated,
  latestCode,
  signUpByEmail,
  test,
  uniqueEmail,
  uniqueKzPhone,
} from './support';

test.describe('accounts', () => {
  test('sign up by e-mail with the code from the outbox, log out, log in by password', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    await gotoHydrated(page, '/en');
    await signUpByEmail(page, email, 'correct-horse-1');
    const code = await latestCode(request, email);
    await page.getByTestId('code-input').fill(code);
    await page.getByTestId('verify-submit').click();
    await expect(page.getByTestId('modal-signup')).toHaveCount(0);
    await expect(page.getByTestId('account-area')).toBeVisible();

    await gotoHydrated(page, '/en/profile');
    await expect(page.getByText(email).first()).toBeVisible();

    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();

    await page.getByTestId('login-button').click();
    const dialog = page.getByTestId('modal-login');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.locator('input[type=password]').fill('correct-horse-1');
    await dialog.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-area')).toBeVisible();
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token).toBeDefined();
    expect((token!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(29);
  });

  test('a wrong password shows the translated error and keeps the visitor a guest', async ({ page }) => {
    await gotoHydrated(page, '/ru?login=1');
    const dialog = page.getByTestId('modal-login');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('nobody'));
    await dialog.locator('input[type=password]').fill('wrong-password');
    await expectNotification(page, 'error', /./, () => dialog.getByTestId('login-submit').click());
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('sign up by phone', async ({ page, request }) => {
    const national = uniqueKzPhone();
    await gotoHydrated(page, '/kz');
    await page.getByTestId('signup-button').click();
    const dialog = page.getByTestId('modal-signup');
    // The radios are visually hidden: the visitor clicks the label of the second (the phone).
    await dialog
      .locator('label')
      .filter({ has: page.getByRole('radio') })
      .nth(1)
      .check();
    await expect(dialog.getByRole('radio').nth(1)).toBeChecked();
    await dialog.getByRole('textbox').first().fill(national);
    await dialog.locator('input[type=password]').fill('correct-horse-2');
    await dialog.getByRole('checkbox').check();
    await dialog.getByTestId('signup-submit').click();
    await expect(dialog.getByTestId('verify-contact')).toBeVisible();
    const code = await latestCode(request, `+7${national}`);
    await page.getByTestId('code-input').fill(code);
    await page.getByTestId('verify-submit').click();
    await expect(page.getByTestId('account-area')).toBeVisible();
  });

  test('restore a password by e-mail', async ({ page, request }) => {
    const email = uniqueEmail('restore');
    const response = await request.post(`${API_URL}/api/v2/auth/register/email`, {
      data: { email, password: 'old-password-1', currency: 'RUB' },
    });
    expect(response.ok()).toBeTruthy();

    await gotoHydrated(page, '/en/password/reset');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: /send/i }).first().click();
    const code = await latestCode(request, email, 'password_reset');
    await page.getByRole('textbox', { name: /code/i }).fill(code);
    await page
      .getByRole('button', { name: /confirm|continue|next/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/reset-password\/[^/?]+$/);
    await page.locator('input[type=password]').nth(0).fill('new-password-2');
    await page.locator('input[type=password]').nth(1).fill('new-password-2');
    await page
      .getByRole('button', { name: /save|set|change|reset/i })
      .first()
      .click();
    // Saved: the new password works, the login dialog opens on the home page.
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('modal-login')).toBeVisible();

    const login = await request.post(`${API_URL}/api/v2/auth/login/email/password`, {
      data: { email, password: 'new-password-2' },
    });
    expect(login.ok()).toBeTruthy();
    const old = await request.post(`${API_URL}/api/v2/auth/login/email/password`, {
      data: { email, password: 'old-password-1' },
    });
    expect(old.status()).toBe(422);
  });

  test('settings are saved and survive a reload', async ({ page }) => {
    const email = uniqueEmail('settings');
    await gotoHydrated(page, '/en');
    await signUpByEmail(page, email, 'correct-horse-3');
    await page.getByTestId('verify-later').click();
    await gotoHydrated(page, '/en/profile/setting');
    const avatar = page
      .getByRole('checkbox', { name: /avatar/i })
      .or(page.getByRole('switch', { name: /avatar/i }));
    await expect(avatar).toBeVisible();
    const before = await avatar.isChecked();
    // The switch shows the new value at once; the reload waits for the API to have saved it.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/profile/settings') && r.request().method() === 'PUT',
    );
    await avatar.click();
    await expect(avatar).toBeChecked({ checked: !before });
    expect((await saved).ok()).toBeTruthy();
    await page.reload();
    await expect(avatar).toBeChecked({ checked: !before });
  });

  test('social log-in through the sandbox provider', async ({ page }) => {
    await gotoHydrated(page, '/en?login=1');
    const popupPromise = page.waitForEvent('popup');
    await page.getByTestId('social-google').click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await popup.getByRole('button').first().click();
    await expect(page.getByTestId('account-area')).toBeVisible();
  });
});
