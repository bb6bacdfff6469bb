import type { Page } from '@playwright/test';
import { API_URL, expect, gotoHydrated, newPlayerWithDeposit, test } from './support';

/** Sets the bet amount of the game on the page and places one bet. */
async function bet(page: Page, amount: string) {
  await page.getByLabel('Bet amount').fill(amount);
  await page.getByTestId('bet-button').click();
}

test.describe('provably fair games', () => {
  test.describe('with the client bundle held back 2 s', () => {
    // Proves the journey waits for the page to be interactive, however late hydration comes.
    test.use({ slowHydration: true });

    test('a new player deposits, plays every game once, verifies a bet after rotating and finds the bets in the history', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const { token } = await newPlayerWithDeposit(page, request, baseURL!, 1000, 'games');
      await expect(page.getByTestId('header-balance')).toContainText(/1\D?000[.,]00/);

      // Dice: the roll is shown and the stake left the balance (a win pays it back with more).
      await gotoHydrated(page, '/en/games/dice');
      await expect(page.getByTestId('game-limits')).toHaveText('Bet limits: ₽1.00 – ₽10,000.00');
      await page.getByTestId('dice-target').fill('50.00');
      await bet(page, '10');
      await expect(page.getByTestId('dice-result')).toHaveText(
        /Rolled \d+\.\d\d\. (You won ₽19\.80|No win this time)/,
      );

      await gotoHydrated(page, '/en/games/coinflip');
      // The radio itself is visually hidden: the player clicks its label, as a player would.
      await page.locator('label', { hasText: /^Tails$/ }).check();
      await expect(page.getByRole('radio', { name: 'Tails' })).toBeChecked();
      await bet(page, '5');
      await expect(page.getByTestId('coinflip-result')).toHaveText(/The coin landed on (Heads|Tails)\./);

      await gotoHydrated(page, '/en/games/keno');
      await page.getByTestId('keno-auto-pick').click();
      await expect(page.getByTestId('keno-paytable')).toContainText('Pay table for 10 picks');
      await bet(page, '3');
      await expect(page.getByTestId('keno-result')).toHaveText(/\d+ of 10 matched\./);

      await gotoHydrated(page, '/en/games/roulette');
      await page.getByLabel('Chip value').fill('2');
      await page.locator('[data-spot="red:"]').click();
      await page.locator('[data-spot="straight:17"]').click();
      await expect(page.getByTestId('roulette-total')).toContainText('Total bet: ₽4.00');
      await page.getByTestId('bet-button').click();
      await expect(page.getByTestId('roulette-result')).toHaveText(
        /The ball landed on \d+ (green|red|black)\./,
        {
          timeout: 15_000,
        },
      );

      // Hilo: a round starts with a card; one guess either ends it or lets the player cash out.
      await gotoHydrated(page, '/en/games/hilo');
      await page.getByLabel('Bet amount').fill('2');
      await page.getByTestId('hilo-start').click();
      await expect(page.getByTestId('hilo-current')).toHaveText(/Current card: /);
      // The guess with the better chance on this card is the first enabled of the two.
      const guess = page
        .locator('[data-testid="hilo-higher"]:enabled, [data-testid="hilo-lower"]:enabled')
        .first();
      const guessed = page.waitForResponse((r) => /\/hilo\/\d+\/guess$/.test(r.url()));
      await guess.click();
      const { bet: afterGuess } = (await (await guessed).json()) as { bet: { status: string } };
      const hiloStatus = page.getByTestId('hilo-status');
      if (afterGuess.status === 'open') {
        await page.getByTestId('hilo-cashout').click();
        await expect(hiloStatus).toHaveText(/Cashed out at/);
      } else {
        await expect(hiloStatus).toHaveText(/Wrong guess/);
      }

      // Miner: with one mine the first tile is safe 24 times out of 25; cash out after it, or lose.
      await gotoHydrated(page, '/en/games/miner');
      await page.getByLabel('Bet amount').fill('2');
      await page.getByTestId('miner-mines').selectOption('1');
      await page.getByTestId('miner-start').click();
      const revealed = page.waitForResponse((r) => /\/miner\/\d+\/reveal$/.test(r.url()));
      await page.getByTestId('miner-tile').first().click();
      const { bet: afterReveal } = (await (await revealed).json()) as { bet: { status: string } };
      if (afterReveal.status === 'open') {
        await page.getByTestId('miner-cashout').click();
        await expect(page.getByTestId('miner-result').first()).toHaveText(/Cashed out at/);
      } else {
        await expect(page.getByTestId('miner-result').first()).toHaveText(/A mine!/);
      }

      // Cases: the lobby lists the demo cases; opening one shows the item won.
      await gotoHydrated(page, '/en/games/cases');
      const starter = page
        .getByTestId('case-card')
        .filter({ hasText: /starter/i })
        .first();
      await expect(starter).toBeVisible();
      await starter.click();
      await expect(page).toHaveURL(/\/en\/games\/cases\/starter$/);
      await page.getByTestId('case-open').click();
      await expect(page.getByTestId('case-won-item')).not.toBeEmpty({ timeout: 15_000 });

      // Seven bets on the server, each with its seeds and nonce 0..6 of the first pair.
      const listed = await request.get(`${API_URL}/games/bets?per_page=20`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(listed.ok(), await listed.text()).toBeTruthy();
      const { items } = (await listed.json()) as { items: { game: string; nonce: number; status: string }[] };
      expect(items.map((b) => b.game).sort()).toEqual(
        ['cases', 'coinflip', 'dice', 'hilo', 'keno', 'miner', 'roulette'].sort(),
      );
      expect(items.map((b) => b.nonce).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(items.every((b) => b.status !== 'open')).toBe(true);

      // Fairness: rotate the pair, then verify the dice bet in the browser.
      await gotoHydrated(page, '/en/games/dice');
      await page.getByTestId('fairness-button').click();
      const panel = page.getByRole('dialog');
      await expect(panel.getByTestId('fair-nonce')).toHaveText('7');
      await panel.getByTestId('fair-rotate').click();
      await expect(panel.getByTestId('fair-rotated')).toContainText('The old pair served 7 bets');
      await expect(panel.getByTestId('fair-nonce')).toHaveText('0');
      await panel.getByRole('tab', { name: 'Verify' }).click();
      await expect(panel.getByTestId('fair-hash-check')).toHaveAttribute('data-ok', 'true');
      await expect(panel.getByTestId('fair-outcome-check')).toHaveAttribute('data-ok', 'true');
      await expect(panel.getByTestId('fair-outcome-check')).toHaveText(/The result matches/);
      await page.keyboard.press('Escape');

      // The recent bets of the game and the balance history both list the bets.
      await expect(page.getByTestId('recent-bet')).toHaveCount(1);
      await gotoHydrated(page, '/en/profile/history');
      const bets = page.getByTestId('history-item').filter({
        has: page.getByTestId('history-kind').getByText('Bet', { exact: true }),
      });
      await expect(bets).toHaveCount(7);
      await expect(bets.first().getByTestId('history-game')).toHaveText(/^Case · bet #\d+$/);

      // The balance is the deposit minus the stakes plus the payouts, to the kopeck.
      const auth = { headers: { Authorization: `Bearer ${token}` } };
      const all = (await (await request.get(`${API_URL}/games/bets?per_page=20`, auth)).json()) as {
        items: { amount: number; payout: number }[];
      };
      const expected = all.items.reduce(
        (sum, b) => sum - Math.round(b.amount * 100) + Math.round(b.payout * 100),
        100_000,
      );
      const profile = (await (await request.get(`${API_URL}/profile/user`, auth)).json()) as {
        user: { balance: number };
      };
      expect(Math.round(profile.user.balance * 100)).toBe(expected);
    });
  });

  test('a guest sees a game and is asked to sign up when betting', async ({ page }) => {
    await gotoHydrated(page, '/en/games/dice');
    await expect(page.getByTestId('game-limits')).toHaveText('Bet limits: ₽1.00 – ₽10,000.00');
    await page.getByTestId('bet-button').click();
    await expect(page.getByTestId('modal-signup')).toBeVisible();
    await page.keyboard.press('Escape');

    // The strip of single games leads from one game to the next.
    const strip = page.getByTestId('originals-strip');
    await expect(strip.getByRole('link', { name: 'Dice' })).toHaveAttribute('aria-current', 'page');
    await strip.getByRole('link', { name: 'Miner' }).click();
    await expect(page).toHaveURL(/\/en\/games\/miner$/);
    await expect(page.getByTestId('game-miner')).toBeVisible();
  });
});
