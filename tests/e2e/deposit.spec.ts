import {
  API_URL,
  expect,
  gotoHydrated,
  reloadHydrated,
  SIGN_UP_CONFIRMED,
  signUpByEmail,
  test,
  uniqueEmail,
} from './support';

test.describe('deposit', () => {
  test('a new player tops up 500 through the sandbox and sees it in the header and the history', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    // A new player, signed up through the API; the web app reads the token cookie.
    const registered = await request.post(`${API_URL}/api/v2/auth/register/email`, {
      data: {
        email: uniqueEmail('deposit'),
        password: 'correct-horse-3',
        currency: 'RUB',
        ...SIGN_UP_CONFIRMED,
      },
    });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const { token } = (await registered.json()) as { token: string };
    await context.addCookies([{ name: 'token', value: token, url: baseURL! }]);

    await gotoHydrated(page, '/en?deposit=1');
    const payIn = page.getByTestId('modal-PayIn');
    await expect(payIn.getByTestId('deposit-form')).toBeVisible();
    await payIn.locator('[data-testid^="pay-method-"]').first().click();
    await payIn.getByTestId('pay-amount').fill('500');

    const createdResponse = page.waitForResponse(
      (r) => r.url().includes('/api/v2/billing/payment') && r.request().method() === 'POST',
    );
    await payIn.getByTestId('pay-submit').click();
    const created = await createdResponse;
    expect(created.ok(), await created.text()).toBeTruthy();
    const invoice = (await created.json()) as { id: number; amount: number };
    expect(invoice.amount).toBe(500);
    await expect(payIn.getByTestId('invoice-view')).toBeVisible();
    await expect(payIn.getByTestId('invoice-countdown')).toHaveText(/^\d\d:\d\d$/);
    await expect(payIn.getByTestId('invoice-sandbox-link')).toHaveAttribute(
      'href',
      new RegExp(`/sandbox/invoices/${invoice.id}$`),
    );

    const paid = await request.post(`${API_URL}/sandbox/invoices/${invoice.id}/pay`);
    expect(paid.ok(), await paid.text()).toBeTruthy();

    // The next status poll (every 5 s) sees status 3.
    const success = page.getByTestId('modal-SuccessPayment');
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('modal-PayIn')).toHaveCount(0);
    await expect(success.getByTestId('success-amount')).toContainText('500.00');
    await expect(success.getByTestId('success-balance')).toContainText('500.00');
    await expect(page.getByTestId('header-balance')).toContainText(/500[,.]00/);
    await success.getByTestId('success-close').click();
    await expect(success).toHaveCount(0);

    // A reload does not bring the paid invoice back.
    await reloadHydrated(page);
    await expect(page.getByTestId('header-balance')).toContainText(/500[,.]00/);
    await page.getByTestId('deposit-button').click();
    await expect(page.getByTestId('modal-PayIn').getByTestId('deposit-form')).toBeVisible();
    await page.keyboard.press('Escape');

    // The deposit, and (newer) the welcome-pack bonus of a first deposit of 500 on the bonus balance.
    await gotoHydrated(page, '/en/profile/history');
    const items = page.getByTestId('history-item');
    await expect(items).toHaveCount(2);
    const depositItem = items.filter({
      has: page.getByTestId('history-kind').getByText('Deposit', { exact: true }),
    });
    await expect(depositItem.getByTestId('history-amount')).toContainText('+');
    await expect(depositItem.getByTestId('history-amount')).toContainText('500.00');
  });

  test('a guest follows a promo link, signs up with it, deposits with PayIn closed, and the bonus balance is credited', async ({
    page,
    request,
  }) => {
    await gotoHydrated(page, '/en?promo=welcome100');
    const promoBar = page.getByTestId('bonus-bar-promo');
    await expect(promoBar).toBeVisible();
    await expect(promoBar.getByTestId('bonus-bar-timer')).toHaveText(/\d/);

    // The bar's sign-up keeps the promo; the form sends it with the registration.
    const email = uniqueEmail('promo');
    await promoBar.getByTestId('bonus-bar-signup').click();
    const dialog = page.getByTestId('modal-signup');
    await expect(dialog.getByRole('textbox', { name: /promo/i })).toHaveValue(/welcome100/i);
    await page.keyboard.press('Escape');
    await gotoHydrated(page, '/en?promo=WELCOME100');
    await signUpByEmail(page, email, 'correct-horse-3');
    await page.keyboard.press('Escape');

    // Logged in: the bar shows the player's own waiting bonus, with a deposit button.
    const userBar = page.getByTestId('bonus-bar-user');
    await expect(userBar).toBeVisible();
    await userBar.getByTestId('bonus-bar-deposit').click();
    const payIn = page.getByTestId('modal-PayIn');
    await payIn.locator('[data-testid^="pay-method-"]').first().click();
    await payIn.getByTestId('pay-amount').fill('500');
    const createdResponse = page.waitForResponse(
      (r) => r.url().includes('/api/v2/billing/payment') && r.request().method() === 'POST',
    );
    await payIn.getByTestId('pay-submit').click();
    const invoice = (await (await createdResponse).json()) as { id: number };
    await expect(payIn.getByTestId('invoice-view')).toBeVisible();

    // The player closes PayIn before paying: the invoice is still followed.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('modal-PayIn')).toHaveCount(0);
    const paid = await request.post(`${API_URL}/sandbox/invoices/${invoice.id}/pay`);
    expect(paid.ok(), await paid.text()).toBeTruthy();

    const success = page.getByTestId('modal-SuccessPayment');
    await expect(success).toBeVisible({ timeout: 15_000 });
    await success.getByTestId('success-close').click();
    await expect(page.getByTestId('header-balance')).toContainText(/500[,.]00/);
    // WELCOME100: 100 % of 500 on the bonus balance, to be wagered 35 times.
    await expect(page.getByTestId('header-bonus-balance')).toContainText(/500[,.]00/);
    await expect(page.getByTestId('bonus-bar-user')).toHaveCount(0);

    await gotoHydrated(page, '/en/profile/bonuses');
    const bonus = page.getByTestId('bonus-item').first();
    await expect(bonus.getByTestId('bonus-name')).toContainText(/welcome/i);
    await expect(bonus.getByTestId('bonus-amount')).toContainText('500.00');
    await expect(bonus.getByTestId('wager-text')).toContainText(/17,500\.00/);
  });
});
