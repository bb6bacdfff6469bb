/**
 * What every market pays from a final score (markets.ts): each key's rule, the void cases (a total or a
 * handicap on its line, a tied `winner`, a period not played, a cancelled event), hockey's regulation time
 * against its winner with overtime, and the results a live match has already decided.
 */
import { describe, expect, it } from 'vitest';
import type { MarketKey, OutcomeCode, OutcomeResult, Sport } from '@/lib/constants/sports';
import { decidedDuringPlay, marketResults, regulationScore, settleEvent } from './markets';
import type { FeedEvent, FeedScore } from './model';

const score = (home: number, away: number, periods: [number, number][] = []): FeedScore => ({
  home,
  away,
  periods,
});

/** The results of a market as `{ code: result }`, easy to read in an expectation. */
const results = (
  sport: Sport,
  key: MarketKey,
  codes: OutcomeCode[],
  final: FeedScore,
  line: number | null = null,
  period: number | null = null,
): Record<string, OutcomeResult> => {
  const list = marketResults(sport, { key, line, period }, codes, final);
  return Object.fromEntries(codes.map((code, i) => [code, list[i]]));
};

describe('match result (1x2) and double chance', () => {
  it('pays the home win, the draw and the away win on the full score in football', () => {
    expect(results('football', '1x2', ['1', 'X', '2'], score(2, 1))).toEqual({
      1: 'won',
      X: 'lost',
      2: 'lost',
    });
    expect(results('football', '1x2', ['1', 'X', '2'], score(0, 0))).toEqual({
      1: 'lost',
      X: 'won',
      2: 'lost',
    });
    expect(results('football', '1x2', ['1', 'X', '2'], score(1, 3))).toEqual({
      1: 'lost',
      X: 'lost',
      2: 'won',
    });
  });

  it('pays two of the three double chances', () => {
    const codes: OutcomeCode[] = ['1X', '12', 'X2'];
    expect(results('football', 'double_chance', codes, score(2, 0))).toEqual({
      '1X': 'won',
      12: 'won',
      X2: 'lost',
    });
    expect(results('football', 'double_chance', codes, score(1, 1))).toEqual({
      '1X': 'won',
      12: 'lost',
      X2: 'won',
    });
    expect(results('football', 'double_chance', codes, score(0, 1))).toEqual({
      '1X': 'lost',
      12: 'won',
      X2: 'won',
    });
  });

  it('settles a hockey match result on regulation time while the winner counts overtime', () => {
    // 2–2 after three periods, the home side scores in overtime: 3–2.
    const final = score(3, 2, [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, 0],
    ]);
    expect(regulationScore(final)).toEqual([2, 2]);
    expect(results('ice-hockey', '1x2', ['1', 'X', '2'], final)).toEqual({ 1: 'lost', X: 'won', 2: 'lost' });
    expect(results('ice-hockey', 'double_chance', ['1X', '12', 'X2'], final)).toEqual({
      '1X': 'won',
      12: 'lost',
      X2: 'won',
    });
    expect(results('ice-hockey', 'winner', ['1', '2'], final)).toEqual({ 1: 'won', 2: 'lost' });
    expect(results('ice-hockey', 'total', ['over', 'under'], final, 4.5)).toEqual({
      over: 'won',
      under: 'lost',
    });
    expect(results('ice-hockey', 'handicap', ['1', '2'], final, -1)).toEqual({ 1: 'void', 2: 'void' });
  });

  it('takes a hockey score without its periods whole (there is nothing better)', () => {
    expect(results('ice-hockey', '1x2', ['1', 'X', '2'], score(3, 2))).toEqual({
      1: 'won',
      X: 'lost',
      2: 'lost',
    });
  });
});

describe('winner', () => {
  it('pays the side ahead on the full score and voids a tie', () => {
    expect(results('basketball', 'winner', ['1', '2'], score(101, 99))).toEqual({ 1: 'won', 2: 'lost' });
    expect(results('tennis', 'winner', ['1', '2'], score(1, 2))).toEqual({ 1: 'lost', 2: 'won' });
    expect(results('esports', 'winner', ['1', '2'], score(1, 1))).toEqual({ 1: 'void', 2: 'void' });
  });
});

