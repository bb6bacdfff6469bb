import { expect, test } from '@playwright/test';

test('on a phone the header and a game page fit the screen without sideways scrolling', async ({ page }) => {
  await page.goto('/ru/games/dice');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId('signup-button')).toBeVisible();
  await expect(page.getByTestId('support-chat-button')).toBeVisible();
});
