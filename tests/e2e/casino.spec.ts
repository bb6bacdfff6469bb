import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import {
  API_URL,
  balanceOf,
  creditedPlayer,
  expect,
  gotoHydrated,
  newPlayerWithDeposit,
  test,
} from './support';

/**
 * Slots and live casino (issue 17) through the game studio `npm start` runs beside the API (on port
 * 4199 in the e2e stack, playwright.config.ts): a guest filters the slots lobby and plays a demo; a
 * player deposits, uses a free spin the welcome pack granted and plays a slot for money; two players
 * bet in one round of the live roulette and both see the same result.
 */

/** The catalogue is synchronised from the studio in the background at start: wait until it is there. */
async function catalogueReady(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const reply = await request.get(`${API_URL}/casino/games?lobby=slots`);
        return reply.ok() ? ((await reply.json()) as { total: number }).total : 0;
      },
      { timeout: 60_000, message: 'the catalogue was not synchronised from the studio' },
    )
    .toBeGreaterThanOrEqual(4);
}

const gameFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-iframe"]');

test.beforeEach(async ({ request }) => {
  await catalogueReady(request);
});

test('a guest filters the slots lobby by category and plays a demo that moves no money', async ({ page }) => {
  await gotoHydrated(page, '/en/games/slots');
  await expect(page.getByTestId('game-tile').first()).toBeVisible();
  const all = await page.getByTestId('game-tile').count();
  expect(all).toBeGreaterThanOrEqual(4);

  await page.getByTestId('lobby-category').selectOption('classic-slots');
  await expect(page.getByTestId('game-tile')).toHaveCount(1);
  await expect(page).toHaveURL(/\?category=classic-slots$/);
  const tile = page.getByTestId('game-tile');
  await expect(tile.getByRole('heading')).toHaveText('Fruit Sevens');
  await expect(tile.locator('img')).toHaveJSProperty('complete', true);

  await tile.getByRole('link', { name: 'Play Fruit Sevens in demo' }).click();
  await expect(page).toHaveURL(/\/en\/games\/slots\/fruit-sevens\/demo$/);
  await expect(page.getByTestId('demo-note')).toBeVisible();
  const game = gameFrame(page);
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  await expect(spin).toBeEnabled({ timeout: 20_000 });
  await expect(game.locator('.balance-value')).toContainText('1,000.00');
  await spin.click();
  await expect(game.locator('.last-win')).not.toBeEmpty({ timeout: 15_000 });
  // Back to the lobby, which remembers the filter.
  await page.getByTestId('game-back').click();
  await expect(page).toHaveURL(/\/en\/games\/slots$/);
});

test('a player deposits, uses a free spin of the welcome pack and plays a slot for money', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A first deposit of 500 RUB: the welcome pack's first stage, with 50 free spins in Aurora Wilds.
  const { token } = await newPlayerWithDeposit(page, request, baseURL!, 500, 'slots');
  await expect(page.getByTestId('header-balance')).toContainText(/500[,.]00/);

  await gotoHydrated(page, '/en/games/slots/aurora-wilds/play');
  await expect(page.getByTestId('free-spins-note')).toContainText('You have 50 free spins in this game');
  const game = gameFrame(page);
  // The grant reaches the studio through the API's free-round queue (every few seconds): reload until then.
  const offer = game.getByRole('button', { name: /Play a free spin/ });
  await expect(async () => {
    await page.reload();
    await expect(offer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(offer).toContainText('50 free spins');
  await offer.click();
  await expect(game.locator('.last-win')).not.toBeEmpty({ timeout: 15_000 });
  await expect(offer.or(game.getByText(/Free spins left/))).toBeVisible();
  // One spin used, at no cost to the cash balance.
  expect(await balanceOf(request, token)).toBe(500);

  // A spin for money: the header balance follows the wallet (a win of exactly the stake may leave it
  // unchanged, so spin until it moves).
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  let moved = false;
  for (let attempt = 0; attempt < 5 && !moved; attempt += 1) {
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    await spin.click();
    await expect(spin).toBeEnabled({ timeout: 20_000 });
    moved = (await balanceOf(request, token)) !== 500;
  }
  expect(moved, 'five spins for money and the balance never moved').toBe(true);
  const balance = await balanceOf(request, token);
  await expect(page.getByTestId('header-balance')).toContainText(
    balance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    { timeout: 10_000 },
  );
});

test('two players bet in one round of the live roulette and both see the same result', async ({
  page,
  newVisitor,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const other = await (await newVisitor()).newPage();
  const players = [
    { page, token: (await creditedPlayer(request, page, baseURL!, 1000, 'table')).token },
    { page: other, token: (await creditedPlayer(request, other, baseURL!, 1000, 'table')).token },
  ];
  await Promise.all(
    players.map(({ page: p }) => gotoHydrated(p, '/en/games/live-casino/studio-roulette/play')),
  );

  // Both wait for an open betting window with time left, then bet on red.
  const frames = players.map(({ page: p }) => gameFrame(p));
  await expect(async () => {
    for (const frame of frames) {
      await expect(frame.locator('.phase')).toHaveAttribute('data-phase', 'betting', { timeout: 1_000 });
      const left = Number((await frame.locator('.countdown').textContent())?.match(/\d+/)?.[0] ?? 0);
      expect(left).toBeGreaterThanOrEqual(4);
    }
  }).toPass({ timeout: 30_000 });
  const rounds = await Promise.all(frames.map((frame) => frame.locator('.players').textContent()));
  expect(rounds[0]?.split('·')[0]).toBe(rounds[1]?.split('·')[0]);
  for (const frame of frames) {
    // An outside bet takes at least 100 (studio/games/roulette.ts): the 100 chip.
    await frame.getByRole('radio', { name: 'RUB 100.00' }).click();
    await frame.getByRole('button', { name: 'Red', exact: true }).click();
    await frame.getByRole('button', { name: 'Place bets' }).click();
    await expect(frame.locator('.message')).toHaveText('Bets placed');
  }
  // Each paid the same chip.
  const staked = await Promise.all(players.map(({ token }) => balanceOf(request, token)));
  const stake = 1000 - staked[0];
  expect(stake).toBeGreaterThan(0);
  expect(staked[1]).toBe(staked[0]);

  // The round is drawn: both see the same pocket at the head of the last results.
  for (const frame of frames)
    await expect(frame.locator('.phase')).toHaveAttribute('data-phase', 'result', { timeout: 30_000 });
  const results = await Promise.all(
    frames.map((frame) => frame.locator('.history li').first().textContent()),
  );
  expect(results[0]).toBe(results[1]);
  // Red pays 1:1: both win the stake, or both lost it.
  const pocket = Number(results[0]);
  const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket);
  const expected = red ? 1000 + stake : 1000 - stake;
  await expect
    .poll(() => Promise.all(players.map(({ token }) => balanceOf(request, token))), { timeout: 15_000 })
    .toEqual([expected, expected]);
});
