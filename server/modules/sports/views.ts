/**
 * The sportsbook's rows as the calls show them (lib/contracts/sports.ts): events with their markets, bets
 * with their legs and the cash-out value they are offered now.
 */
import type { Currency } from '@/lib/constants/currencies';
import {
  CASHOUT_MARGIN_PERCENT,
  type EventStatus,
  type MarketKey,
  type MarketStatus,
  type OutcomeCode,
  type OutcomeResult,
  type Sport,
  type SportBetKind,
  type SportBetStatus,
} from '@/lib/constants/sports';
import type { SportBet, SportBetLeg, SportEvent, SportMarket } from '@/lib/contracts/sports';
import { cashoutValueMinor, removeMargin } from '@/lib/sports/odds';
import { minorToMajor } from '../ledger/service';
import type { SportBetLegRow, SportBetRow, SportEventRow, SportMarketRow } from './repository';

export const oddsOf = (milli: number | bigint): number => Number(milli) / 1000;

/** What a player sees of a market's state: the operator's suspension or closure overrides the feed's, until it is settled. */
export function effectiveStatus(market: Pick<SportMarketRow, 'status' | 'operatorStatus'>): MarketStatus {
  if (market.status === 'settled') return 'settled';
  return (market.operatorStatus as MarketStatus | null) ?? (market.status as MarketStatus);
}

export function marketView(market: SportMarketRow): SportMarket {
  return {
    id: market.id,
    key: market.key as MarketKey,
    period: market.period,
    line: market.line,
    status: effectiveStatus(market),
    outcomes: market.outcomes.map((outcome) => ({
      id: outcome.id,
      code: outcome.code,
      odds: oddsOf(outcome.oddsMilli),
      result: outcome.result,
    })),
  };
}

export function eventView(
  event: SportEventRow,
  markets: SportMarketRow[],
  marketsCount = markets.length,
): SportEvent {
  return {
    id: event.id,
    sport: event.sport as Sport,
    league: { id: event.leagueId, name: event.leagueName },
    home: event.home,
    away: event.away,
    starts_at: event.startsAt.toISOString(),
    status: event.status as EventStatus,
    score: event.score ?? null,
    clock: event.clock,
    markets: markets.map(marketView),
    markets_count: marketsCount,
  };
}

/** The headline markets an event list shows: the match result, the first total and the first handicap. */
export function headlineMarkets(markets: SportMarketRow[]): SportMarketRow[] {
  const picked: SportMarketRow[] = [];
  for (const keys of [['1x2', 'winner'], ['total'], ['handicap']]) {
    const found = markets.find((market) => keys.includes(market.key) && market.period === null);
    if (found) picked.push(found);
  }
  return picked;
}

/** A market's fair probability of one outcome now (its margin removed), or null when not on offer. */
export function fairProbability(market: SportMarketRow | undefined, outcomeId: string): number | null {
  if (!market || effectiveStatus(market) !== 'open') return null;
  const index = market.outcomes.findIndex((outcome) => outcome.id === outcomeId);
  if (index < 0) return null;
  return removeMargin(market.outcomes.map((outcome) => outcome.oddsMilli))[index] ?? null;
}

/**
 * What cash-out pays for an open bet now (lib/sports/odds.ts `cashoutValueMinor`, less
 * CASHOUT_MARGIN_PERCENT), or null when none is offered: the bet is settled, a leg lost (an express or a
 * single), a market of an undecided leg is not open, or every leg is decided already (settlement pays).
 */
export function cashoutMinor(
  bet: Pick<SportBetRow, 'status' | 'kind' | 'systemK' | 'stakeMinor'>,
  legs: Pick<SportBetLegRow, 'oddsMilli' | 'result' | 'outcomeId' | 'marketId'>[],
  markets: ReadonlyMap<string, SportMarketRow>,
): { valueMinor: bigint } | { refused: 'unavailable' | 'suspended' } {
  if (bet.status !== 'open') return { refused: 'unavailable' };
  if (bet.kind !== 'system' && legs.some((leg) => leg.result === 'lost')) return { refused: 'unavailable' };
  const open = legs.filter((leg) => leg.result === null);
  if (open.length === 0) return { refused: 'unavailable' };
  const probabilities = new Map<string, number>();
  for (const leg of open) {
    // Its result is known, only not settled yet: settlement pays it.
    if (markets.get(leg.marketId)?.status === 'settled') return { refused: 'unavailable' };
    const probability = fairProbability(markets.get(leg.marketId), leg.outcomeId);
    if (probability === null) return { refused: 'suspended' };
    probabilities.set(leg.outcomeId, probability);
  }
  const valueMinor = cashoutValueMinor({
    kind: bet.kind as SportBetKind,
    systemK: bet.systemK,
    stakeMinor: bet.stakeMinor,
    legs: legs.map((leg) => ({
      oddsMilli: leg.oddsMilli,
      result: leg.result as OutcomeResult | null,
      probability: probabilities.get(leg.outcomeId) ?? null,
    })),
    marginPercent: CASHOUT_MARGIN_PERCENT,
  });
  return valueMinor > 0n ? { valueMinor } : { refused: 'unavailable' };
}

export function betView(
  bet: SportBetRow,
  legs: SportBetLegRow[],
  events: ReadonlyMap<string, SportEventRow>,
  markets: ReadonlyMap<string, SportMarketRow>,
): SportBet {
  const cashout = cashoutMinor(bet, legs, markets);
  const legViews: SportBetLeg[] = legs.map((leg) => {
    const event = events.get(leg.eventId);
    const market = markets.get(leg.marketId);
    return {
      outcome_id: leg.outcomeId,
      event_id: leg.eventId,
      sport: (event?.sport ?? 'football') as Sport,
      league: event?.leagueName ?? '',
      home: event?.home ?? '',
      away: event?.away ?? '',
      starts_at: (event?.startsAt ?? bet.createdAt).toISOString(),
      market_key: (market?.key ?? '1x2') as MarketKey,
      period: market?.period ?? null,
      line: market?.line ?? null,
      code: leg.code as OutcomeCode,
      odds: oddsOf(leg.oddsMilli),
      result: leg.result as OutcomeResult | null,
    };
  });
  const settled = bet.status !== 'open';
  return {
    id: bet.id,
    kind: bet.kind as SportBetKind,
    system_k: bet.systemK,
    currency: bet.currency as Currency,
    stake: minorToMajor(bet.stakeMinor),
    odds: bet.oddsMilli === null ? null : oddsOf(bet.oddsMilli),
    potential_payout: minorToMajor(bet.potentialPayoutMinor),
    status: bet.status as SportBetStatus,
    payout: settled ? minorToMajor(bet.payoutMinor) : null,
    cashout: 'valueMinor' in cashout ? minorToMajor(cashout.valueMinor) : null,
    created_at: bet.createdAt.toISOString(),
    settled_at: bet.settledAt ? bet.settledAt.toISOString() : null,
    legs: legViews,
  };
}
