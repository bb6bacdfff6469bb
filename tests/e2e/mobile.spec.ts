import { describeAxe, checkedAxeViolations } from './layout-checks';
import { expect, gotoHydrated, signUpByEmail, test, uniqueEmail } from './support';

const noSidewaysScroll = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('on a phone the header and a game page fit the screen without sideways scrolling', async ({ page }) => {
  // Measured once the page is interactive: what hydration adds (the bonus bar, the chat) counts too.
  await gotoHydrated(page, '/ru/games/dice');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('signup-button')).toBeVisible();
  await expect(page.getByTestId('support-chat-button')).toBeVisible();
});

test('on a phone a logged-in header fits too, in every language', async ({ page }) => {
  await gotoHydrated(page, '/kz');
  await signUpByEmail(page, uniqueEmail('mobile'), 'correct-horse-9');
  await page.getByTestId('verify-later').click();
  await expect(page.getByTestId('account-area')).toBeVisible();
  for (const path of ['/kz/faq', '/ru/profile', '/en/profile/setting']) {
    await gotoHydrated(page, path);
    await expect(page.getByTestId('account-area')).toBeVisible();
    expect(await noSidewaysScroll(page), path).toBeLessThanOrEqual(0);
  }
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an explanation popover opens by a tap and by the keyboard, stays on the screen and passes axe', async ({
    page,
  }) => {
    await gotoHydrated(page, '/ru/bonuses');
    const help = page.getByTestId('wagering-rules').getByRole('button', { name: 'Что такое отыгрыш?' });
    const popover = page.getByRole('dialog', { name: 'Отыгрыш (вейджер)' });
    /** The popover's box once placed: wholly inside the 390 px width. */
    const placedInside = () =>
      popover.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth;
      });

    await help.tap();
    await expect(popover).toBeVisible();
    await expect(popover).toContainText('×35');
    await expect(help).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(placedInside).toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(describeAxe(await checkedAxeViolations(page))).toBe('');

    // Escape closes it and gives the focus back; it leaves the page after its dispose timeout.
    await page.keyboard.press('Escape');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expect(help).toBeFocused();
    await expect(page.getByTestId('wagering-help')).toHaveCount(0);

    await page.keyboard.press('Enter');
    await expect(popover).toBeVisible();
    await expect(popover).toBeFocused();
    await expect.poll(placedInside).toBe(true);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await popover.getByRole('button', { name: 'Закрыть' }).press('Enter');
    await expect(help).toHaveAttribute('aria-expanded', 'false');
    await expect(help).toBeFocused();
  });
});
