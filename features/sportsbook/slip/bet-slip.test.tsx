import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import messages from '@/messages/en.json';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { plainSpaces, signInTestUser } from '@/tests/mocks/signed-in';
import { slipSelection, sportsBetsHandlers, unprocessable } from '@/tests/mocks/sports-bets-handlers';
import { renderWithApp, testQueryClient } from '@/tests/utils/render-with-app';
import { sportsBetKeys } from '../bets/api/query-keys';
import { BetSlip } from './bet-slip';
import { useSlipStore, type SlipSelection } from './slip-store';

/** The socket: each followed topic's listener, so a test can send it the hub's messages. */
const topics = vi.hoisted(() => new Map<string, (event: RealtimeEvent) => void>());
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (_service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    if (topic) topics.set(topic, onEvent);
    return 'open';
  },
}));

const server = withMockServer(createMockServer(...sportsBetsHandlers().handlers));

/** Answers the calls with these options for this test, and records them. */
function sports(options: Parameters<typeof sportsBetsHandlers>[0] = {}) {
  const { handlers, calls } = sportsBetsHandlers(options);
  server.use(...handlers);
  return calls;
}

/** Adds an outcome as the event lists do (the odds button's `toggle`). */
function pick(selection: SlipSelection) {
  const { addedOdds: _added, suspended: _suspended, ...picked } = selection;
  act(() => useSlipStore.getState().toggle(picked));
}

const e1 = slipSelection(1, 1.85);
const e2 = slipSelection(2, 2.1, {
  market_key: 'total',
  market_id: 'e2:total:2.5',
  outcome_id: 'e2:total:2.5:over',
  code: 'over',
  line: 2.5,
});
const e3 = slipSelection(3, 1.5, { code: '2', outcome_id: 'e3:1x2:2' });
const e4 = slipSelection(4, 2);

const panel = () => within(screen.getByTestId('bet-slip'));
const rows = () => panel().getAllByTestId('slip-selection');
const payout = () => plainSpaces(panel().getByTestId('slip-payout').textContent);
const row = (outcomeId: string) =>
  within(rows().find((r) => r.dataset.outcome === outcomeId) ?? (undefined as never));