describe('total', () => {
  const codes: OutcomeCode[] = ['over', 'under'];
  it('pays over above the line and under below it', () => {
    expect(results('football', 'total', codes, score(2, 1), 2.5)).toEqual({ over: 'won', under: 'lost' });
    expect(results('football', 'total', codes, score(1, 1), 2.5)).toEqual({ over: 'lost', under: 'won' });
    expect(results('basketball', 'total', codes, score(110, 104), 213.5)).toEqual({
      over: 'won',
      under: 'lost',
    });
    expect(results('tennis', 'total', codes, score(2, 0), 2.5)).toEqual({ over: 'lost', under: 'won' });
  });

  it('voids both sides when the total lands on a whole line', () => {
    expect(results('football', 'total', codes, score(2, 1), 3)).toEqual({ over: 'void', under: 'void' });
    expect(results('basketball', 'total', codes, score(110, 104), 214)).toEqual({
      over: 'void',
      under: 'void',
    });
  });
});

describe('handicap', () => {
  const codes: OutcomeCode[] = ['1', '2'];
  it('adds the line to the home side: code 1 is home, 2 away', () => {
    expect(results('football', 'handicap', codes, score(2, 0), -1.5)).toEqual({ 1: 'won', 2: 'lost' });
    expect(results('football', 'handicap', codes, score(1, 0), -1.5)).toEqual({ 1: 'lost', 2: 'won' });
    expect(results('football', 'handicap', codes, score(0, 1), 1.5)).toEqual({ 1: 'won', 2: 'lost' });
    expect(results('tennis', 'handicap', codes, score(2, 1), -1.5)).toEqual({ 1: 'lost', 2: 'won' });
    expect(results('esports', 'handicap', codes, score(1, 2), 1.5)).toEqual({ 1: 'won', 2: 'lost' });
  });

  it('voids both sides when the handicapped score is level', () => {
    expect(results('football', 'handicap', codes, score(2, 1), -1)).toEqual({ 1: 'void', 2: 'void' });
    expect(results('football', 'handicap', codes, score(0, 0), 0)).toEqual({ 1: 'void', 2: 'void' });
    expect(results('basketball', 'handicap', codes, score(95, 100), 5)).toEqual({ 1: 'void', 2: 'void' });
  });
});

describe('both teams to score', () => {
  it('pays yes only when both sides scored', () => {
    expect(results('football', 'btts', ['yes', 'no'], score(1, 1))).toEqual({ yes: 'won', no: 'lost' });
    expect(results('football', 'btts', ['yes', 'no'], score(3, 0))).toEqual({ yes: 'lost', no: 'won' });
    expect(results('football', 'btts', ['yes', 'no'], score(0, 0))).toEqual({ yes: 'lost', no: 'won' });
  });
});

describe('period markets', () => {
  const hockey = score(4, 3, [
    [2, 2],
    [1, 0],
    [1, 1],
  ]);
  it('read the period they name only', () => {
    expect(results('ice-hockey', 'period_1x2', ['1', 'X', '2'], hockey, null, 1)).toEqual({
      1: 'lost',
      X: 'won',
      2: 'lost',
    });
    expect(results('ice-hockey', 'period_1x2', ['1', 'X', '2'], hockey, null, 2)).toEqual({
      1: 'won',
      X: 'lost',
      2: 'lost',
    });
    expect(results('ice-hockey', 'period_total', ['over', 'under'], hockey, 1.5, 1)).toEqual({
      over: 'won',
      under: 'lost',
    });
    expect(results('ice-hockey', 'period_total', ['over', 'under'], hockey, 1.5, 3)).toEqual({
      over: 'won',
      under: 'lost',
    });
    expect(results('ice-hockey', 'period_total', ['over', 'under'], hockey, 2, 3)).toEqual({
      over: 'void',
      under: 'void',
    });
  });

  it('count a tennis set in games and a basketball quarter in points, a tie void', () => {
    const tennis = score(2, 1, [
      [4, 6],
      [7, 6],
      [6, 2],
    ]);
    expect(results('tennis', 'period_winner', ['1', '2'], tennis, null, 1)).toEqual({ 1: 'lost', 2: 'won' });
    expect(results('tennis', 'period_total', ['over', 'under'], tennis, 9.5, 1)).toEqual({
      over: 'won',
      under: 'lost',
    });
    expect(results('tennis', 'period_total', ['over', 'under'], tennis, 9.5, 3)).toEqual({
      over: 'lost',
      under: 'won',
    });
    const basketball = score(98, 90, [
      [25, 25],
      [24, 20],
      [25, 22],
      [24, 23],
    ]);
    expect(results('basketball', 'period_winner', ['1', '2'], basketball, null, 1)).toEqual({
      1: 'void',
      2: 'void',
    });
    expect(results('basketball', 'period_winner', ['1', '2'], basketball, null, 2)).toEqual({
      1: 'won',
      2: 'lost',
    });
  });

  it('void a period that was not played', () => {
    const straightSets = score(2, 0, [
      [6, 3],
      [6, 4],
    ]);
    expect(results('tennis', 'period_winner', ['1', '2'], straightSets, null, 3)).toEqual({
      1: 'void',
      2: 'void',
    });
    expect(results('esports', 'period_winner', ['1', '2'], score(2, 0), null, 1)).toEqual({
      1: 'void',
      2: 'void',
    });
  });
});

