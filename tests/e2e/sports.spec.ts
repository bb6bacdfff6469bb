import type { APIRequestContext, Page } from '@playwright/test';
import type { SportBet, SportEvent } from '@/lib/contracts/sports';
import { API_URL, balanceOf, creditedPlayer, expect, gotoHydrated, test } from './support';

/**
 * The sportsbook (issue 18) on the e2e stack's sandbox feed: a player puts a single on a live match, an
 * express of three and a system 2/3 over that match and two upcoming ones; sees an odds rise taken by
 * "accept higher" and an odds change held back by "accept none" until accepted; then the sandbox is told
 * to finish the matches and the bets show settled, paid into the balance.
 */

const sandbox = (request: APIRequestContext, path: string, data?: object) =>
  request.post(`${API_URL}/sandbox/sports/${path}`, { data: data ?? {} }).then(async (response) => {
    expect(response.ok(), await response.text()).toBeTruthy();
  });

async function upcomingEvents(request: APIRequestContext): Promise<SportEvent[]> {
  // Every leg is picked on its match's own page, so any upcoming match will do: the sandbox puts a dozen or
  // more in one kick-off slot, so the first 12 may all start within the 10 minutes left out below.
  const response = await request.get(`${API_URL}/sports/events?status=upcoming&limit=100`);
  const { items } = (await response.json()) as { items: SportEvent[] };
  // Matches whose match-result market is open with every price on offer, the soonest first (the list shows them).
  return items.filter((event) => {
    const result = event.markets[0];
    return (
      result &&
      (result.key === '1x2' || result.key === 'winner') &&
      result.status === 'open' &&
      new Date(event.starts_at).getTime() > Date.now() + 10 * 60_000
    );
  });
}

const homeOutcome = (event: SportEvent) => event.markets[0]!.outcomes.find((o) => o.code === '1')!;
const oddsButton = (page: Page, outcomeId: string) =>
  page.locator(`[data-testid="odds-button"][data-outcome="${outcomeId}"]`);

/** Puts the match's home win in the slip from the match's own page. */
async function pick(page: Page, event: SportEvent) {
  await gotoHydrated(page, `/ru/betting/event/${event.id}`);
  await oddsButton(page, homeOutcome(event).id).click();
  await expect(oddsButton(page, homeOutcome(event).id)).toHaveAttribute('aria-pressed', 'true');
}

