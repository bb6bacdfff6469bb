import { describe, expect, it } from 'vitest';
import type { Check } from '@/lib/api/check';
import * as contract from '@/lib/contracts/sports';
import { agree } from '@/tests/utils/agree-with-contract';
import { hockeyGame, liveMatch, sportMarket, sportsMenu, upcomingGame } from '@/tests/mocks/sports-fixtures';
import * as checks from './replies';

const with_ = <T extends object>(value: T, changes: Record<string, unknown>) => ({ ...value, ...changes });
const without = <T extends object>(value: T, key: string) =>
  Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

describe('the sports replies checked without zod agree with the contract', () => {
  it('events and lists of events', () => {
    const market = liveMatch.markets[0];
    agree(
      checks.sportEvent as Check<unknown>,
      contract.sportEvent,
      [
        liveMatch,
        upcomingGame,
        hockeyGame,
        with_(liveMatch, { extra: 1, score: null, clock: null }),
        with_(liveMatch, {
          markets: [with_(market, { outcomes: [with_(market.outcomes[0], { result: 'won' })] })],
        }),
      ],
      [
        with_(liveMatch, { sport: 'cricket' }),
        with_(liveMatch, { status: 'postponed' }),
        with_(liveMatch, { league: { id: 'x' } }),
        with_(liveMatch, { score: { home: 1, away: 0, periods: [[1, 0, 0]] } }),
        with_(liveMatch, { score: { home: 1, away: 0, periods: [[1.5, 0]] } }),
        with_(liveMatch, { markets_count: 2.5 }),
        with_(liveMatch, { markets: [with_(market, { key: 'corners' })] }),
        with_(liveMatch, { markets: [with_(market, { status: 'paused' })] }),
        with_(liveMatch, {
          markets: [with_(market, { outcomes: [with_(market.outcomes[0], { code: '3' })] })],
        }),
        with_(liveMatch, { markets: [with_(market, { outcomes: [without(market.outcomes[0], 'result')] })] }),
        without(liveMatch, 'clock'),
        null,
      ],
    );
    agree(
      checks.sportEventsReply as Check<unknown>,
      contract.sportEventsReply,
      [{ items: [] }, { items: [liveMatch, upcomingGame] }],
      [{}, { items: [with_(liveMatch, { home: 7 })] }],
    );
  });

  it('the sports menu', () => {
    const football = sportsMenu.sports[0];
    agree(
      checks.sportsMenuReply as Check<unknown>,
      contract.sportsMenuReply,
      [sportsMenu, { sports: [] }],
      [
        { sports: [with_(football, { key: 'chess' })] },
        { sports: [with_(football, { leagues: [{ id: 'a', name: 'A', live: 1 }] })] },
        { sports: [without(football, 'upcoming')] },
      ],
    );
  });

  it('an event’s realtime change', () => {
    const changed = sportMarket('e1', 'total', { over: 1.9, under: 1.9 }, { line: 2.5, status: 'suspended' });
    agree(
      checks.sportsEventPatch as Check<unknown>,
      contract.sportsEventPatch,
      [
        { id: 'e1' },
        { id: 'e1', status: 'finished', score: null, clock: null },
        { id: 'e1', score: { home: 2, away: 0, periods: [[2, 0]] }, clock: "70'", markets: [changed] },
      ],
      [
        {},
        { id: 'e1', status: null },
        { id: 'e1', markets: null },
        { id: 'e1', clock: 70 },
        { id: 'e1', markets: [with_(changed, { line: '2.5' })] },
      ],
    );
  });

  it('reads the topics’ messages, and drops what it does not know', () => {
    expect(checks.sportsMessage({ topic: 'sports', type: 'snapshot' })).toEqual({
      type: 'snapshot',
      event: null,
    });
    expect(checks.sportsMessage({ topic: 'sports:e1', type: 'snapshot', event: liveMatch })).toEqual({
      type: 'snapshot',
      event: liveMatch,
    });
    expect(checks.sportsMessage({ topic: 'sports:e1', type: 'snapshot', event: { id: 'e1' } })).toEqual({
      type: 'snapshot',
      event: null,
    });
    expect(
      checks.sportsMessage({ topic: 'sports', type: 'event', event: { id: 'e1', clock: "1'" } }),
    ).toEqual({
      type: 'event',
      event: { id: 'e1', clock: "1'" },
    });
    expect(
      checks.sportsMessage({ topic: 'sports', type: 'event', event: { id: 'e1', status: 'over' } }),
    ).toBeNull();
    expect(checks.sportsMessage({ topic: 'sports', type: 'odds' })).toBeNull();
    expect(checks.sportsMessage(null)).toBeNull();
  });
});
