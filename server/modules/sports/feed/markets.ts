/**
 * What each market pays, decided from a score (issue 18). One place holds the meaning of every market key
 * of lib/constants/sports.ts, so that every adapter settles alike and the sandbox prices its markets with
 * the very rule that will settle them (sandbox-sports.ts weighs these results over its score scenarios).
 *
 * Settlement rules:
 * - the match result (`1x2`, `double_chance`) of ice hockey is regulation time, periods 1–3; a score that
 *   does not break the match down into at least three periods is taken whole (there is nothing better);
 * - `winner`, `total`, `handicap` and `btts` count the full score, overtime and shoot-out included;
 * - `period_*` markets count `periods[period - 1]`; a period the score does not hold was never played (a
 *   tennis match that ended in two sets has no third set), so its markets are void;
 * - a total or a handicap that lands exactly on its line, and a `winner` or `period_winner` of a tie (a
 *   period can end level), are void: the stake comes back;
 * - every market of a cancelled event is void.
 */
import type { OutcomeCode, OutcomeResult, Sport } from '@/lib/constants/sports';
import type { FeedEvent, FeedMarket, FeedScore } from './model';

type MarketShape = Pick<FeedMarket, 'key' | 'period' | 'line'>;

/** Regulation time of a hockey match: periods 1–3 (the full score when it holds no such breakdown). */
export function regulationScore(score: FeedScore): [number, number] {
  if (score.periods.length < 3) return [score.home, score.away];
  const [first, second, third] = score.periods;
  return [first[0] + second[0] + third[0], first[1] + second[1] + third[1]];
}

/** The two numbers a market is decided on, or null when its period was not played. */
function basis(sport: Sport, market: MarketShape, score: FeedScore): [number, number] | null {
  switch (market.key) {
    case 'period_1x2':
    case 'period_winner':
    case 'period_total': {
      const period = market.period ?? 0;
      return period >= 1 ? (score.periods[period - 1] ?? null) : null;
    }
    case '1x2':
    case 'double_chance':
      return sport === 'ice-hockey' ? regulationScore(score) : [score.home, score.away];
    default:
      return [score.home, score.away];
  }
}

const byTruth = (won: boolean): OutcomeResult => (won ? 'won' : 'lost');

/** One outcome's result on the basis `[home, away]`; a code the market does not know is void. */
function resultOf(market: MarketShape, code: OutcomeCode, home: number, away: number): OutcomeResult {
  switch (market.key) {
    case '1x2':
    case 'period_1x2':
      if (code === '1') return byTruth(home > away);
      if (code === 'X') return byTruth(home === away);
      if (code === '2') return byTruth(home < away);
      return 'void';
    case 'winner':
    case 'period_winner':
      if (home === away) return 'void';
      if (code === '1') return byTruth(home > away);
      if (code === '2') return byTruth(home < away);
      return 'void';
    case 'double_chance':
      if (code === '1X') return byTruth(home >= away);
      if (code === '12') return byTruth(home !== away);
      if (code === 'X2') return byTruth(home <= away);
      return 'void';
    case 'total':
    case 'period_total': {
      const total = home + away;
      if (market.line === null || total === market.line) return 'void';
      if (code === 'over') return byTruth(total > market.line);
      if (code === 'under') return byTruth(total < market.line);
      return 'void';
    }
    case 'handicap': {
      if (market.line === null) return 'void';
      const handicapped = home + market.line;
      if (handicapped === away) return 'void';
      if (code === '1') return byTruth(handicapped > away);
      if (code === '2') return byTruth(handicapped < away);
      return 'void';
    }
    case 'btts':
      if (code === 'yes') return byTruth(home > 0 && away > 0);
      if (code === 'no') return byTruth(home === 0 || away === 0);
      return 'void';
  }
}

/** The result of each of `codes` in `market` when the match ends with `score`. */
export function marketResults(
  sport: Sport,
  market: MarketShape,
  codes: readonly OutcomeCode[],
  score: FeedScore,
): OutcomeResult[] {
  const pair = basis(sport, market, score);
  if (!pair) return codes.map(() => 'void');
  return codes.map((code) => resultOf(market, code, pair[0], pair[1]));
}

/**
 * The results a live match has already decided, whatever happens in the rest of it, or null. Scores only
 * grow, so a total past its line is over and both teams having scored is `btts: yes`; a period that is
 * over (`completedPeriods` of them are) has decided its own markets. The feed closes such a market and
 * settles it early rather than keep offering a bet whose outcome is known.
 */
export function decidedDuringPlay(
  sport: Sport,
  market: MarketShape,
  codes: readonly OutcomeCode[],
  score: FeedScore,
  completedPeriods: number,
): OutcomeResult[] | null {
  if (market.key.startsWith('period_')) {
    return market.period !== null && market.period <= completedPeriods
      ? marketResults(sport, market, codes, score)
      : null;
  }
  if (market.key === 'total' && market.line !== null && score.home + score.away > market.line) {
    return marketResults(sport, market, codes, score);
  }
  if (market.key === 'btts' && score.home > 0 && score.away > 0) {
    return marketResults(sport, market, codes, score);
  }
  return null;
}

/**
 * A finished (or cancelled) event with every market settled: each outcome's result from the final score
 * (all void when cancelled). Markets settled earlier are decided again from the final score, so a corrected
 * score corrects them too. A finished event without a score cannot be settled: that is an error, not a void.
 */
export function settleEvent(event: FeedEvent): FeedEvent {
  if (event.status !== 'finished' && event.status !== 'cancelled') {
    throw new Error(`event ${event.id} is ${event.status}: only a finished or cancelled event is settled`);
  }
  const { score } = event;
  if (event.status === 'finished' && !score) throw new Error(`event ${event.id} finished without a score`);
  return {
    ...event,
    markets: event.markets.map((market) => {
      const codes = market.outcomes.map((outcome) => outcome.code);
      const results: OutcomeResult[] =
        event.status === 'cancelled' || !score
          ? codes.map(() => 'void')
          : marketResults(event.sport, market, codes, score);
      return {
        ...market,
        status: 'settled',
        outcomes: market.outcomes.map((outcome, i) => ({ ...outcome, result: results[i] })),
      };
    }),
  };
}
