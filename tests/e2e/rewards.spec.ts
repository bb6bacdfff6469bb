import type { APIRequestContext } from '@playwright/test';
import {
  API_URL,
  admin,
  balanceOf,
  creditedPlayer,
  expect,
  gotoHydrated,
  test,
  uniqueSuffix,
} from './support';

/**
 * Tournaments, the VIP club and the top (issue 19) on the e2e stack, whose API counts settled bets (the
 * activity processor) and pays finished tournaments by itself: a player joins a tournament, plays, sees
 * the leaderboard move and is paid when the operator ends it; the VIP page for a guest and for a player
 * with progress; the top with a player who hides their statistics.
 */

const dice = (request: APIRequestContext, token: string, amount: number) =>
  request
    .post(`${API_URL}/dice/bet`, {
      headers: { authorization: `Bearer ${token}` },
      data: { amount, target: 98, direction: 'over', idempotency_key: `e2e-${uniqueSuffix()}` },
    })
    .then(async (response) => expect(response.ok(), await response.text()).toBeTruthy());

/** An amount as the page writes it in any locale: thousands with or without a separator, two decimals. */
const moneyPattern = (amount: number) => {
  const [whole, cents] = amount.toFixed(2).split('.');
  return new RegExp(`${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '\\D?')}[.,]${cents}`);
};

test('a player joins a tournament, plays, sees the leaderboard move, and is paid when the operator ends it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = `E2E race ${uniqueSuffix()}`;
  const created = admin(
    'tournament',
    'create',
    '--kind',
    'wager',
    '--title',
    title,
    '--games',
    'dice',
    '--prize',
    '1:500',
    '--join',
    '--ends',
    '+1h',
    '--operator',
    'e2e',
  );
  const id = Number(/Tournament (\d+) created/.exec(created)![1]);
  const { token } = await creditedPlayer(request, page, baseURL!, 1_000, 'tournament');

  // The list shows it among the active ones, with its prize pool.
  await gotoHydrated(page, '/ru/tournaments/active');
  await expect(page.getByTestId('tournament-card').filter({ hasText: title })).toContainText(/500/);

  await gotoHydrated(page, `/ru/tournament/${id}`);
  await expect(page.getByTestId('leaderboard-empty')).toBeVisible();
  await page.getByTestId('tournament-join').click();
  await expect(page.getByTestId('tournament-joined')).toBeVisible();

  // Plays dice in the game's own page.
  await gotoHydrated(page, '/ru/games/dice');
  await page.getByTestId('dice-target').fill('98.00');
  await page.getByLabel(/Сумма ставки/).fill('10');
  await page.getByTestId('bet-button').click();
  await expect(page.getByTestId('dice-result')).toBeVisible();

  await gotoHydrated(page, `/ru/tournament/${id}`);
  const points = page.getByTestId('leaderboard-points');
  await expect(points).toHaveCount(1, { timeout: 15_000 });
  await expect(points.first()).toContainText(/10,00/);
  // A bet made elsewhere moves the leaderboard on this page without a reload (its topic).
  await dice(request, token, 25);
  await expect(points.first()).toContainText(/35,00/, { timeout: 15_000 });
  await expect(page.getByTestId('tournament-me')).toContainText('1');

  const before = await balanceOf(request, token);
  admin('tournament', 'end', String(id), '--operator', 'e2e');
  await expect.poll(() => balanceOf(request, token), { timeout: 30_000 }).toBe(before + 500);
  await page.reload();
  await expect(page.getByTestId('tournament-me')).toContainText('Ваш приз выплачен.', { timeout: 15_000 });
});

test('the VIP club: the programme and a sign-up for a guest; level, progress and a reward to claim for a player', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await gotoHydrated(page, '/ru/vip-club');
  await expect(page.getByTestId('vip-level')).toHaveCount(5);
  await expect(page.getByTestId('vip-guest')).toBeVisible();
  await expect(page.getByTestId('vip-signup')).toBeVisible();

  const { token } = await creditedPlayer(request, page, baseURL!, 1_000, 'vip');
  await dice(request, token, 150); // 150 points: bronze
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`${API_URL}/profile/user`, { headers: { authorization: `Bearer ${token}` } })
          ).json()
        ).user.vip_level,
      { timeout: 15_000 },
    )
    .toBe(1);
  await gotoHydrated(page, '/ru/vip-club');
  await expect(page.getByTestId('vip-panel')).toBeVisible();
  await expect(page.getByTestId('vip-guest')).toHaveCount(0);
  await expect(page.getByTestId('signup-button')).toHaveCount(0); // never "Sign up" for a player
  await expect(page.getByTestId('vip-level-name')).toContainText('1');
  await expect(page.getByTestId('vip-progress')).toBeVisible();
  const reward = page.getByTestId('vip-reward');
  await expect(reward).toHaveCount(1);
  const before = await balanceOf(request, token);
  await reward.getByRole('button').click();
  await expect(reward).toHaveCount(0);
  await expect.poll(() => balanceOf(request, token)).toBe(before + 100);
  await expect(page.getByTestId('header-balance')).toContainText(moneyPattern(before + 100));

  // A request for a personal manager.
  const form = page.getByTestId('vip-join-form');
  await form.getByRole('combobox').selectOption('personal_manager');
  await page.getByTestId('vip-join-submit').click();
  await expect(page.getByTestId('vip-join-sent')).toBeVisible();
  await expect(page.getByTestId('vip-request')).toHaveCount(1);
  expect(admin('vip', 'requests')).toContain('personal_manager');
});

test('the top shows a player who hides their statistics as "Hidden"', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const { token } = await creditedPlayer(request, page, baseURL!, 100_000, 'top');
  const hidden = await request.put(`${API_URL}/profile/settings`, {
    headers: { authorization: `Bearer ${token}` },
    data: { is_statistics_hidden: true },
  });
  expect(hidden.ok(), await hidden.text()).toBeTruthy();
  // 50 000 wagered (five bets at the 10 000 limit): far above what the other journeys wager in a day.
  for (let bet = 0; bet < 5; bet += 1) await dice(request, token, 10_000);
  const me = (
    await (
      await request.get(`${API_URL}/profile/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).user as { id: number };
  // The bets reach the top as the activity processor takes them (every 0.5 s): wait for all five.
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, '/ru/top?board=wagered&period=day');
        return page.getByTestId('top-row').first().innerText();
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toMatch(/Скрыт[\s\S]*50\s?000/);
  await expect(page.getByTestId('top-table')).not.toContainText(`Player ${me.id}`);
});
