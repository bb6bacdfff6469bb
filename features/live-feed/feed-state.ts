import { feedMessage, type FeedItem } from '@/lib/contracts/feed';
import { BIG_WIN_MULTIPLIER } from '@/lib/contracts/feed';
import type { RealtimeEvent } from '@/lib/realtime/connection';

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
  const parsed = feedMessage.safeParse(event);
  if (!parsed.success) return state;
  const message = parsed.data;
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
