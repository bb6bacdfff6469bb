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
