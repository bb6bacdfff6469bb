import { expect, gotoHydrated, test } from './support';

test.describe('the shell around every page', () => {
  test('the query flags open their dialogs and leave the address', async ({ page }) => {
    await gotoHydrated(page, '/en/games/dice?login=1&utm_source=x');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/games\/dice\?utm_source=x$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await gotoHydrated(page, '/en?signup=1');
    await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
    await expect(page).toHaveURL(/\/en$/);

    await gotoHydrated(page, '/en/bonuses?deposit=1');
    await expect(page.getByTestId('modal-PayIn')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/bonuses$/);
  });

  test('the header buttons open the log-in and sign-up dialogs', async ({ page }) => {
    await gotoHydrated(page, '/en');
    await page.getByTestId('login-button').click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('signup-button').click();
    await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
  });

  test('the support-chat button sits 20 px from the right and bottom edges', async ({ page }) => {
    await page.route('https://chat.e2e.invalid/**', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/ru');
    const button = page.getByTestId('support-chat-button');
    const box = await button.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    expect(Math.round(viewport!.width - (box!.x + box!.width))).toBe(20);
    expect(Math.round(viewport!.height - (box!.y + box!.height))).toBe(20);
    // The chat provider cannot load here: the button says so and offers the FAQ.
    await button.click();
    await expect(page.getByTestId('support-chat-fallback')).toBeVisible();
    await page.getByTestId('support-chat-fallback').getByRole('link').click();
    await expect(page).toHaveURL(/\/ru\/faq$/);
  });

  test('the web manifest is linked and served', async ({ page, request }) => {
    await page.goto('/kz');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.name).toBe('Aurum');
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  });

  test('a page view with the full path is reported on every route change', async ({ page }) => {
    await page.addInitScript(() => {
      const views: string[] = [];
      (window as unknown as { __views: string[] }).__views = views;
      window.addEventListener('app:analytics', (event) => {
        const detail = (event as CustomEvent<{ event: string; properties: { path: string } }>).detail;
        if (detail.event === '$pageview') views.push(detail.properties.path);
      });
    });
    await gotoHydrated(page, '/en/games/dice?ref=abc');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tournaments' })
      .click();
    await expect(page).toHaveURL(/\/en\/tournaments$/);
    await page.getByRole('link', { name: 'Active' }).click();
    await expect(page).toHaveURL(/\/en\/tournaments\/active$/);
    const views = await page.evaluate(() => (window as unknown as { __views: string[] }).__views);
    expect(views).toEqual(['/en/games/dice?ref=abc', '/en/tournaments', '/en/tournaments/active']);
  });

  test('navigation scrolls to the top, or to the hash target', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 500 });
    await gotoHydrated(page, '/en/policy/en/user-agreement');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('link', { name: 'Questions and answers' }).click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/en/policy/ru/confidential#section-5');
    await expect
      .poll(() => page.evaluate(() => document.getElementById('section-5')!.getBoundingClientRect().top))
      .toBeLessThan(150);
  });

  test('the language switcher changes the language and remembers it for a year', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/ru/games/dice');
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(page).toHaveURL(/\/en\/games\/dice$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dice');
    const cookie = (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });
});
