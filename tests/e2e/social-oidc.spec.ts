import { expect, gotoHydrated, test, tickSignUpBoxes } from './support';

/**
 * A social log-in through a real OpenID Connect flow: the e2e stack configures Yandex ID with the
 * local provider of scripts/oidc-dev-provider.mjs as its issuer (playwright.config.ts), while the other
 * buttons keep the sandbox (tests/e2e/accounts.spec.ts). The popup goes API start address → provider's
 * log-in and consent forms → API callback, which posts the token to the web app and closes.
 */
test('a social log-in through the local OpenID provider signs up, then signs in again', async ({ page }) => {
  const login = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  /** `atProvider`: the first time, the provider's log-in and consent forms; later its session skips both. */
  const throughProvider = async (open: () => Promise<void>, atProvider: boolean) => {
    const popupPromise = page.waitForEvent('popup');
    await open();
    const popup = await popupPromise;
    if (atProvider) {
      await popup.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
      await popup.locator('input[name="login"]').fill(login);
      await popup.locator('input[name="password"]').fill('any password');
      await popup.locator('button[type="submit"]').click();
      await expect(popup.locator('input[name="prompt"][value="consent"]')).toBeAttached();
      await popup.locator('button[type="submit"]').click();
    }
    // Polled, not an awaited 'close' event: when the provider's session skips its forms, the popup can
    // close before this test gets to listen for that (CI once waited a minute for a close already gone).
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page.getByTestId('account-area')).toBeVisible();
  };

  await gotoHydrated(page, '/en?signup=1');
  const dialog = page.getByTestId('modal-signup');
  await tickSignUpBoxes(dialog);
  await throughProvider(() => dialog.getByTestId('social-yandex').click(), true);

  await gotoHydrated(page, '/en/profile');
  await expect(page.getByText(`${login}@oidc.example`).first()).toBeVisible();
  await page.getByTestId('logout-button').click();
  await expect(page.getByTestId('login-button')).toBeVisible();

  await gotoHydrated(page, '/en?login=1');
  await throughProvider(() => page.getByTestId('modal-login').getByTestId('social-yandex').click(), false);
});
