/**
 * The provably fair games and the service that serves each (lib/contracts/games.ts re-exports them), in a
 * module without zod: a game's page renders and asks for its limits without loading zod (issue 14).
 */

export const FAIR_GAMES = ['dice', 'coinflip', 'keno', 'roulette', 'hilo', 'miner', 'cases'] as const;
export type FairGame = (typeof FAIR_GAMES)[number];

/** Which service base address serves each game (lib/api/base-url.ts `ApiService`). */
export const GAME_SERVICE = {
  dice: 'dice',
  coinflip: 'coinflip',
  keno: 'keno',
  miner: 'miner',
  cases: 'cases',
  hilo: 'general',
  roulette: 'general',
} as const satisfies Record<FairGame, 'dice' | 'coinflip' | 'keno' | 'miner' | 'cases' | 'general'>;
