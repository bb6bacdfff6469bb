import { MARKET_KEYS, OUTCOME_CODES } from '@/lib/constants/sports';
import type { SportEvent, SportMarket, SportOutcome } from './api/replies';

/**
 * Which markets an event shows where: the headline market of a list's row, and the event page's groups.
 */

/** The row's market: the match result (1 X 2), or the winner (1 2) where no draw is possible. */
export function headlineMarket(event: Pick<SportEvent, 'markets'>): SportMarket | null {
  const whole = event.markets.filter((market) => market.period === null);
  return (
    whole.find((market) => market.key === '1x2') ?? whole.find((market) => market.key === 'winner') ?? null
  );
}

/** A market's outcomes in the order players read them: 1 X 2, 1X 12 X2, over under, yes no. */
export const orderedOutcomes = (market: SportMarket): SportOutcome[] =>
  [...market.outcomes].sort((a, b) => OUTCOME_CODES.indexOf(a.code) - OUTCOME_CODES.indexOf(b.code));

/** A market players can see: open or suspended (a closed or settled one is gone from the page). */
export const isShown = (market: SportMarket) => market.status === 'open' || market.status === 'suspended';

export const MARKET_GROUPS = ['main', 'totals', 'handicaps', 'periods'] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

const groupOf = (market: SportMarket): MarketGroup => {
  if (market.key.startsWith('period_')) return 'periods';
  if (market.key === 'total') return 'totals';
  if (market.key === 'handicap') return 'handicaps';
  return 'main';
};

const compareMarkets = (a: SportMarket, b: SportMarket) =>
  (a.period ?? 0) - (b.period ?? 0) ||
  MARKET_KEYS.indexOf(a.key) - MARKET_KEYS.indexOf(b.key) ||
  (a.line ?? 0) - (b.line ?? 0);

/**
 * The event page's markets by group (match, totals, handicaps, periods), each sorted by period, kind and
 * line; groups without a shown market are left out.
 */
export function groupMarkets(markets: SportMarket[]): { group: MarketGroup; markets: SportMarket[] }[] {
  return MARKET_GROUPS.map((group) => ({
    group,
    markets: markets.filter((market) => isShown(market) && groupOf(market) === group).sort(compareMarkets),
  })).filter((entry) => entry.markets.length > 0);
}
