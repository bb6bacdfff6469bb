import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Component, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { caseItemForRoll, caseRoll } from '@/lib/fair/games/cases';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { caseBet, TEST_CASE_ITEMS, TEST_SEEDS } from '../fair/test-bets';
import { gameHandlers, logIn, logOut, unprocessable } from '../shared/testing/game-fixtures';
import type { CaseDetail } from '../api/get-case';
import { CaseGame } from './case-game';
import { CasesLobby } from './cases-lobby';

/** Catches what a render throws, as Next's not-found boundary would. */
class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const digest = (this.state.error as { digest?: string } | null)?.digest;
    return this.state.error ? <p data-testid="boundary">{digest}</p> : this.props.children;
  }
}

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));

const server = withMockServer();

const detail: CaseDetail = {
  slug: 'gold-rush',
  name: 'Gold Rush',
  price: 50,
  currency: 'RUB',
  rtp: 0.6 * 0.5 + 0.35 * 1.2 + 0.05 * 5.4,
  image: null,
  items: TEST_CASE_ITEMS.map((item) => ({ ...item, range: [...item.range] as [number, number] })),
};

function casesServer() {
  const opened: unknown[] = [];
  server.use(
    ...gameHandlers(),
    http.get(apiPath('/cases'), ({ request }) => {
      const currency = new URL(request.url).searchParams.get('currency');
      const { items: _items, ...summary } = detail;
      return HttpResponse.json({ items: [{ ...summary, currency }] });
    }),
    http.get(apiPath('/cases/:slug'), ({ params }) =>
      params.slug === 'gold-rush'
        ? HttpResponse.json(detail)
        : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.post(apiPath('/cases/:slug/open'), async ({ request }) => {
      opened.push(await request.json());
      const bet = caseBet(31);
      if (bet.game !== 'cases') throw new Error('fixture');
      const payout = Math.floor(detail.price * bet.outcome.item.multiplier * 100) / 100;
      return HttpResponse.json({
        bet: { ...bet, amount: detail.price, payout, multiplier: bet.outcome.item.multiplier },
        balance: 100 - detail.price + payout,
      });
    }),
  );
  return opened;
}

describe('CasesLobby', () => {
  beforeEach(() => logOut());

  it("lists the cases with the guest's default currency price and RTP", async () => {
    casesServer();
    renderWithApp(<CasesLobby />);
    const card = await screen.findByTestId('case-card');
    expect(card).toHaveTextContent('Gold Rush');
    expect(within(card).getByTestId('case-price')).toHaveTextContent('₽50.00');
    expect(card).toHaveTextContent('RTP 99.00%');
    expect(card).toHaveAttribute('href', '/games/cases/gold-rush');
  });
});

describe('CaseGame', () => {
  beforeEach(() => logOut());

  it('shows the items and, after opening, the won item and the payout', async () => {
    logIn();
    const opened = casesServer();
    renderWithApp(<CaseGame slug="gold-rush" spinMs={0} />);
    const rows = await screen.findAllByTestId('case-item');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CommonCopper coin60.00%0.50×₽25.00',
      'RareSilver bar35.00%1.20×₽60.00',
      'LegendaryGold crown5.00%5.40×₽270.00',
    ]);
    await userEvent.click(screen.getByTestId('case-open'));
    const table = TEST_CASE_ITEMS.map((item) => ({ id: item.id, from: item.range[0], to: item.range[1] }));
    const expected = TEST_CASE_ITEMS.find(
      (item) => item.id === caseItemForRoll(table, caseRoll(TEST_SEEDS)).id,
    )!;
    expect(await screen.findByTestId('case-won-item')).toHaveTextContent(expected.name);
    const payout = (Math.floor(50 * expected.multiplier * 100) / 100).toFixed(2);
    expect(screen.getByTestId('case-payout')).toHaveTextContent(`₽${payout}`);
    expect(opened).toEqual([{ idempotency_key: expect.any(String) }]);
  });

  it('spins the strip with the animation on and then shows the won item', async () => {
    logIn();
    casesServer();
    renderWithApp(<CaseGame slug="gold-rush" spinMs={40} />);
    await userEvent.click(await screen.findByTestId('case-open'));
    expect(await screen.findByText('Opening…')).toBeInTheDocument();
    const table = TEST_CASE_ITEMS.map((item) => ({ id: item.id, from: item.range[0], to: item.range[1] }));
    const expected = TEST_CASE_ITEMS.find(
      (item) => item.id === caseItemForRoll(table, caseRoll(TEST_SEEDS)).id,
    )!;
    expect(await screen.findByTestId('case-won-item')).toHaveTextContent(expected.name);
    expect(screen.getByTestId('case-open')).toBeEnabled();
  });

  it('shows a 422 from the server', async () => {
    logIn();
    casesServer();
    server.use(
      http.post(apiPath('/cases/:slug/open'), () => unprocessable({ slug: ['unavailable: closed'] })),
    );
    renderWithApp(<CaseGame slug="gold-rush" spinMs={0} />);
    await userEvent.click(await screen.findByTestId('case-open'));
    expect(await screen.findByText('This option is unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId('case-won-item')).toBeNull();
  });

  it('is the 404 page for an unknown case', async () => {
    casesServer();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(
      <Boundary>
        <CaseGame slug="no-such-case" />
      </Boundary>,
    );
    expect(await screen.findByTestId('boundary')).toHaveTextContent('NEXT_HTTP_ERROR_FALLBACK;404');
    spy.mockRestore();
  });
});
