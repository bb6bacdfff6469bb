import type { CasinoGame, CasinoGameDetail } from '@/lib/contracts/casino';

/**
 * A game of the aggregator's catalogue as `GET /casino/games` answers it (lib/contracts/casino.ts): a
 * studio slot unless `changes` say otherwise.
 */
export function casinoGame(code: string, name: string, changes: Partial<CasinoGame> = {}): CasinoGame {
  return {
    code,
    name,
    provider: 'aurum-studio',
    provider_name: 'Aurum Studio',
    category: 'video-slots',
    lobby: 'slots',
    thumbnail: `http://localhost:4100/art/${code}.svg`,
    background: null,
    rtp: 96.38,
    volatility: 'high',
    demo: true,
    tags: [],
    favourite: false,
    ...changes,
  };
}

/** One game as `GET /casino/games/{code}` answers it, with the player's free spins in it. */
export function casinoGameDetail(
  code: string,
  name: string,
  changes: Partial<CasinoGameDetail> = {},
): CasinoGameDetail {
  return {
    ...casinoGame(code, name),
    platforms: ['desktop', 'mobile'],
    release_date: null,
    free_spins: 0,
    ...changes,
  };
}
