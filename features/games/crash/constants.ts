/** How many games back the crash verifier looks for the terminating hash before it gives up. */
export const CHAIN_SEARCH_MAX_STEPS = 100_000;

/** A game (or terminating) hash: 64 lowercase hex characters, as lib/fair/crash.ts `isGameHash` reads it. */
export const GAME_HASH = /^[0-9a-f]{64}$/;

/** `754ff0ee…2ca3c94c`: a hash short enough for a list row (the whole one is copied). */
export const shortHash = (hash: string) =>
  hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
