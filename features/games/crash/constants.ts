/** How many games back the crash verifier looks for the terminating hash before it gives up. */
export const CHAIN_SEARCH_MAX_STEPS = 100_000;

/** A game (or terminating) hash: 64 lowercase hex characters, as lib/fair/crash.ts `isGameHash` reads it. */
export const GAME_HASH = /^[0-9a-f]{64}$/;

/** `754ff0ee…2ca3c94c`: a hash short enough for a list row (the whole one is copied). */
export const shortHash = (hash: string) =>
  hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;

// --- the live round (issue 16) ---

/**
 * The curve runs ahead of the last tick by local time (ticks come every 100 ms), but never more than this:
 * when ticks stop coming (a stalled connection) the curve waits instead of inventing a game.
 */
export const CRASH_MAX_EXTRAPOLATION_MS = 1_000;

/** An auto cash-out (lib/contracts/crash.ts `crashBetBody`): from 1.01× to 1,000,000×, two decimals. */
export const CRASH_AUTO_CASHOUT_MIN = 1.01;
export const CRASH_AUTO_CASHOUT_MAX = 1_000_000;

/** How many recent crash points the strip above the curve shows. */
export const CRASH_STRIP_SIZE = 20;
