import type { Currency } from '@/lib/constants/currencies';

/**
 * Query keys of the player's sports bets and the stake limits, generic to specific; invalidate with these,
 * never a hand-written array (STYLE.md).
 */
export const sportsBetKeys = {
  all: ['sports', 'bets'] as const,
  list: (status: SportBetListStatus) => [...sportsBetKeys.all, status] as const,
  limits: (currency: Currency) => ['sports', 'limits', currency] as const,
};

/** The two lists of `GET /sports/bets`: bets still open, and settled ones (won, lost, void, cashed out). */
export type SportBetListStatus = 'open' | 'settled';