describe('decidedDuringPlay', () => {
  const totalMarket = { key: 'total' as const, line: 2.5, period: null };
  it('decides a total already passed and both teams having scored, nothing else', () => {
    expect(decidedDuringPlay('football', totalMarket, ['over', 'under'], score(2, 1), 0)).toEqual([
      'won',
      'lost',
    ]);
    expect(decidedDuringPlay('football', totalMarket, ['over', 'under'], score(2, 0), 0)).toBeNull();
    expect(
      decidedDuringPlay('football', { key: 'btts', line: null, period: null }, ['yes', 'no'], score(1, 1), 0),
    ).toEqual(['won', 'lost']);
    expect(
      decidedDuringPlay('football', { key: 'btts', line: null, period: null }, ['yes', 'no'], score(1, 0), 0),
    ).toBeNull();
    expect(
      decidedDuringPlay(
        'football',
        { key: '1x2', line: null, period: null },
        ['1', 'X', '2'],
        score(5, 0),
        1,
      ),
    ).toBeNull();
  });

  it('decides a period once it is over', () => {
    const live = score(1, 0, [
      [1, 0],
      [0, 0],
    ]);
    const period1 = { key: 'period_1x2' as const, line: null, period: 1 };
    expect(decidedDuringPlay('ice-hockey', period1, ['1', 'X', '2'], live, 0)).toBeNull();
    expect(decidedDuringPlay('ice-hockey', period1, ['1', 'X', '2'], live, 1)).toEqual([
      'won',
      'lost',
      'lost',
    ]);
  });
});

describe('settleEvent', () => {
  const event = (status: FeedEvent['status'], final: FeedScore | null): FeedEvent => ({
    id: 'sbx-test-1',
    sport: 'football',
    league: { id: 'sbx-premier-league', name: 'Premier League' },
    home: 'Arsenal',
    away: 'Chelsea',
    startsAt: new Date('2026-05-10T14:00:00Z'),
    status,
    score: final,
    clock: null,
    markets: [
      {
        id: 'sbx-test-1:1x2',
        key: '1x2',
        period: null,
        line: null,
        status: 'open',
        outcomes: (['1', 'X', '2'] as const).map((code) => ({
          id: `sbx-test-1:1x2:${code}`,
          code,
          oddsMilli: 2000,
          result: null,
        })),
      },
      {
        id: 'sbx-test-1:total:2.5',
        key: 'total',
        period: null,
        line: 2.5,
        status: 'suspended',
        outcomes: (['over', 'under'] as const).map((code) => ({
          id: `sbx-test-1:total:2.5:${code}`,
          code,
          oddsMilli: 1900,
          result: null,
        })),
      },
    ],
  });
  const summary = (settled: FeedEvent) =>
    settled.markets.map((m) => [m.status, ...m.outcomes.map((o) => `${o.code}=${o.result}`)]);

  it('settles every market of a finished event from its final score, leaving the input alone', () => {
    const finished = event('finished', score(1, 2));
    expect(summary(settleEvent(finished))).toEqual([
      ['settled', '1=lost', 'X=lost', '2=won'],
      ['settled', 'over=won', 'under=lost'],
    ]);
    expect(finished.markets[0].outcomes[0].result).toBeNull();
  });

  it('voids every market of a cancelled event', () => {
    expect(summary(settleEvent(event('cancelled', null)))).toEqual([
      ['settled', '1=void', 'X=void', '2=void'],
      ['settled', 'over=void', 'under=void'],
    ]);
  });

  it('refuses an event not over, or finished without a score', () => {
    expect(() => settleEvent(event('live', score(1, 0)))).toThrow(/only a finished or cancelled event/);
    expect(() => settleEvent(event('finished', null))).toThrow(/without a score/);
  });
});
