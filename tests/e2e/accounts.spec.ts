import {
  API_URL,
  expect,
  expectNotification,
  gotoHydrated,
  latestCode,
  SIGN_UP_CONFIRMED,
  signUpByEmail,
  test,
  tickSignUpBoxes,
  uniqueEmail,
  uniqueKzPhone,
} from './support';
import { SEALED_FINGERPRINT_PATTERN } from '@/lib/device-seal';

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
    const login = page.waitForRequest('**/api/v2/auth/login/email/password');
    await dialog.getByTestId('login-submit').click();
    await expect(page.getByTestId('account-area')).toBeVisible();
    // The device fingerprint (computed when the sign-up dialog opened, kept in local storage) goes up
    // sealed to the API's key, never as it is.
    const fingerprint = await page.evaluate(() => localStorage.getItem('fingerprint'));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const fpp = ((await login).postDataJSON() as { fpp: string | null }).fpp;
    expect(fpp).toMatch(SEALED_FINGERPRINT_PATTERN);
    expect(fpp).not.toContain(fingerprint);
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
    await tickSignUpBoxes(dialog);
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
      data: { email, password: 'old-password-1', currency: 'RUB', ...SIGN_UP_CONFIRMED },
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

  test('a sign-up without the age and terms boxes shows their errors and sends nothing; ticked, it goes through', async ({
    page,
    request,
  }) => {
    // A phone's width: the two boxes with their errors fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail('unticked');
    await gotoHydrated(page, '/en');
    await page.getByTestId('signup-button').click();
    const dialog = page.getByTestId('modal-signup');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.locator('input[type=password]').fill('correct-horse-4');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v2/auth/register/')) sent.push(r.url());
    });
    await dialog.getByTestId('signup-submit').click();

    const age = dialog.getByRole('checkbox', { name: 'I am 18 or older' });
    const terms = dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await expect(age).toHaveAttribute('aria-invalid', 'true');
    await expect(age).toHaveAccessibleDescription('Confirm that you are 18 or older');
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription('Accept the terms and conditions to create an account');
    await expect(age).toBeFocused();
    await expect(dialog.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/en/policy/en/user-agreement',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(sent).toEqual([]);

    // The API refuses such a sign-up on its own, naming both boxes, and creates nothing.
    const direct = await request.post(`${API_URL}/api/v2/auth/register/email`, {
      data: { email, password: 'correct-horse-4' },
    });
    expect(direct.status()).toBe(422);
    expect((await direct.json()).errors).toEqual({
      age_confirmed: ['age_not_confirmed: Confirm that you are 18 or older.'],
      terms_accepted: ['terms_not_accepted: Accept the terms and conditions.'],
    });

    // By keyboard: Space ticks the focused box, Tab moves to the next one.
    await page.keyboard.press('Space');
    await expect(age).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(terms).toBeFocused();
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await dialog.getByTestId('signup-submit').click();
    await expect(dialog.getByTestId('verify-contact')).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test('social sign-up needs both boxes; a later social log-in of that account needs none', async ({
    page,
  }) => {
    const name = `E2E ${uniqueEmail('social')}`; // an identity of its own: new on every run
    const continueAs = async (open: () => Promise<void>) => {
      const popupPromise = page.waitForEvent('popup');
      await open();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      await popup.getByLabel('Name', { exact: true }).fill(name);
      await popup.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByTestId('account-area')).toBeVisible();
    };

    await gotoHydrated(page, '/en?signup=1');
    const dialog = page.getByTestId('modal-signup');
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await dialog.getByTestId('social-google').click();
    await expect(dialog.getByTestId('signup-age')).toHaveAccessibleDescription(
      'Confirm that you are 18 or older',
    );
    await expect(dialog.getByTestId('signup-terms')).toHaveAccessibleDescription(
      'Accept the terms and conditions to create an account',
    );
    expect(popups).toBe(0);

    await tickSignUpBoxes(dialog);
    await continueAs(() => dialog.getByTestId('social-google').click());

    await gotoHydrated(page, '/en/profile');
    await page.getByTestId('logout-button').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await gotoHydrated(page, '/en?login=1');
    await continueAs(() => page.getByTestId('modal-login').getByTestId('social-google').click());
  });
});
