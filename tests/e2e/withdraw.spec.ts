import { admin, API_URL, expect, gotoHydrated, newPlayerWithDeposit, test } from './support';

test.describe('withdrawal', () => {
  test('a player deposits, plays, withdraws giving up the bonus; the operator approves; the payout is paid and shows as paid', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // A first deposit of 1000: the welcome pack's bonus starts, so the cash waits for its wager.
    await newPlayerWithDeposit(page, request, baseURL!, 1000, 'withdraw');
    await gotoHydrated(page, '/en/games/dice');
    await page.getByTestId('dice-target').fill('50.00');
    await page.getByLabel('Bet amount').fill('10');
    await page.getByTestId('bet-button').click();
    await expect(page.getByTestId('dice-result')).toHaveText(/Rolled \d+\.\d\d\./);

    await page.getByTestId('header-wallet').click();
    const payIn = page.getByTestId('modal-PayIn');
    await payIn.getByTestId('pay-tab-withdraw').click();
    await expect(payIn.getByTestId('withdraw-blocked')).toHaveText(
      'A bonus is being wagered. To withdraw now, give it up below.',
    );
    const available = Number(
      (await payIn.getByTestId('withdraw-available').innerText()).replace(/[^\d.]/g, ''),
    );
    expect(available).toBeGreaterThanOrEqual(990);

    await payIn.getByTestId('withdraw-destination').fill('4111 1111 1111 1111');
    await payIn.getByTestId('withdraw-amount').fill('500');
    await payIn.getByTestId('withdraw-submit').click();
    await expect(payIn.getByText('Confirm that you give up the bonus')).toBeVisible();
    await payIn.getByTestId('withdraw-forfeit').check();
    const createdResponse = page.waitForResponse(
      (r) => r.url().includes('/api/v2/billing/payout') && r.request().method() === 'POST',
    );
    await payIn.getByTestId('withdraw-submit').click();
    const created = await createdResponse;
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: number };
    const row = payIn.getByTestId('payout-request').first();
    await expect(row.getByTestId('payout-status')).toHaveText('Being checked');
    // The cash left at once; the bonus is gone.
    await expect(payIn.getByTestId('withdraw-available')).toContainText((available - 500).toFixed(2));
    await expect(page.getByTestId('header-bonus-balance')).toHaveCount(0);

    // The operator's queue, the approval under their name; then the provider pays.
    expect(admin('payout', 'list', '--status', 'review')).toContain(`${id} `);
    expect(admin('payout', 'approve', String(id), '--reviewer', 'e2e-operator')).toMatch(/status sent/);
    expect(admin('payout', 'show', String(id))).toMatch(/reviewer:\s+e2e-operator/);
    const paid = await request.post(`${API_URL}/sandbox/payouts/${id}/complete`, {
      data: { status: 'paid' },
    });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    expect(((await paid.json()) as { outcome: string }).outcome).toBe('paid');

    await page.keyboard.press('Escape');
    await page.getByTestId('header-wallet').click();
    await page.getByTestId('modal-PayIn').getByTestId('pay-tab-withdraw').click();
    await expect(
      page.getByTestId('modal-PayIn').getByTestId('payout-request').first().getByTestId('payout-status'),
    ).toHaveText('Paid');
    await expect(page.getByTestId('header-balance')).toContainText((available - 500).toFixed(2));

    // The profile history lists the request as paid, beside the ledger's movements.
    await page.keyboard.press('Escape');
    await gotoHydrated(page, '/en/profile/history');
    const history = page.getByTestId('payout-history');
    await expect(history.getByRole('heading', { name: 'Your withdrawal requests' })).toBeVisible();
    await expect(history.getByTestId('payout-request').first().getByTestId('payout-status')).toHaveText(
      'Paid',
    );
    await expect(page.getByTestId('history-item').first()).toBeVisible();
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
  });
});
