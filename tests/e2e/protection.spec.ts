import { expect, gotoHydrated, newPlayerWithDeposit, test } from './support';

test.describe('player protection', () => {
  test('a player excludes themselves from the settings page and can no longer bet or deposit', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newPlayerWithDeposit(page, request, baseURL!, 500, 'excluded');
    await gotoHydrated(page, '/en/profile/setting');
    const section = page.getByTestId('self-exclusion');
    await expect(section.getByTestId('account-status')).toHaveText('Your account is active.');
    await section.getByLabel('For how long').selectOption('7');
    await section.getByTestId('self-exclusion-start').click();
    await expect(section.getByTestId('self-exclusion-confirm')).toContainText(
      'Neither you nor support can undo this before it ends.',
    );
    await section.getByRole('button', { name: 'Yes, exclude me: 7 days' }).click();
    await expect(section.getByTestId('account-status')).toHaveText(/^You have excluded yourself until /);

    const balance = await page.getByTestId('header-balance').innerText();
    await gotoHydrated(page, '/en/games/dice');
    await page.getByTestId('dice-target').fill('50.00');
    await page.getByLabel('Bet amount').fill('10');
    await page.getByTestId('bet-button').click();
    await expect(page.getByTestId('notification-error')).toContainText('Your account is self-excluded');
    await expect(page.getByTestId('dice-result')).not.toHaveText(/Rolled/);
    await expect(page.getByTestId('header-balance')).toHaveText(balance);

    // A deposit is refused too; the cashier's withdrawal tab stays open.
    await page.getByTestId('header-wallet').click();
    const payIn = page.getByTestId('modal-PayIn');
    await payIn.locator('[data-testid^="pay-method-"]').first().click();
    await payIn.getByTestId('pay-amount').fill('500');
    await payIn.getByTestId('pay-submit').click();
    await expect(page.getByTestId('notification-error').last()).toBeVisible();
    await expect(payIn.getByTestId('invoice-view')).toHaveCount(0);
    await payIn.getByTestId('pay-tab-withdraw').click();
    await expect(payIn.getByTestId('withdraw-form')).toBeVisible();
  });

  test('a player sets a deposit limit and is refused above it', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await newPlayerWithDeposit(page, request, baseURL!, 500, 'limited');
    await gotoHydrated(page, '/en/profile/setting');
    const day = page.getByTestId('limit-deposit_day');
    await expect(day.getByTestId('limit-current')).toHaveText('No limit');
    await day.getByTestId('limit-input').fill('600');
    await day.getByTestId('limit-save').click();
    await expect(day.getByTestId('limit-current')).toHaveText(/600\.00/);

    await page.getByTestId('header-wallet').click();
    const payIn = page.getByTestId('modal-PayIn');
    await payIn.locator('[data-testid^="pay-method-"]').first().click();
    await payIn.getByTestId('pay-amount').fill('500');
    await payIn.getByTestId('pay-submit').click();
    await expect(page.getByTestId('notification-error')).toContainText(
      'The deposit limit you set would be exceeded',
    );
    await expect(payIn.getByTestId('invoice-view')).toHaveCount(0);
    // Within the limit it goes through.
    await payIn.getByTestId('pay-amount').fill('100');
    await payIn.getByTestId('pay-submit').click();
    await expect(payIn.getByTestId('invoice-view')).toBeVisible();
  });

  test('a player sets a daily loss limit and a dice bet that could pass it is refused', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newPlayerWithDeposit(page, request, baseURL!, 500, 'loss');
    await gotoHydrated(page, '/en/profile/setting');
    const day = page.getByTestId('limit-loss_day');
    await expect(day.getByTestId('limit-current')).toHaveText('No limit');
    await day.getByTestId('limit-input').fill('5');
    await day.getByTestId('limit-save').click();
    await expect(day.getByTestId('limit-current')).toHaveText(/5\.00/);

    const balance = await page.getByTestId('header-balance').innerText();
    await gotoHydrated(page, '/en/games/dice');
    await page.getByTestId('dice-target').fill('50.00');
    await page.getByLabel('Bet amount').fill('10');
    await page.getByTestId('bet-button').click();
    await expect(page.getByTestId('notification-error')).toContainText(
      'The loss limit you set would be exceeded',
    );
    await expect(page.getByTestId('dice-result')).not.toHaveText(/Rolled/);
    await expect(page.getByTestId('header-balance')).toHaveText(balance);

    // A stake within what is left is played.
    await page.getByLabel('Bet amount').fill('5');
    await page.getByTestId('bet-button').click();
    await expect(page.getByTestId('dice-result')).toHaveText(/Rolled \d+\.\d\d\./);
  });
});
