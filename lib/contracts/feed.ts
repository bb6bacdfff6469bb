import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { BIG_WIN_MULTIPLIER, FEED_TOPIC } from '@/lib/constants/feed';

/**
 * The live bets feed (issue 16): the latest settled bets of every game and the big wins, on the realtime
 * topic `feed` (`/socket?topics=feed`). A player whose statistics are hidden (`is_statistics_hidden`)
 * appears with `player: null`, shown as "Hidden".
 */

export { BIG_WIN_MULTIPLIER, FEED_TOPIC };

export const feedItem = z.object({
  /** Unique across games: `<game>:<bet id>`. */
  id: z.string(),
  /** An in-house game (dice, crash, rooms, …). */
  game: z.string(),
  player: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  /** What it paid: 0 for a lost bet. */
  payout: z.number(),
  /** payout / amount, two decimals. */
  multiplier: z.number(),
  /** When it was settled. */
  at: z.string(),
});
export type FeedItem = z.infer<typeof feedItem>;

/** First message after following `feed`: newest first. */
export const feedSnapshot = z.object({
  topic: z.literal(FEED_TOPIC),
  type: z.literal('snapshot'),
  bets: z.array(feedItem),
  big_wins: z.array(feedItem),
});

/** Bets settled since the last message, oldest first (at most a few per second reach the feed). */
export const feedBets = z.object({
  topic: z.literal(FEED_TOPIC),
  type: z.literal('bets'),
  items: z.array(feedItem),
});

export const feedMessage = z.discriminatedUnion('type', [feedSnapshot, feedBets]);
export type FeedMessage = z.infer<typeof feedMessage>;
