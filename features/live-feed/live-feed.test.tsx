import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedMessage, type FeedItem } from '@/lib/contracts/feed';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import ru from '@/messages/ru.json';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { applyFeedEvent, checkFeedMessage, EMPTY_FEED } from './feed-state';
import { LiveFeed } from './live-feed';

const followed: Array<{ topic: string | null; onEvent: (event: RealtimeEvent) => void }> = [];
let connection = 'open';
vi.mock('@/lib/realtime/use-topic', () => ({
  useRealtimeTopic: (_service: string, topic: string | null, onEvent: (event: RealtimeEvent) => void) => {
    followed.push({ topic, onEvent });
    return connection;
  },
}));

const item = (id: number, fields: Partial<FeedItem> = {}): FeedItem => ({
  id: `dice:${id}`,
  game: 'dice',
  player: `Player ${id}`,
  currency: 'RUB',
  amount: 10,
  payout: 19.8,
  multiplier: 1.98,
  at: new Date(Date.UTC(2026, 10, 26, 10, 0, id)).toISOString(),
  ...fields,
});

const snapshot = (bets: FeedItem[], big: FeedItem[] = []): RealtimeEvent => ({
  topic: 'feed',
  type: 'snapshot',
  bets,
  big_wins: big,
});
const bets = (items: FeedItem[]): RealtimeEvent => ({ topic: 'feed', type: 'bets', items });

describe('the feed check without zod', () => {
  it('accepts and refuses the same messages as the contract', () => {
    const samples: unknown[] = [
      snapshot([item(1), item(2, { player: null })], [item(3, { multiplier: 20 })]),
      bets([item(4)]),
      bets([]),
      { ...bets([item(5)]), extra: 1 },
      bets([{ ...item(6), currency: 'GBP' } as unknown as FeedItem]),
      bets([{ ...item(7), player: 7 } as unknown as FeedItem]),
      { topic: 'feed', type: 'bets' },
      { topic: 'crash', type: 'bets', items: [] },
      snapshot([item(8)]).bets,
      null,
    ];
    for (const sample of samples) {
      let checked = true;
      try {
        checkFeedMessage(sample);
      } catch {
        checked = false;
      }
      expect(checked, JSON.stringify(sample)).toBe(feedMessage.safeParse(sample).success);
    }
  });
});

describe('the feed state', () => {
  it('takes the snapshot, then puts new bets first (each once) and big wins in their list', () => {
    let state = applyFeedEvent(EMPTY_FEED, snapshot([item(2), item(1)]), 3);
    expect(state.loaded).toBe(true);
    state = applyFeedEvent(state, bets([item(2), item(3), item(4, { multiplier: 12, payout: 120 })]), 3);
    expect(state.bets.map((b) => b.id)).toEqual(['dice:4', 'dice:3', 'dice:2']);
    expect(state.bigWins.map((b) => b.id)).toEqual(['dice:4']);
    expect(applyFeedEvent(state, { topic: 'feed', type: 'bets', items: [{ id: 1 }] }, 3)).toBe(state);
  });
});

describe('the live feed', () => {
  beforeEach(() => {
    followed.length = 0;
    connection = 'open';
  });

  const last = () => followed.at(-1)!;

  it('follows the feed, shows bets with the game, the player or "Hidden", and switches to big wins', async () => {
    renderWithApp(<LiveFeed />);
    expect(last().topic).toBe('feed');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the latest bets');
    act(() => last().onEvent(snapshot([item(1, { player: null, game: 'coinflip' })], [])));
    act(() => last().onEvent(bets([item(2, { multiplier: 50, payout: 500 })])));
    const rows = screen.getAllByTestId('live-feed-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Player 2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('50.00×')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Coinflip')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Hidden')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Big wins' }));
    expect(screen.getByRole('tab', { name: 'Big wins' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('live-feed-row')).toHaveLength(1);
  });

  it('says when there is nothing yet, in Russian too, and when it reconnects', () => {
    connection = 'reconnecting';
    render(
      <NextIntlClientProvider locale="ru" messages={ru} timeZone="UTC">
        <LiveFeed />
      </NextIntlClientProvider>,
    );
    act(() => last().onEvent(snapshot([])));
    expect(screen.getByTestId('live-feed-empty')).toHaveTextContent('Ставок пока нет');
    expect(screen.getByRole('status')).toHaveTextContent('Переподключение');
  });
});
