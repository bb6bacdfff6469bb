import {
  API_URL,
  expect,
  gotoHydrated,
  newPlayerWithDeposit,
  test,
  tickSignUpBoxes,
  uniqueEmail,
} from './support';

/**
 * What a player sees first (issue 22): the language an address names, numbers in that language, the
 * wallet in the header at every width, and the local outbox a code step points to.
 */

test('a /ru link renders Russian for a signed-in player whose language is English, and moves the cookie', async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await newPlayerWithDeposit(page, request, baseURL!, 1000, 'locale');
  const saved = await request.put(`${API_URL}/profile/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { locale: 'en' },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);

  await gotoHydrated(page, '/ru/games/dice');
  const balance = page.getByTestId('header-balance');
  // The profile has loaded (the balance is its), so the saved locale had its chance to apply.
  await expect(balance).toContainText('1 000,00 ₽');
  await expect(page).toHaveURL(/\/ru\/games\/dice$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  const cookies = await page.context().cookies(baseURL!);
  expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('ru');

  // The same header on /en, in English number format.
  await gotoHydrated(page, '/en');
  await expect(page.getByTestId('header-balance')).toContainText('₽1,000.00');
  await gotoHydrated(page, '/kz/profile');
  await expect(page.getByTestId('header-balance')).toContainText('1 000,00 ₽');

  // An address without a language follows the cookie (now Kazakh, from the last page).
  await page.goto('/games/dice');
  await expect(page).toHaveURL(/\/kz\/games\/dice$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the balance is in the header, and a tap on it opens the wallet', async ({
    page,
    request,
    baseURL,
  }) => {
    await newPlayerWithDeposit(page, request, baseURL!, 500, 'phone-wallet');
    await gotoHydrated(page, '/ru/games/dice');
    const wallet = page.getByTestId('header-wallet');
    await expect(wallet).toBeInViewport();
    await expect(page.getByTestId('header-balance')).toContainText('500,00 ₽');
    await expect(wallet).toHaveAccessibleName(/Баланс\s+500,00\s₽/);
    await wallet.tap();
    await expect(page.getByTestId('modal-PayIn')).toBeVisible();
  });
});

test('the code step of a sign-up links to the local outbox, where the code is', async ({ page }) => {
  const email = uniqueEmail('outbox');
  await gotoHydrated(page, '/en');
  await page.getByTestId('signup-button').click();
  const dialog = page.getByTestId('modal-signup');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.locator('input[type=password]').fill('correct-horse-3');
  await tickSignUpBoxes(dialog);
  await dialog.getByTestId('signup-submit').click();
  const link = dialog.getByTestId('outbox-link');
  await expect(link).toHaveText('Open the outbox');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/dev\/outbox\/view\?to=/);
  expect(new URL(href!).searchParams.get('to')).toBe(email);

  const [outbox] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  const code = outbox.locator('strong.code');
  await expect(code).toHaveText(/^\d{6}$/);
  await dialog.getByTestId('code-input').fill((await code.textContent())!);
  await outbox.close();
  await dialog.getByTestId('verify-submit').click();
  await expect(dialog).toBeHidden();
});
