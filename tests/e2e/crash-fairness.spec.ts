import {
  describeAxe,
  measureHeader,
  measureOverflow,
  oneRow,
  checkedAxeViolations,
  settle,
  trackApiRequests,
} from './layout-checks';
import { API_URL, expect, gotoHydrated, test } from './support';

/**
 * Known answers from the public bustabit verifier (lib/fair/crash.test.ts): with this salt, this game has
 * crash point 1.62 and its previous hash is the chain's terminating hash (it is game 1).
 */
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const GAME_1 = '754ff0eebd65303f0509edd16388e11e1bc17ae59e0ee52e0c74ff0e2ca3c94c';
const TERMINATING = '4ed6a36f24aa8a57de9deca4b83e1fc1f25cf3eafb26d800ace17c1a0268d1af';

interface Fairness {
  terminating_hash: string | null;
  salt: string | null;
}
interface History {
  items: { id: number; hash: string; crash_point: number; started_at: string }[];
}

test('crash: the fairness section shows the chain as the API publishes it and verifies a game in the browser, without sideways scroll at 390 px', async ({
  page,
  request,
}) => {
  // The e2e database is shared: whatever chain (or none) it holds, the page must show the same.
  const fairness = (await (await request.get(`${API_URL}/crash/fairness`)).json()) as Fairness;
  const pending = trackApiRequests(page);
  await gotoHydrated(page, '/en/games/crash');

  // The live game comes first; the section sits below it.
  await expect(page.getByTestId('game-crash')).toBeVisible();
  const section = page.getByTestId('crash-fairness');
  await expect(section.getByRole('heading', { level: 2, name: 'Provably fair' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'How it works' })).toBeVisible();
  if (fairness.terminating_hash) {
    await expect(section.getByTestId('crash-terminating-hash')).toHaveText(fairness.terminating_hash);
  } else {
    await expect(section.getByTestId('crash-not-published')).toContainText('Not published yet.');
  }
  if (fairness.salt) await expect(section.getByTestId('crash-salt')).toHaveText(fairness.salt);
  else await expect(section.getByTestId('crash-salt-not-set')).toContainText('Not set yet.');
  await expect(
    section.getByTestId('crash-history').or(section.getByTestId('crash-history-empty')),
  ).toBeVisible();

  // The verifier: a malformed hash gets a field error, the known game its known answer.
  const hash = page.getByLabel('Game hash');
  await hash.fill(GAME_1.toUpperCase());
  await page.getByTestId('crash-verify-submit').click();
  await expect(hash).toHaveAttribute('aria-invalid', 'true');
  await expect(hash).toHaveAccessibleDescription(
    'A game hash is 64 characters: digits and lowercase letters a–f',
  );
  await hash.fill(GAME_1);
  await page.getByLabel('Salt (optional)').fill(SALT);
  await page.getByLabel('Terminating hash (optional)').fill(TERMINATING);
  await page.getByTestId('crash-verify-submit').click();
  await expect(page.getByTestId('crash-verify-point')).toHaveText('1.62×');
  await expect(page.getByTestId('crash-verify-previous')).toHaveText(TERMINATING);
  await expect(page.getByTestId('crash-verify-chain')).toContainText(
    'Leads back to the terminating hash: this is game 1 of the chain.',
  );

  // A finished game of the stack, if the page lists one, gives in the browser the point the server stored.
  // The page read its list when it loaded; games finished since are not in it, so the test takes the
  // newest game the page shows and looks it up in the API's history.
  const verifyButtons = section.getByRole('button', { name: /^Verify game #\d+$/ });
  if (fairness.salt && (await verifyButtons.count()) > 0) {
    const id = Number(/#(\d+)$/.exec((await verifyButtons.first().getAttribute('aria-label')) ?? '')?.[1]);
    const history = (await (await request.get(`${API_URL}/crash/history?limit=100`)).json()) as History;
    const game = history.items.find((item) => item.id === id);
    expect(game, `game #${id} the page lists is in the API's history`).toBeDefined();
    await page.getByLabel('Salt (optional)').fill('');
    await page.getByLabel('Terminating hash (optional)').fill('');
    await verifyButtons.first().click();
    await expect(hash).toHaveValue(game!.hash);
    await expect(page.getByTestId('crash-verify-point')).toHaveText(
      `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(game!.crash_point)}×`,
    );
  }

  // The header is still one row on a desktop.
  const header = await measureHeader(page);
  expect(oneRow(header.rowItems), JSON.stringify(header.rowItems)).toBe(true);

  // At 390 px, nothing scrolls sideways, and axe finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page, pending);
  const overflow = await measureOverflow(page);
  expect(
    overflow.scrollWidth,
    `scrolls sideways; widest: ${JSON.stringify(overflow.widest)}; starts: ${JSON.stringify(overflow.origins)}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
  expect(describeAxe(await checkedAxeViolations(page))).toBe('');

  // The Russian page too (its labels are longer): no sideways scroll, nothing serious for axe.
  await gotoHydrated(page, '/ru/games/crash');
  await expect(page.getByTestId('crash-fairness').getByRole('heading', { level: 2 })).toHaveText(
    'Честная игра',
  );
  await settle(page, pending);
  const ruOverflow = await measureOverflow(page);
  expect(ruOverflow.scrollWidth, JSON.stringify(ruOverflow.origins)).toBeLessThanOrEqual(
    ruOverflow.clientWidth,
  );
  expect(describeAxe(await checkedAxeViolations(page))).toBe('');
});
