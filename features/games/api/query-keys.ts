import type { Currency } from '@/lib/constants/currencies';
import type { FairGame } from '@/lib/contracts/games';

/**
 * Query keys of the games, generic to specific; invalidate with these, never a hand-written array. The
 * player's own data (seed pair, bets, open rounds) lives under {@link gameKeys.mine} so it can be dropped
 * in one go.
 */
export const gameKeys = {
  all: ['games'] as const,
  mine: () => [...gameKeys.all, 'mine'] as const,
  seed: () => [...gameKeys.mine(), 'seed'] as const,
  bets: (game?: FairGame) => [...gameKeys.mine(), 'bets', ...(game ? [game] : [])] as const,
  /** The longer list of a game's bets the verify section picks from. */
  betPicker: (game?: FairGame) => [...gameKeys.bets(game), 'picker'] as const,
  bet: (id: number) => [...gameKeys.mine(), 'bet', id] as const,
  /** The open round of a round game (hilo, miner). */
  activeRound: (game: Extract<FairGame, 'hilo' | 'miner'>) => [...gameKeys.mine(), game, 'active'] as const,
  limits: (currency: Currency) => [...gameKeys.all, 'limits', currency] as const,
  cases: (currency: Currency) => [...gameKeys.all, 'cases', 'list', currency] as const,
  case: (slug: string, currency: Currency) => [...gameKeys.all, 'cases', 'detail', slug, currency] as const,
  /** Crash's public chain (its published hash and salt) and its finished games (issue 16). */
  crash: () => [...gameKeys.all, 'crash'] as const,
  crashFairness: () => [...gameKeys.crash(), 'fairness'] as const,
  crashHistory: (limit: number) => [...gameKeys.crash(), 'history', limit] as const,
  /** The player's own crash bets (`GET /crash/bets/mine`), with the rest of the player's data. */
  crashMine: () => [...gameKeys.mine(), 'crash'] as const,
};
