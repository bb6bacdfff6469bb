/** The live bets feed (issue 16; lib/contracts/feed.ts). */

/** A bet that paid at least this multiple of its amount is a big win. */
export const BIG_WIN_MULTIPLIER = 10;

/** The realtime topic of the feed. */
export const FEED_TOPIC = 'feed';
