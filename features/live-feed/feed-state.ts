import type { z } from 'zod';
import { array, literal, nullable, number, object, oneOf, string, union, type Check } from '@/lib/api/check';
import { CURRENCIES } from '@/lib/constants/currencies';
import { BIG_WIN_MULTIPLIER } from '@/lib/constants/feed';
import type { FeedItem, feedMessage } from '@/lib/contracts/feed';
import type { RealtimeEvent } from '@/lib/realtime/connection';

/**
 * The feed's messages checked without zod (lib/api/check.ts): the feed is on the home page and under
 * every game, whose first load carries no zod. feed-state.test.ts proves it agrees with the contract.
 */
const feedItem: Check<FeedItem> = object({
  id: string,
  game: string,
  player: nullable(string),
  currency: oneOf(CURRENCIES),
  amount: number,
  payout: number,
  multiplier: number,
  at: string,
});

export const checkFeedMessage: Check<z.infer<typeof feedMessage>> = union(
  object({
    topic: literal('feed'),
    type: literal('snapshot'),
    bets: array(feedItem),
    big_wins: array(feedItem),
  }),
  object({ topic: literal('feed'), type: literal('bets'), items: array(feedItem) }),
);

export interface FeedState {
  /** Whether the snapshot came (before it, the feed is loading). */
  loaded: boolean;
  /** Newest first. */
  bets: FeedItem[];
  bigWins: FeedItem[];
}

export const EMPTY_FEED: FeedState = { loaded: false, bets: [], bigWins: [] };

/** The feed after one event of the `feed` topic, keeping the newest `rows`; a malformed event changes nothing. */
export function applyFeedEvent(state: FeedState, event: RealtimeEvent, rows: number): FeedState {
  let message: z.infer<typeof feedMessage>;
  try {
    message = checkFeedMessage(event);
  } catch {
    return state;
  }
  if (message.type === 'snapshot') {
    return { loaded: true, bets: message.bets.slice(0, rows), bigWins: message.big_wins.slice(0, rows) };
  }
  const newest = [...message.items].reverse();
  const known = new Set(state.bets.map((item) => item.id));
  const fresh = newest.filter((item) => !known.has(item.id));
  const big = fresh.filter((item) => item.multiplier >= BIG_WIN_MULTIPLIER);
  return {
    loaded: state.loaded,
    bets: [...fresh, ...state.bets].slice(0, rows),
    bigWins: big.length > 0 ? [...big, ...state.bigWins].slice(0, rows) : state.bigWins,
  };
}
