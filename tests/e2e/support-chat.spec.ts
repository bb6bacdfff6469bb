import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { API_URL, expect, gotoHydrated, SIGN_UP_CONFIRMED, test, uniqueEmail } from './support';

/**
 * The support chat with its provider stood in for (the real one cannot load here): the script the web
 * app loads is answered by a fake Intercom-style messenger that records its commands in
 * `window.__chat`. The e2e stack runs two chat apps (playwright.config.ts): e2e_ru and e2e_kz.
 */
const FAKE_MESSENGER = `(() => {
  const log = (window.__chat ??= { scripts: [], calls: [] });
  log.scripts.push(document.currentScript.src);
  const queued = window.Intercom?.q ?? [];
  const handlers = {};
  const messenger = (command, arg) => {
    log.calls.push([command, typeof arg === 'function' ? 'handler' : (arg ?? null)]);
    if (command === 'onShow' || command === 'onHide') handlers[command] = arg;
    if (command === 'show') handlers.onShow?.();
    if (command === 'hide') handlers.onHide?.();
  };
  window.Intercom = messenger;
  for (const args of queued) messenger(...args);
})();`;

type Call = [string, Record<string, unknown> | string | null];
const chatLog = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __chat?: { scripts: string[]; calls: Call[] } }).__chat ?? null,
  );
const commands = async (page: Page) => ((await chatLog(page))?.calls ?? []).map(([command]) => command);

test.describe('the support chat', () => {
  test('a player in Kazakhstan gets the Kazakhstan chat variant with their verified identity', async ({
    browser,
    baseURL,
    request,
  }) => {
    const email = uniqueEmail('chat');
    const registered = await request.post(`${API_URL}/api/v2/auth/register/email`, {
      data: { email, password: 'correct-horse-3', currency: 'KZT', ...SIGN_UP_CONFIRMED },
    });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const { token } = (await registered.json()) as { token: string };

    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'KZ' } });
    await context.addCookies([{ name: 'token', value: token, url: baseURL! }]);
    const page = await context.newPage();
    await page.route('https://chat.e2e.invalid/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_MESSENGER }),
    );
    await gotoHydrated(page, '/en/games/dice');
    const button = page.getByTestId('support-chat-button');
    await button.click();

    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAttribute('data-chat-variant', 'KZ');
    const log = (await chatLog(page))!;
    expect(log.scripts).toEqual(['https://chat.e2e.invalid/widget/e2e_kz']);
    const boots = log.calls.filter(([command]) => command === 'boot');
    expect(boots).toHaveLength(1);
    const settings = boots[0][1] as Record<string, string>;
    expect(settings).toEqual({
      app_id: 'e2e_kz',
      user_id: expect.stringMatching(/^\d+$/),
      email,
      user_hash: createHmac('sha256', 'e2e-kz-identity-secret').update(settings.user_id).digest('hex'),
      language_override: 'en',
      hide_default_launcher: true,
    });
    expect(await commands(page)).toContain('show');

    // A navigation refreshes the messenger (250 ms later), without booting it again.
    await page.getByTestId('originals-strip').getByRole('link', { name: /coin/i }).click();
    await expect(page).toHaveURL(/\/en\/games\/coinflip$/);
    await expect.poll(() => commands(page)).toContain('update');
    expect((await commands(page)).filter((command) => command === 'boot')).toHaveLength(1);
    await context.close();
  });

  test('a guest elsewhere gets the default chat, loaded by itself after the page has settled', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'cf-ipcountry': 'RU' } });
    const page = await context.newPage();
    await page.route('https://chat.e2e.invalid/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_MESSENGER }),
    );
    await page.goto('/ru');
    const button = page.getByTestId('support-chat-button');
    await expect(button).toHaveAttribute('data-chat-status', 'ready');
    await expect(button).toHaveAttribute('data-chat-variant', 'RU');
    const log = (await chatLog(page))!;
    expect(log.scripts).toEqual(['https://chat.e2e.invalid/widget/e2e_ru']);
    expect(log.calls[0]).toEqual([
      'boot',
      { app_id: 'e2e_ru', language_override: 'ru', hide_default_launcher: true },
    ]);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await context.close();
  });
});
