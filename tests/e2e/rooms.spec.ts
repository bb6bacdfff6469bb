import type { APIRequestContext, Page } from '@playwright/test';
import { API_URL, balanceOf, creditedPlayer, expect, gotoHydrated, test } from './support';

/**
 * The rooms (issue 16): two signed-in players stake in one room, the countdown (5 s on the e2e stack,
 * playwright.config.ts) ends, and both see the same winner, who is paid the pot less 5 %; the finished
 * round's proof checks out in the browser. Once per language, each in a room of its own (the e2e runs
 * share one database and the rooms' pots).
 */
const CASES = [
  { locale: 'ru', room: 'red', stake: 1 },
  { locale: 'en', room: 'yellow', stake: 10 },
  { locale: 'kz', room: 'purple', stake: 50 },
] as const;

/** A new RUB player with `money` on the balance (an operator's credit), signed in on a page of its own. */
async function player(request: APIRequestContext, page: Page, baseURL: string, money: number) {
  const { token } = await creditedPlayer(request, page, baseURL, money, 'rooms');
  const profile = await request.get(`${API_URL}/profile/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { user } = (await profile.json()) as { user: { id: number; name: string | null } };
  return { token, id: user.id, name: user.name ?? `Player ${user.id}` };
}

interface DrawnRound {
  pot: number;
  stakes: { user_id: number }[];
  winner: { user_id: number; player: string; payout: number };
}

async function stake(page: Page, amount: number) {
  await page.getByTestId('bet-amount').fill(String(amount));
  await page.getByTestId('room-stake-button').click();
}

for (const { locale, room, stake: amount } of CASES) {
  test(`two players stake in the ${room} room and both see the same winner (${locale})`, async ({
    page,
    newVisitor,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const other = await (await newVisitor({ locale: 'ru-RU' })).newPage();
    const [first, second] = [
      await player(request, page, baseURL!, 200),
      await player(request, other, baseURL!, 200),
    ];

    const url = `/${locale}/games/rooms/${room}`;
    await gotoHydrated(page, url);
    await gotoHydrated(other, url);
    for (const p of [page, other]) {
      await expect(p.getByTestId('room-phase')).not.toHaveAttribute('data-phase', 'connecting');
      await expect(p.getByTestId('room-stake-form')).toBeVisible();
    }
    // A round of an earlier run still counting down is drawn first (one with a lone stake joins ours).
    await expect(page.getByTestId('room-phase')).toHaveAttribute('data-phase', /empty|waiting/, {
      timeout: 30_000,
    });

    await stake(page, amount);
    for (const p of [page, other]) {
      await expect(p.getByTestId('room-players')).toContainText(first.name);
    }

    await stake(other, amount);
    for (const p of [page, other]) {
      await expect(p.getByTestId('room-players')).toContainText(second.name);
    }
    await expect(page.getByTestId('room-phase')).toHaveAttribute('data-phase', /countdown|drawing|winner/);

    // The countdown ends, the server draws, both wheels stop on the same winner.
    const winnerOf = async (p: Page) => {
      const phase = p.getByTestId('room-phase');
      await expect(phase).toHaveAttribute('data-phase', 'winner', { timeout: 30_000 });
      return phase.getAttribute('data-winner');
    };
    const [seenFirst, seenSecond] = await Promise.all([winnerOf(page), winnerOf(other)]);
    expect(seenFirst).toBe(seenSecond);

    // The round the server drew: both players' stakes in it, its winner the one shown, paid the pot
    // less 5 %; the others lost their stakes.
    const history = await request.get(`${API_URL}/rooms/${room}/history?currency=RUB&limit=1`);
    const [drawn] = ((await history.json()) as { items: DrawnRound[] }).items;
    expect(drawn.stakes.map((s) => s.user_id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(drawn.winner.player).toBe(seenFirst);
    expect(drawn.winner.payout).toBe(Math.round(drawn.pot * 100 - Math.floor(drawn.pot * 5)) / 100);
    for (const one of [first, second]) {
      const won = drawn.winner.user_id === one.id ? drawn.winner.payout : 0;
      expect(await balanceOf(request, one.token)).toBeCloseTo(200 - amount + won, 2);
    }

    // The round is in the last rounds, and its proof checks out in the browser.
    const latest = page.getByTestId('room-history-round').first();
    await expect(latest).toContainText(seenFirst!, { timeout: 15_000 });
    await latest.getByTestId('room-history-verify').click();
    await expect(page.getByTestId('room-verifier-verdict')).toHaveClass(/text-ok/);

    // No sideways scrolling on the room's page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
