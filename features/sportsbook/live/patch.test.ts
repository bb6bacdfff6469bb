import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { liveMatch, sportMarket, suspendedMatch, upcomingGame } from '@/tests/mocks/sports-fixtures';
import { sportsKeys } from '../api/query-keys';
import type { SportEvent, SportEventsReply } from '../api/replies';
import { useSlipStore } from '../slip/slip-store';
import { DEFAULT_SPORTS_VIEW } from '../view';
import { applyEventPatch, applyPatchToSlip, patchEvent } from './patch';

const total = (odds: { over: number; under: number }, status: 'open' | 'suspended' = 'open') =>
  sportMarket('e1', 'total', odds, { line: 2.5, status });

describe('an event patch', () => {
  it('changes status, score and clock, and the changed markets in place', () => {
    const patched = patchEvent(
      liveMatch,
      {
        id: 'e1',
        score: {
          home: 2,
          away: 0,
          periods: [
            [1, 0],
            [1, 0],
          ],
        },
        clock: "71'",
        markets: [total({ over: 1.6, under: 2.3 })],
      },
      false,
    );
    expect(patched.score?.home).toBe(2);
    expect(patched.clock).toBe("71'");
    expect(patched.status).toBe('live');
    expect(patched.markets.map((market) => market.id)).toEqual(liveMatch.markets.map((market) => market.id));
    expect(patched.markets[1].outcomes.map((outcome) => outcome.odds)).toEqual([1.6, 2.3]);
    expect(patched.markets[0]).toBe(liveMatch.markets[0]);
    expect(liveMatch.markets[1].outcomes[0].odds).toBe(1.85);
  });

  it('adds a new market only where every market is shown', () => {
    const btts = sportMarket('e1', 'btts', { yes: 1.7, no: 2.1 });
    expect(patchEvent(liveMatch, { id: 'e1', markets: [btts] }, false).markets).toHaveLength(3);
    expect(patchEvent(liveMatch, { id: 'e1', markets: [btts] }, true).markets.at(-1)).toEqual(btts);
  });
});

describe('patches in the query cache', () => {
  let client: QueryClient;
  const list = (status: 'live' | 'upcoming', view = DEFAULT_SPORTS_VIEW) =>
    client.getQueryData<SportEventsReply>(sportsKeys.events(status, view))?.items.map((event) => event.id);

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(sportsKeys.events('live', DEFAULT_SPORTS_VIEW), { items: [liveMatch] });
    client.setQueryData(sportsKeys.events('upcoming', DEFAULT_SPORTS_VIEW), {
      items: [suspendedMatch, upcomingGame],
    });
    client.setQueryData(sportsKeys.events('live', { sport: 'football', league: null }), {
      items: [liveMatch],
    });
    client.setQueryData(sportsKeys.events('live', { sport: 'basketball', league: null }), { items: [] });
    client.setQueryData(sportsKeys.event('e1'), liveMatch);
    client.setQueryData(sportsKeys.menu, { sports: [] });
  });

  it('moves the odds in every list and on the event’s page', () => {
    applyEventPatch(client, { id: 'e1', markets: [total({ over: 1.6, under: 2.3 })] });
    const fromList = client.getQueryData<SportEventsReply>(sportsKeys.events('live', DEFAULT_SPORTS_VIEW))!
      .items[0];
    expect(fromList.markets[1].outcomes[0].odds).toBe(1.6);
    expect(client.getQueryData<SportEvent>(sportsKeys.event('e1'))!.markets[1].outcomes[0].odds).toBe(1.6);
    expect(client.getQueryState(sportsKeys.menu)?.isInvalidated).toBe(false);
  });

  it('takes a finished match out of the live lists and marks the sports menu out of date', () => {
    applyEventPatch(client, { id: 'e1', status: 'finished', clock: null });
    expect(list('live')).toEqual([]);
    expect(list('live', { sport: 'football', league: null })).toEqual([]);
    expect(client.getQueryData<SportEvent>(sportsKeys.event('e1'))!.status).toBe('finished');
    expect(client.getQueryState(sportsKeys.menu)?.isInvalidated).toBe(true);
  });

  it('moves a match that started from the upcoming list to the live lists of its sport', () => {
    applyEventPatch(client, {
      id: 'e3',
      status: 'live',
      clock: "1'",
      score: { home: 0, away: 0, periods: [] },
    });
    expect(list('upcoming')).toEqual(['e2']);
    expect(list('live')).toEqual(['e1', 'e3']);
    expect(list('live', { sport: 'football', league: null })).toEqual(['e1', 'e3']);
    expect(list('live', { sport: 'basketball', league: null })).toEqual([]);
  });
});

describe('patches in the slip', () => {
  const pick = (event: SportEvent, market = event.markets[0], outcome = market.outcomes[0]) =>
    useSlipStore.getState().toggle({
      outcome_id: outcome.id,
      event_id: event.id,
      sport: event.sport,
      league: event.league.name,
      home: event.home,
      away: event.away,
      starts_at: event.starts_at,
      market_id: market.id,
      market_key: market.key,
      period: market.period,
      line: market.line,
      code: outcome.code,
      odds: outcome.odds,
    });
  const selection = (outcomeId: string) =>
    useSlipStore.getState().selections.find((entry) => entry.outcome_id === outcomeId);

  beforeEach(() => useSlipStore.getState().clear());

  it('gives a picked outcome its new odds, suspended while its market is not open', () => {
    pick(liveMatch, liveMatch.markets[1]);
    applyPatchToSlip({ id: 'e1', markets: [total({ over: 1.7, under: 2.2 })] });
    expect(selection('e1:total:2.5:over')).toMatchObject({ odds: 1.7, addedOdds: 1.85, suspended: false });
    applyPatchToSlip({ id: 'e1', markets: [total({ over: 1.75, under: 2.1 }, 'suspended')] });
    expect(selection('e1:total:2.5:over')).toMatchObject({ odds: 1.75, suspended: true });
  });

  it('suspends the picks of a match that is over', () => {
    pick(liveMatch);
    pick(upcomingGame);
    applyPatchToSlip({ id: 'e1', status: 'finished' });
    expect(selection('e1:1x2:1')?.suspended).toBe(true);
    expect(selection('e2:winner:1')?.suspended).toBe(false);
  });
});
