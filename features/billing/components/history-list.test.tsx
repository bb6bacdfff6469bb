import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryItem } from '@/features/billing/api/get-history';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { HistoryList } from './history-list';

const server = withMockServer();

const item = (id: number, patch: Partial<HistoryItem> = {}): HistoryItem => ({
  id,
  wallet: 'cash',
  kind: 'deposit',
  amount: 500,
  balance_after: 500,
  currency: 'RUB',
  created_at: '2024-05-01T21:30:00Z',
  description: null,
  ...patch,
});

function answer(total: number, itemsOf: (page: number) => HistoryItem[], seen: URL[] = []) {
  server.use(
    http.get(apiPath('/profile/history'), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json({ items: itemsOf(page), page, per_page: 20, total });
    }),
  );
  return seen;
}

describe('HistoryList', () => {
  beforeEach(() => {
    act(() =>
      useSessionStore.setState({
        token: 't',
        isLoggedIn: true,
        user: { ...testUser, timezone: 'Europe/Moscow' },
      }),
    );
  });

  it('lists kinds translated, amounts signed, dates in the user timezone', async () => {
    answer(2, () => [
      item(1),
      item(2, {
        wallet: 'bonus',
        kind: 'bet',
        amount: -120.5,
        balance_after: 379.5,
        created_at: '2024-05-02T08:00:00Z',
      }),
    ]);
    renderWithApp(<HistoryList />);
    const rows = await screen.findAllByTestId('history-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('history-kind')).toHaveTextContent('Deposit');
    expect(within(rows[0]).getByTestId('history-amount')).toHaveTextContent('+₽500.00');
    expect(rows[0]).toHaveTextContent('May 2, 2024'); // 21:30 UTC is past midnight in Moscow
    expect(within(rows[1]).getByTestId('history-kind')).toHaveTextContent('Bet');
    expect(within(rows[1]).getByTestId('history-amount')).toHaveTextContent('−₽120.50');
    expect(rows[1]).toHaveTextContent('Bonus balance: ₽379.50');
    expect(rows[0]).toHaveTextContent('Balance: ₽500.00');
    expect(screen.queryByTestId('history-next')).toBeNull();
  });

  it('names the game and the bet of a game movement with its translated name', async () => {
    answer(2, () => [
      item(7, { kind: 'win', amount: 19.8, game: 'dice', bet_id: 42, description: 'Dice win #42' }),
      item(6, { kind: 'bet', amount: -10, game: 'cases', bet_id: 41, description: 'Case bet #41' }),
    ]);
    renderWithApp(<HistoryList />);
    const rows = await screen.findAllByTestId('history-item');
    expect(within(rows[0]).getByTestId('history-kind')).toHaveTextContent('Win');
    expect(within(rows[0]).getByTestId('history-game')).toHaveTextContent('Dice · bet #42');
    expect(within(rows[1]).getByTestId('history-game')).toHaveTextContent('Case · bet #41');
    expect(screen.queryByText('Dice win #42')).toBeNull();
  });

  it('names the crash game of a crash bet, win and refund, translated', async () => {
    answer(3, () => [
      item(9, {
        kind: 'win',
        amount: 5,
        game: 'crash',
        crash_game: 77,
        refund: true,
        description: 'Crash game interrupted: stake returned',
      }),
      item(8, {
        kind: 'win',
        amount: 12.5,
        game: 'crash',
        crash_game: 76,
        description: 'Crash win (game #76)',
      }),
      item(7, {
        kind: 'bet',
        amount: -10,
        game: 'crash',
        crash_game: 76,
        description: 'Crash bet (game #76)',
      }),
    ]);
    renderWithApp(<HistoryList />);
    const rows = await screen.findAllByTestId('history-item');
    expect(within(rows[0]).getByTestId('history-game')).toHaveTextContent(
      'Crash · game #77 · stake returned (the game was interrupted)',
    );
    expect(within(rows[1]).getByTestId('history-game')).toHaveTextContent('Crash · game #76');
    expect(within(rows[2]).getByTestId('history-game')).toHaveTextContent('Crash · game #76');
    expect(screen.queryByText(/Crash (bet|win) \(game/)).toBeNull();
    expect(screen.queryByText('Crash game interrupted: stake returned')).toBeNull();
  });

  it('names the game code and round of a slot bet, win, free-round win and stake returned, translated', async () => {
    answer(4, () => [
      item(14, {
        kind: 'win',
        amount: 1,
        slot_game: 'studio-fruits',
        slot_round: 'R-78',
        refund: true,
        description: 'Slot studio-fruits: stake returned (round R-78)',
      }),
      item(13, {
        kind: 'win',
        amount: 2.5,
        slot_game: 'studio-fruits',
        slot_round: 'R-77',
        free: true,
        description: 'Slot studio-fruits: free round win (round R-77)',
      }),
      item(12, {
        kind: 'win',
        amount: 5,
        slot_game: 'studio-fruits',
        slot_round: 'R-76',
        description: 'Slot studio-fruits: win (round R-76)',
      }),
      item(11, {
        kind: 'bet',
        amount: -2,
        slot_game: 'studio-fruits',
        slot_round: 'R-76',
        description: 'Slot studio-fruits: bet (round R-76)',
      }),
    ]);
    renderWithApp(<HistoryList />);
    const rows = await screen.findAllByTestId('history-item');
    expect(rows.map((row) => within(row).getByTestId('history-game').textContent)).toEqual([
      'studio-fruits · round R-78 · stake returned',
      'studio-fruits · round R-77 · free round',
      'studio-fruits · round R-76',
      'studio-fruits · round R-76',
    ]);
    expect(screen.queryByText(/^Slot studio-fruits/)).toBeNull();
  });

  it('pages by 20', async () => {
    const seen = answer(45, (page) => [item(page * 100)]);
    renderWithApp(<HistoryList />);
    expect(await screen.findByTestId('history-page')).toHaveTextContent('Page 1 of 3');
    expect(seen[0].searchParams.get('per_page')).toBe('20');
    await userEvent.click(screen.getByTestId('history-next'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(seen.at(-1)?.searchParams.get('page')).toBe('2');
    expect(screen.getByTestId('history-prev')).toBeEnabled();
  });

  it('says when there is nothing yet', async () => {
    answer(0, () => []);
    renderWithApp(<HistoryList />);
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('No operations yet');
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    server.use(
      http.get(apiPath('/profile/history'), () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 400 })
          : HttpResponse.json({ items: [item(1)], page: 1, per_page: 20, total: 1 }),
      ),
    );
    renderWithApp(<HistoryList />);
    expect(await screen.findByTestId('history-error')).toHaveTextContent('The history could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByTestId('history-retry'));
    expect(await screen.findAllByTestId('history-item')).toHaveLength(1);
  });
});