async function typeStake(value: string) {
  const input = panel().getByTestId('slip-stake');
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

/** Sends a change of one event on its topic, as the hub does. */
function patch(eventId: string, markets: unknown[], status?: string) {
  const listener = topics.get(`sports:${eventId}`);
  if (!listener) throw new Error(`nobody follows sports:${eventId}`);
  act(() => listener({ topic: `sports:${eventId}`, type: 'event', event: { id: eventId, status, markets } }));
}
const market = (id: string, status: string, outcomes: [string, number][]) => ({
  id,
  key: '1x2',
  period: null,
  line: null,
  status,
  outcomes: outcomes.map(([outcome, odds]) => ({ id: outcome, code: '1', odds, result: null })),
});

beforeEach(() => {
  topics.clear();
  window.localStorage.clear();
  act(() =>
    useSlipStore.setState({
      selections: [],
      kind: 'single',
      systemK: 2,
      accept: 'higher',
      stake: '',
      open: false,
    }),
  );
});

afterEach(() => {
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('the bet slip', () => {
  it('shows the picked outcomes with their names and odds, and the potential payout computed from them', async () => {
    sports();
    renderWithApp(<BetSlip />);
    expect(panel().getByTestId('slip-empty')).toHaveTextContent('The slip is empty');
    pick(e1);
    pick(e2);
    pick(e3);
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent('Home 1 – Away 1');
    expect(rows()[0]).toHaveTextContent('Match result');
    expect(within(rows()[0]).getByTestId('slip-odds')).toHaveTextContent('1.85');
    expect(rows()[1]).toHaveTextContent('Total');
    expect(rows()[1]).toHaveTextContent('Over 2.5');
    expect(rows()[2]).toHaveTextContent('Away 3');
    expect(screen.getByTestId('bet-slip-button')).toHaveTextContent('Bet slip · 3');

    // Three events: an express. 1.85 × 2.10 × 1.50 = 5.8275; 10 × 5.8275 = 58.275 → ₽58.27.
    expect(panel().getByTestId('slip-kind-express')).toHaveAttribute('aria-selected', 'true');
    await typeStake('10');
    expect(panel().getByTestId('slip-total-odds')).toHaveTextContent('5.827');
    expect(payout()).toBe('₽58.27');
    expect(panel().getByTestId('slip-sign-in')).toHaveTextContent('Sign in to bet');

    // The odds move live: the payout follows and the row is marked (10 × 1.85 × 2.20 × 1.50 = 61.05).
    patch('e2', [market('e2:total:2.5', 'open', [['e2:total:2.5:over', 2.2]])]);
    expect(payout()).toBe('₽61.05');
    expect(row('e2:total:2.5:over').getByTestId('slip-move')).toHaveAttribute('data-move', 'up');
    expect(row('e2:total:2.5:over').getByTestId('slip-move')).toHaveTextContent('Odds rose from 2.10');
    expect(row('e1:1x2:1').queryByTestId('slip-move')).toBeNull();

    // A suspended market locks its selection.
    patch('e1', [market('e1:1x2', 'suspended', [['e1:1x2:1', 1.85]])]);
    expect(row('e1:1x2:1').getByTestId('slip-locked')).toHaveTextContent('Betting suspended');
    expect(panel().getByTestId('slip-suspended-note')).toBeInTheDocument();

    // Removing one leaves two.
    await userEvent.click(row('e3:1x2:2').getByRole('button', { name: 'Remove Away 3' }));
    expect(rows()).toHaveLength(2);
    expect(useSlipStore.getState().selections.map((s) => s.event_id)).toEqual(['e1', 'e2']);
  });

  it('switches kinds: an express from two events, a system k/n from three with its combinations, singles with one stake each', async () => {
    sports();
    renderWithApp(<BetSlip />);
    pick(e1);
    expect(panel().getByTestId('slip-kind-express')).toBeDisabled();
    expect(panel().getByTestId('slip-kind-system')).toBeDisabled();
    pick(e2);
    expect(panel().getByTestId('slip-kind-express')).toBeEnabled();
    expect(panel().getByTestId('slip-kind-system')).toBeDisabled();
    pick(e3);
    await userEvent.click(panel().getByTestId('slip-kind-system'));
    const k = panel().getByTestId('slip-system-k') as HTMLSelectElement;
    expect([...k.options].map((o) => o.textContent)).toEqual(['2/3 · 3 combinations']);
    // 30 over three doubles, 10 each: 10 × 3.885 + 10 × 2.775 + 10 × 3.15 = 98.10.
    await typeStake('30');
    expect(panel().getByTestId('slip-combinations')).toHaveTextContent('3');
    expect(plainSpaces(panel().getByTestId('slip-system-note').textContent)).toContain(
      '3 combinations: ₽10.00 each',
    );
    expect(payout()).toBe('₽98.10');

    pick(e4);
    expect([...k.options].map((o) => o.textContent)).toEqual([
      '2/4 · 6 combinations',
      '3/4 · 4 combinations',
    ]);
    await userEvent.selectOptions(k, '3');
    // 40 over four trebles, 10 each: 58.275 + 77.70 + 55.50 + 63.00 = 254.475 → ₽254.47.
    await typeStake('40');
    expect(payout()).toBe('₽254.47');
    expect(useSlipStore.getState().systemK).toBe(3);

    // Singles: one bet per selection, each with the stake (10 × (1.85 + 2.10 + 1.50 + 2.00) = 74.50).
    await userEvent.click(panel().getByTestId('slip-kind-single'));
    await typeStake('10');
    expect(plainSpaces(panel().getByTestId('slip-singles-note').textContent)).toBe(
      '4 singles, one per selection, each with this stake: ₽40.00 in all.',
    );
    expect(payout()).toBe('₽74.50');
    expect(panel().queryByTestId('slip-system-k')).toBeNull();
  });

  it('places an express with the odds shown and a fresh key, then empties the slip but keeps the stake', async () => {
    signInTestUser({ balance: 1_000 });
    const calls = sports();
    const { queryClient } = renderWithApp(<BetSlip />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    pick(e1);
    pick(e2);
    await typeStake('25');
    await userEvent.selectOptions(panel().getByTestId('slip-accept'), 'any');
    await userEvent.click(panel().getByTestId('slip-place'));

    expect(await screen.findByTestId('notification-success')).toHaveTextContent('Bet placed');
    expect(calls.placed).toEqual([
      {
        kind: 'express',
        stake: 25,
        accept: 'any',
        selections: [
          { outcome_id: 'e1:1x2:1', odds: 1.85 },
          { outcome_id: 'e2:total:2.5:over', odds: 2.1 },
        ],
        key: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
      },
    ]);
    expect(panel().getByTestId('slip-empty')).toBeInTheDocument();
    expect(useSlipStore.getState().stake).toBe('25');
    expect(JSON.parse(window.localStorage.getItem('sports-slip') ?? '{}')).toMatchObject({
      selections: [],
      stake: '25',
    });
    // The header shows the balance the server answered; the player's bets are read again.
    expect(useSessionStore.getState().user?.balance).toBe(900);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sportsBetKeys.all });
  });

  it('places one single per selection, each with the stake and its own key', async () => {
    signInTestUser();
    const calls = sports();
    renderWithApp(<BetSlip />);
    pick(e1);
    pick(e3);
    await userEvent.click(panel().getByTestId('slip-kind-single'));
    await typeStake('10');
    expect(panel().getByTestId('slip-place')).toHaveTextContent('Place 2 bets');
    await userEvent.click(panel().getByTestId('slip-place'));
    expect(await screen.findByTestId('notification-success')).toHaveTextContent('2 bets placed');
    expect(calls.placed.map(({ key: _key, ...body }) => body)).toEqual([
      { kind: 'single', stake: 10, accept: 'higher', selections: [{ outcome_id: 'e1:1x2:1', odds: 1.85 }] },
      { kind: 'single', stake: 10, accept: 'higher', selections: [{ outcome_id: 'e3:1x2:2', odds: 1.5 }] },
    ]);
    expect(calls.placed[0].key).not.toBe(calls.placed[1].key);
    expect(useSlipStore.getState().selections).toEqual([]);
  });

  it('takes the server’s new odds on odds_changed, marks them and places only after they are accepted', async () => {
    signInTestUser();
    const calls = sports({
      place: (_body, call) =>
        call === 1
          ? unprocessable({
              selections: ['odds_changed: The odds of a selection changed.'],
              odds: ['e2:total:2.5:over: 1.95'],
            })
          : { bet: { ...placedBet }, balance: 500 },
    });
    renderWithApp(<BetSlip />);
    pick(e1);
    pick(e2);
    act(() => useSlipStore.getState().setAccept('none'));
    await typeStake('10');
    await userEvent.click(panel().getByTestId('slip-place'));

    const changed = await panel().findByTestId('slip-odds-changed');
    expect(changed).toHaveTextContent('Odds changed');
    expect(row('e2:total:2.5:over').getByTestId('slip-odds')).toHaveTextContent('1.95');
    expect(row('e2:total:2.5:over').getByTestId('slip-move')).toHaveTextContent('Odds fell from 2.10');
    // 10 × 1.85 × 1.95 = 36.075 → ₽36.07, recomputed with the new odds.
    expect(payout()).toBe('₽36.07');
    expect(panel().queryByTestId('slip-place')).toBeNull();
    expect(screen.queryByTestId('notification-error')).toBeNull();

    await userEvent.click(panel().getByRole('button', { name: 'Accept new odds' }));
    expect(panel().queryByTestId('slip-odds-changed')).toBeNull();
    expect(row('e2:total:2.5:over').queryByTestId('slip-move')).toBeNull();
    await userEvent.click(panel().getByTestId('slip-place'));
    await screen.findByTestId('notification-success');
    expect(calls.placed).toHaveLength(2);
    expect(calls.placed[1].selections).toEqual([
      { outcome_id: 'e1:1x2:1', odds: 1.85 },
      { outcome_id: 'e2:total:2.5:over', odds: 1.95 },
    ]);
    expect(calls.placed[1].key).not.toBe(calls.placed[0].key);
  });

  it('shows stake refusals under the field, locks a suspended selection and notifies the rest', async () => {
    signInTestUser();
    let answer = unprocessable({ stake: ['insufficient_funds: Not enough money.'] });
    sports({ place: () => answer });
    renderWithApp(<BetSlip />);
    pick(e1);
    await typeStake('5');
    // Below the limits of GET /sports/limits (10 to 50 000): said at once, nothing sent.
    expect(await panel().findByTestId('slip-stake-error')).toHaveTextContent('The smallest stake is ₽10.00.');
    expect(panel().getByTestId('slip-place')).toBeDisabled();

    await typeStake('50');
    await userEvent.click(panel().getByTestId('slip-place'));
    expect(await panel().findByTestId('slip-stake-error')).toHaveTextContent(
      'Not enough money on the balance.',
    );
    await userEvent.click(panel().getByRole('button', { name: 'Top up' }));
    expect(useModalStore.getState().isOpen(MODAL.PayIn)).toBe(true);

    answer = unprocessable({ selections: ['suspended: e1:1x2:1'] });
    await userEvent.click(panel().getByTestId('slip-place'));
    expect(await row('e1:1x2:1').findByTestId('slip-locked')).toBeInTheDocument();
    expect(panel().getByTestId('slip-place')).toBeDisabled();

    act(() => useSlipStore.getState().updateOdds('e1:1x2:1', 1.85, false));
    answer = unprocessable({ selections: ['unknown: No such outcome.'] });
    await userEvent.click(panel().getByTestId('slip-place'));
    expect(await screen.findByTestId('notification-error')).toHaveTextContent(
      'A selection is no longer offered: remove it.',
    );
    expect(rows()).toHaveLength(1);
  });

  it('asks a guest to sign in instead of placing', async () => {
    const calls = sports();
    renderWithApp(<BetSlip />);
    pick(e1);
    await typeStake('10');
    expect(panel().queryByTestId('slip-place')).toBeNull();
    await userEvent.click(panel().getByRole('button', { name: 'Sign in to bet' }));
    expect(useModalStore.getState().isOpen(MODAL.login)).toBe(true);
    expect(calls.placed).toEqual([]);
  });

  it('opens as a sheet from the floating button on a phone, and Escape closes it', async () => {
    sports();
    renderWithApp(<BetSlip />);
    pick(e1);
    await userEvent.click(screen.getByRole('button', { name: 'Bet slip · 1' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bet slip' });
    expect(within(sheet).getAllByTestId('slip-selection')).toHaveLength(1);
    fireEvent.keyDown(sheet, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSlipStore.getState().open).toBe(false);
  });

  it('renders no persisted selection in the server’s HTML, so hydration matches', () => {
    act(() => useSlipStore.setState({ selections: [e1, e2], kind: 'express', stake: '10' }));
    const html = renderToString(
      <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
        <QueryClientProvider client={testQueryClient()}>
          <BetSlip />
        </QueryClientProvider>
      </NextIntlClientProvider>,
    );
    expect(html).toContain('Bet slip · 0');
    expect(html).not.toContain('Home 1');
  });
});

const placedBet = {
  id: 9,
  kind: 'express',
  system_k: null,
  currency: 'RUB',
  stake: 10,
  odds: 3.607,
  potential_payout: 36.07,
  status: 'open',
  payout: null,
  cashout: null,
  created_at: '2026-03-14T18:00:00.000Z',
  settled_at: null,
  legs: [],
};