async function myBets(request: APIRequestContext, token: string): Promise<SportBet[]> {
  const response = await request.get(`${API_URL}/sports/bets?limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { items: SportBet[] }).items;
}

test('a single, an express of three and a system 2/3 from live and upcoming matches, odds changes by the setting, settled when the matches end', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { token } = await creditedPlayer(request, page, baseURL!, 1000, 'sports');
  // The single on a match that kicks off now; the express and the system over three upcoming ones (their
  // prices never suspend before kick-off, where a live match's may).
  const [live, second, third, fourth] = await upcomingEvents(request);
  expect(fourth, 'the sandbox offers four upcoming matches').toBeDefined();
  // One of them kicks off now: the single is a live bet.
  await sandbox(request, `events/${live!.id}/start`);
  // Fixed prices, so that the feed's own moves do not get in the way of the checks below.
  for (const event of [live!, second!, third!, fourth!])
    await sandbox(request, `outcomes/${homeOutcome(event).id}/odds`, { odds: 2 });

  // The single, on the live match's page, with "accept higher": a rise while in the slip is taken.
  await gotoHydrated(page, `/ru/betting/event/${live!.id}`);
  await expect(page.getByTestId('event-live')).toBeVisible();
  const slip = page.getByTestId('bet-slip');
  await oddsButton(page, homeOutcome(live!).id).click();
  await expect(slip.getByTestId('slip-selection')).toHaveCount(1);
  await slip.getByTestId('slip-stake').fill('10');
  await slip.getByTestId('slip-accept').selectOption('higher');
  await sandbox(request, `outcomes/${homeOutcome(live!).id}/odds`, { odds: 2.2 });
  await expect(slip.getByTestId('slip-odds')).toContainText('2.20');
  await expect(slip.getByTestId('slip-odds-changed')).toHaveCount(0);
  await expect(slip.getByTestId('slip-payout')).toContainText('22');
  await slip.getByTestId('slip-place').click();
  await expect(slip.getByTestId('slip-selection')).toHaveCount(0);
  await expect.poll(async () => (await myBets(request, token)).length).toBe(1);
  expect((await myBets(request, token))[0]).toMatchObject({ kind: 'single', odds: 2.2, stake: 10 });
  await sandbox(request, `outcomes/${homeOutcome(live!).id}/odds`, { odds: 2 });

  // The express of three from the lists, with "accept none": a change holds the bet until accepted.
  // Each pick on its match's page: the slip stays with the player from page to page.
  for (const event of [second!, third!, fourth!]) await pick(page, event);
  await expect(slip.getByTestId('slip-selection')).toHaveCount(3);
  await slip.getByTestId('slip-kind-express').click();
  await slip.getByTestId('slip-stake').fill('10');
  await slip.getByTestId('slip-accept').selectOption('none');
  await expect(slip.getByTestId('slip-total-odds')).toContainText('8');
  await sandbox(request, `outcomes/${homeOutcome(fourth!).id}/odds`, { odds: 2.5 });
  await expect(slip.getByTestId('slip-odds-changed')).toBeVisible();
  await expect(slip.getByTestId('slip-place')).toHaveCount(0);
  await slip.getByTestId('slip-accept-odds').click();
  await expect(slip.getByTestId('slip-total-odds')).toContainText('10');
  await slip.getByTestId('slip-place').click();
  await expect(slip.getByTestId('slip-selection')).toHaveCount(0);
  await expect.poll(async () => (await myBets(request, token)).length).toBe(2);
  expect((await myBets(request, token))[0]).toMatchObject({
    kind: 'express',
    odds: 10,
    potential_payout: 100,
  });

  // The system 2/3 over the same three.
  for (const event of [second!, third!, fourth!]) await pick(page, event);
  await slip.getByTestId('slip-kind-system').click();
  await slip.getByTestId('slip-system-k').selectOption('2');
  await expect(slip.getByTestId('slip-combinations')).toContainText('3');
  await slip.getByTestId('slip-stake').fill('30');
  await slip.getByTestId('slip-place').click();
  await expect(slip.getByTestId('slip-selection')).toHaveCount(0);
  await expect.poll(async () => (await myBets(request, token)).length).toBe(3);
  expect(await balanceOf(request, token)).toBe(1000 - 10 - 10 - 30);

  // The matches end: the live one, the second and the fourth at home wins, the third away.
  await sandbox(request, `events/${live!.id}/finish`, { home: 2, away: 0 });
  await sandbox(request, `events/${second!.id}/finish`, { home: 1, away: 0 });
  await sandbox(request, `events/${third!.id}/finish`, { home: 0, away: 1 });
  await sandbox(request, `events/${fourth!.id}/finish`, { home: 2, away: 1 });

  // Single 10 × 2.20 = 22 won; express lost (the third leg); system 2/3: only the double of the second and
  // the fourth wins, 10 × 2.00 × 2.50 = 50 (the fourth's rise to 2.50 was accepted for the express).
  await slip.getByTestId('bet-slip-tab-bets').click();
  await slip.getByTestId('my-bets-tab-settled').click();
  const bets = slip.getByTestId('sport-bet');
  await expect(bets).toHaveCount(3, { timeout: 30_000 });
  await expect(bets.getByTestId('sport-bet-status')).toHaveText(['Выиграла', 'Проиграла', 'Выиграла']);
  await expect(bets.nth(0).getByTestId('sport-bet-payout')).toContainText('50');
  await expect(bets.nth(2).getByTestId('sport-bet-payout')).toContainText('22');
  expect(await balanceOf(request, token)).toBe(950 + 22 + 50);
});

for (const locale of ['en', 'kz'] as const) {
  test(`the sportsbook speaks ${locale}`, async ({ page, request }) => {
    const [event] = await upcomingEvents(request);
    await gotoHydrated(page, `/${locale}/betting`);
    await expect(page.getByTestId('events-upcoming')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'kz' ? 'kk-KZ' : 'en-US');
    await gotoHydrated(page, `/${locale}/betting/event/${event!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(event!.home);
    await expect(page.getByTestId('bet-slip')).toContainText(locale === 'kz' ? 'Купон' : 'Bet slip');
  });
}

test.describe('the sportsbook on a phone, before its lists are on screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  // React may send the long event lists after the rest of the page and show them by script, a frame after
  // the first paint (a Suspense boundary over 500 bytes once 12.8 kB of the page have gone out): until
  // then the lists take no room, and what follows them must already be below the first screen.
  for (const path of ['/ru/betting', '/en/betting']) {
    test(`${path}: what follows the lists is below the first screen, so nothing moves when they come`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      await page.addStyleTag({ content: '[data-testid="sportsbook"] { display: none !important; }' });
      const box = await page.getByTestId('betting-slip-column').boundingBox();
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(844);
    });
  }
});
