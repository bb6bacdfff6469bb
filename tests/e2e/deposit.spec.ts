import { expect, test } from '@playwright/test';
import { API_URL, uniqueEmail } from './support';

test.describe('deposit', () => {
  test('a new player tops up 500 through the sandbox and sees it in the header and the history', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    // A new player, signed up through the API; the web app reads the token cookie.
    const registered = await request.post(`${API_URL}/api/v2/auth/register/email`, {
      data: { email: uniqueEmail('deposit'), password: 'correct-horse-3', currency: 'RUB' },
    });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const { token } = (await registered.json()) as { token: string };
    await context.addCookies([{ name: 'token', value: token, url: baseURL! }]);

    await page.goto('/en?deposit=1');
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
    await page.reload();
    await expect(page.getByTestId('header-balance')).toContainText(/500[,.]00/);
    await page.getByTestId('deposit-button').click();
    await expect(page.getByTestId('modal-PayIn').getByTestId('deposit-form')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/en/profile/history');
    const first = page.getByTestId('history-item').first();
    await expect(first.getByTestId('history-kind')).toHaveText('Deposit');
    await expect(first.getByTestId('history-amount')).toContainText('+');
    await expect(first.getByTestId('history-amount')).toContainText('500.00');
  });
});
