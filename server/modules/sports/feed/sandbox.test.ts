/**
 * The sandbox feed (sandbox.ts) with a fixed seed and a clock the test moves: a calendar of the five
 * sports with their markets; every open market priced at the declared margin; live matches that move
 * (score, clock, odds), suspend around a goal and reopen, close a decided market and then settle it; the
 * test hooks (finish at once, with a given or a played-out score; correct a result; cancel; set odds;
 * suspend; start); only changed events delivered; and a calendar that refills as matches end.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_MARGIN_PERCENT, type MarketKey, type Sport } from '@/lib/constants/sports';
import { marginPercentOf } from '@/lib/sports/odds';
import { marketResults } from './markets';
import type { FeedEvent, FeedMarket } from './model';
import { SANDBOX_LEAGUES } from './sandbox-leagues';
import { SANDBOX_SETTLE_AFTER_MS, SANDBOX_SUSPEND_MS, SandboxFeed, type SandboxFeedOptions } from './sandbox';

const START = Date.UTC(2026, 4, 10, 12, 0, 0);

/** A feed on a clock the test moves; its own timer is too slow to fire, the test ticks instead. */
function sandbox(options: Partial<SandboxFeedOptions> = {}) {
  let now = START;
  const feed = new SandboxFeed({ seed: 42, now: () => now, tickMs: 3_600_000, ...options });
  const deliveries: FeedEvent[][] = [];
  const sink = { events: (events: FeedEvent[]) => void deliveries.push(events) };
  return {
    feed,
    deliveries,
    sink,
    now: () => now,
    /** Moves the clock one second at a time, ticking as the timer would. */
    async play(ms: number) {
      for (let left = ms; left > 0; left -= 1000) {
        now += Math.min(1000, left);
        await feed.tick();
      }
    },
    lastDelivered: (id: string) =>
      deliveries
        .flat()
        .filter((event) => event.id === id)
        .at(-1),
  };
}

const kinds = (event: FeedEvent) =>
  event.markets.map(
    (m) => `${m.key}${m.period !== null ? `:p${m.period}` : ''}${m.line !== null ? ':L' : ''}`,
  );

/**
 * The overround of a market's odds in percent: the implied probabilities' sum less 1 (double chance's
 * outcomes each cover two results, so its sum is twice 1 + margin).
 */
const overround = (key: MarketKey, odds: number[]) => {
  const margin = marginPercentOf(odds);
  return key === 'double_chance' ? ((margin / 100 + 1) / 2 - 1) * 100 : margin;
};

/**
 * Whether a market is priced at the declared margin up to the rounding of its odds down to a hundredth:
 * the unrounded odds were in [odds, odds + 0.01), so the margin lies between these two bounds.
 */
function atDeclaredMargin(market: FeedMarket): boolean {
  const odds = market.outcomes.map((o) => o.oddsMilli);
  const low = overround(
    market.key,
    odds.map((o) => o + 10),
  );
  const high = overround(market.key, odds);
  return low <= SANDBOX_MARGIN_PERCENT + 1e-6 && high >= SANDBOX_MARGIN_PERCENT - 1e-6;
}

const EXPECTED_MARKETS: Record<Sport, string[]> = {
  football: ['1x2', 'double_chance', 'total:L', 'total:L', 'handicap:L', 'handicap:L', 'btts'],
  'ice-hockey': [
    '1x2',
    'winner',
    'double_chance',
    'total:L',
    'total:L',
    'handicap:L',
    'handicap:L',
    'period_1x2:p1',
    'period_total:p1:L',
  ],
  basketball: [
    'winner',
    'total:L',
    'total:L',
    'handicap:L',
    'handicap:L',
    'period_winner:p1',
    'period_total:p1:L',
  ],
  tennis: ['winner', 'total:L', 'handicap:L', 'handicap:L', 'period_winner:p1', 'period_total:p1:L'],
  esports: ['winner', 'total:L', 'handicap:L', 'handicap:L', 'period_winner:p1'],
};

describe('SandboxFeed calendar', () => {
  it('runs the five sports in named leagues, some live and many upcoming, each with its markets', () => {
    const { feed } = sandbox();
    const events = feed.events();
    expect(events.length).toBeGreaterThanOrEqual(60);
    expect(events.length).toBeLessThanOrEqual(100);
    for (const sport of Object.keys(EXPECTED_MARKETS) as Sport[]) {
      const ofSport = events.filter((e) => e.sport === sport);
      expect(ofSport.filter((e) => e.status === 'live').length, sport).toBeGreaterThanOrEqual(1);
      expect(ofSport.filter((e) => e.status === 'prematch').length, sport).toBeGreaterThanOrEqual(8);
      for (const event of ofSport)
        expect(kinds(event), `${sport} ${event.id}`).toEqual(EXPECTED_MARKETS[sport]);
    }
    // Several leagues per sport, each one of the sandbox's named leagues.
    for (const sport of Object.keys(EXPECTED_MARKETS) as Sport[]) {
      const names = new Set(events.filter((e) => e.sport === sport).map((e) => e.league.name));
      const known = SANDBOX_LEAGUES.filter((league) => league.sport === sport).map((league) => league.name);
      expect(names.size, sport).toBeGreaterThanOrEqual(2);
      for (const name of names) expect(known, sport).toContain(name);
    }
    const names = SANDBOX_LEAGUES.map((league) => league.name);
    for (const name of ['Premier League', 'La Liga', 'Russian Premier League', 'Kazakhstan Premier League']) {
      expect(names).toContain(name);
    }
    for (const name of ['NBA', 'EuroLeague', 'VTB United League', 'KHL', 'NHL'])
      expect(names).toContain(name);
    const upcoming = events.filter((e) => e.status === 'prematch').map((e) => e.startsAt.getTime() - START);
    expect(Math.min(...upcoming)).toBeLessThan(30 * 60_000);
    expect(Math.max(...upcoming)).toBeGreaterThan(24 * 3_600_000);
    expect(Math.max(...upcoming)).toBeLessThanOrEqual(49 * 3_600_000);
  });

  it('names events, markets and outcomes as the contract says', () => {
    const { feed } = sandbox();
    for (const event of feed.events()) {
      expect(event.id).toMatch(/^sbx-[A-Za-z0-9_-]+$/);
      expect(event.home).not.toBe(event.away);
      for (const market of event.markets) {
        const suffix = `${market.period !== null ? `:p${market.period}` : ''}${market.line !== null ? `:${market.line}` : ''}`;
        expect(market.id).toBe(`${event.id}:${market.key}${suffix}`);
        for (const outcome of market.outcomes) expect(outcome.id).toBe(`${market.id}:${outcome.code}`);
      }
      // Two lines of each handicap, one of them whole in football and hockey (a push is possible).
      const handicaps = event.markets.filter((m) => m.key === 'handicap').map((m) => m.line!);
      expect(new Set(handicaps).size).toBe(2);
      if (event.sport === 'football' || event.sport === 'ice-hockey') {
        expect(handicaps.filter((line) => Number.isInteger(line))).toHaveLength(1);
      }
    }
  });

  it('plays the same book from the same seed, and another from another', () => {
    const summary = (feed: SandboxFeed) =>
      feed
        .events()
        .map((e) => [e.id, e.home, e.away, e.markets.map((m) => m.outcomes.map((o) => o.oddsMilli))]);
    expect(summary(sandbox({ seed: 7 }).feed)).toEqual(summary(sandbox({ seed: 7 }).feed));
    expect(summary(sandbox({ seed: 8 }).feed)).not.toEqual(summary(sandbox({ seed: 7 }).feed));
  });

  it('refills the calendar as matches end, and drops ended ones after a while', async () => {
    const { feed, play, now } = sandbox({ seed: 5, calendar: { perSport: 6 } });
    const open = (sport: Sport) =>
      feed.events().filter((e) => e.sport === sport && (e.status === 'prematch' || e.status === 'live'));
    expect(open('football')).toHaveLength(6);
    const before = new Set(feed.events().map((e) => e.id));
    const live = feed.events().filter((e) => e.status === 'live');
    for (const event of live) await feed.finishNow(event.id);
    await play(1000);
    for (const sport of Object.keys(EXPECTED_MARKETS) as Sport[]) expect(open(sport), sport).toHaveLength(6);
    const added = feed.events().filter((e) => !before.has(e.id));
    expect(added).toHaveLength(live.length);
    for (const event of added) {
      expect(event.status).toBe('prematch');
      expect(event.startsAt.getTime() - now()).toBeLessThanOrEqual(15 * 60_000);
    }
    await play(11 * 60_000);
    const ids = new Set(feed.events().map((e) => e.id));
    for (const event of live) expect(ids.has(event.id)).toBe(false);
    // Matches keep starting and ending: there are live ones still.
    expect(feed.events().some((e) => e.status === 'live')).toBe(true);
  });
});

describe('SandboxFeed prices', () => {
  it('prices every open market at the declared margin, up to rounding down to a hundredth', async () => {
    const { feed, play } = sandbox();
    const check = () => {
      const open = feed.events().flatMap((e) => e.markets.filter((m) => m.status === 'open'));
      const off = open.filter((m) => !atDeclaredMargin(m));
      expect(off.map((m) => [m.id, m.outcomes.map((o) => o.oddsMilli)])).toEqual([]);
      return open.length;
    };
    expect(check()).toBeGreaterThan(400);
    await play(3 * 60_000); // live markets, repriced on every tick
    expect(check()).toBeGreaterThan(300);
  });

  it('gives the favourite of the match result the start on the main handicap line', () => {
    const { feed } = sandbox();
    let checked = 0;
    for (const event of feed.events().filter((e) => e.status === 'prematch')) {
      if (event.sport !== 'football' && event.sport !== 'basketball') continue;
      const result = event.markets.find((m) => m.key === '1x2' || m.key === 'winner')!.outcomes;
      const [home, away] = [result[0].oddsMilli, result[result.length - 1].oddsMilli];
      const line = event.markets.find((m) => m.key === 'handicap')!.line!;
      if (home === away) continue;
      expect(home < away ? line < 0 : line > 0, event.id).toBe(true);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(15);
  });
});

describe('SandboxFeed live play', () => {
  it('moves a live match on each tick: clock, odds, and in time the score; only changed events are delivered', async () => {
    const { feed, play, deliveries, sink } = sandbox();
    await feed.start(sink);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toHaveLength(feed.events().length);
    const match = feed.events().find((e) => e.sport === 'football' && e.status === 'live')!;
    const far = feed
      .events()
      .find((e) => e.status === 'prematch' && e.startsAt.getTime() > START + 3_600_000)!;
    const oddsOf = (event: FeedEvent) => event.markets.flatMap((m) => m.outcomes.map((o) => o.oddsMilli));

    await play(30_000);
    const later = feed.events().find((e) => e.id === match.id)!;
    expect(later.clock).not.toBe(match.clock);
    expect(later.clock).toMatch(/^\d+'$/);
    expect(oddsOf(later)).not.toEqual(oddsOf(match));

    // Each tick delivers the events that changed, and only those: the live ones, few of the calendar.
    const ticks = deliveries.slice(1);
    expect(ticks.filter((batch) => batch.some((e) => e.id === match.id)).length).toBeGreaterThanOrEqual(20);
    const last = new Map(deliveries[0].map((e) => [e.id, JSON.stringify(e)]));
    for (const event of ticks.flat()) {
      expect(JSON.stringify(event), event.id).not.toBe(last.get(event.id));
      last.set(event.id, JSON.stringify(event));
    }
    expect(Math.max(...ticks.map((batch) => batch.length))).toBeLessThan(feed.events().length / 2);
    expect(ticks.flat().some((e) => e.id === far.id && e.status !== 'prematch')).toBe(false);

    // Over the rest of the match, the score moves too (any live football match), and it ends finished.
    const liveFootball = feed.events().filter((e) => e.sport === 'football' && e.status === 'live');
    await play(10 * 60_000);
    const scored = liveFootball.some((e) => {
      const final = feed.events().find((x) => x.id === e.id)!;
      return final.score!.home + final.score!.away > e.score!.home + e.score!.away;
    });
    expect(scored).toBe(true);
    for (const e of liveFootball) expect(feed.events().find((x) => x.id === e.id)!.status).toBe('finished');
    await feed.stop();
  });

  it('suspends a match’s markets at a goal and reopens them a few seconds later at new odds', async () => {
    const { feed, play } = sandbox();
    const totalGoals = (e: FeedEvent) => (e.score ? e.score.home + e.score.away : 0);
    let before: FeedEvent[] = feed.events();
    let goal: { before: FeedEvent; after: FeedEvent } | null = null;
    for (let i = 0; i < 900 && !goal; i += 1) {
      await play(1000);
      const now = feed.events();
      for (const previous of before) {
        const current = now.find((e) => e.id === previous.id);
        if (previous.status === 'live' && current?.status === 'live' && previous.sport === 'football') {
          if (totalGoals(current) > totalGoals(previous)) goal = { before: previous, after: current };
        }
      }
      before = now;
    }
    expect(goal).not.toBeNull();
    const { before: pre, after: post } = goal!;
    const active = post.markets.filter((m) => m.status !== 'closed' && m.status !== 'settled');
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((m) => m.status === 'suspended')).toBe(true);
    // Held at the odds of before the goal.
    for (const market of active) {
      const previous = pre.markets.find((m) => m.id === market.id)!;
      expect(market.outcomes.map((o) => o.oddsMilli)).toEqual(previous.outcomes.map((o) => o.oddsMilli));
    }

    await play(SANDBOX_SUSPEND_MS + 1000);
    const reopened = feed
      .events()
      .find((e) => e.id === post.id)!
      .markets.filter((m) => m.status === 'open');
    expect(reopened.length).toBeGreaterThan(0);
    const moved = reopened.filter((market) => {
      const previous = pre.markets.find((m) => m.id === market.id)!;
      return market.outcomes.some((o, i) => o.oddsMilli !== previous.outcomes[i].oddsMilli);
    });
    expect(moved.length).toBeGreaterThan(0);
  });

  it('closes a market once its period is over, then settles it from that period', async () => {
    const { feed, play } = sandbox();
    const hockey = feed
      .events()
      .find((e) => e.sport === 'ice-hockey' && e.status === 'live' && e.clock?.startsWith('P1'));
    const id =
      hockey?.id ?? feed.events().find((e) => e.sport === 'ice-hockey' && e.status === 'prematch')!.id;
    if (!hockey) await feed.startNow(id);
    const seen: string[] = [];
    let settled: FeedEvent | null = null;
    for (let i = 0; i < 900 && !settled; i += 1) {
      await play(1000);
      const event = feed.events().find((e) => e.id === id)!;
      const market = event.markets.find((m) => m.key === 'period_1x2')!;
      if (seen.at(-1) !== market.status) seen.push(market.status);
      if (market.status === 'settled') settled = event;
    }
    expect(seen.slice(-2)).toEqual(['closed', 'settled']);
    const event = settled!;
    for (const market of event.markets.filter((m) => m.period === 1)) {
      const codes = market.outcomes.map((o) => o.code);
      expect(market.outcomes.map((o) => o.result)).toEqual(
        marketResults('ice-hockey', market, codes, event.score!),
      );
      expect(market.outcomes.every((o) => o.result !== null)).toBe(true);
    }
    expect(event.score!.periods.length).toBeGreaterThanOrEqual(2);
    expect(SANDBOX_SETTLE_AFTER_MS).toBeGreaterThan(0);
  });
});

describe('SandboxFeed test hooks', () => {
  it('finishes a match at once with a given score and settles every market from it, delivered before it resolves', async () => {
    const { feed, sink, lastDelivered } = sandbox();
    await feed.start(sink);
    const match = feed.events().find((e) => e.sport === 'football' && e.status === 'live')!;
    await feed.finishNow(match.id, { home: 2, away: 1 });
    const finished = lastDelivered(match.id)!;
    expect(finished).toMatchObject({
      status: 'finished',
      clock: null,
      score: { home: 2, away: 1, periods: [] },
    });
    expect(finished.markets.every((m) => m.status === 'settled')).toBe(true);
    const result = (key: MarketKey, line: number | null = null) =>
      Object.fromEntries(
        finished.markets
          .find((m) => m.key === key && (line === null || m.line === line))!
          .outcomes.map((o) => [o.code, o.result]),
      );
    expect(result('1x2')).toEqual({ 1: 'won', X: 'lost', 2: 'lost' });
    expect(result('double_chance')).toEqual({ '1X': 'won', 12: 'won', X2: 'lost' });
    expect(result('btts')).toEqual({ yes: 'won', no: 'lost' });
    for (const market of finished.markets.filter((m) => m.key === 'total')) {
      expect(result('total', market.line)).toEqual(
        market.line! < 3 ? { over: 'won', under: 'lost' } : { over: 'lost', under: 'won' },
      );
    }
    for (const market of finished.markets.filter((m) => m.key === 'handicap')) {
      const home = 2 + market.line!;
      expect(result('handicap', market.line)).toEqual(
        home === 1 ? { 1: 'void', 2: 'void' } : home > 1 ? { 1: 'won', 2: 'lost' } : { 1: 'lost', 2: 'won' },
      );
    }
    await expect(feed.finishNow(match.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(feed.finishNow('sbx-nope-1')).rejects.toMatchObject({ statusCode: 404 });
    await feed.stop();
  });

  it('settles hockey’s match result on regulation and its winner with overtime', async () => {
    const { feed } = sandbox();
    const match = feed.events().find((e) => e.sport === 'ice-hockey' && e.status === 'prematch')!;
    await feed.finishNow(match.id, {
      home: 3,
      away: 2,
      periods: [
        [1, 0],
        [0, 1],
        [1, 1],
        [1, 0],
      ],
    });
    const finished = feed.events().find((e) => e.id === match.id)!;
    const byKey = (key: MarketKey) =>
      finished.markets.find((m) => m.key === key)!.outcomes.map((o) => o.result);
    expect(byKey('1x2')).toEqual(['lost', 'won', 'lost']);
    expect(byKey('winner')).toEqual(['won', 'lost']);
    expect(byKey('period_1x2')).toEqual(['won', 'lost', 'lost']);
  });

  it('plays the rest of a match out at once when no score is given', async () => {
    const { feed } = sandbox();
    for (const sport of ['tennis', 'esports', 'basketball'] as Sport[]) {
      const match = feed.events().find((e) => e.sport === sport && e.status === 'prematch')!;
      await feed.finishNow(match.id);
      const finished = feed.events().find((e) => e.id === match.id)!;
      expect(finished.status).toBe('finished');
      const { home, away, periods } = finished.score!;
      expect(home === away).toBe(false);
      if (sport !== 'basketball') {
        expect(Math.max(home, away)).toBe(2);
        expect(periods).toHaveLength(home + away);
      } else {
        expect(periods.length).toBeGreaterThanOrEqual(4);
        expect(periods.reduce((sum, [h]) => sum + h, 0)).toBe(home);
      }
      for (const market of finished.markets) {
        expect(market.status).toBe('settled');
        const codes = market.outcomes.map((o) => o.code);
        expect(market.outcomes.map((o) => o.result)).toEqual(
          marketResults(sport, market, codes, finished.score!),
        );
      }
      const winner = finished.markets.find((m) => m.key === 'winner')!;
      expect(winner.outcomes[home > away ? 0 : 1].result).toBe('won');
    }
  });

  it('corrects a final score: the event is delivered again with new results', async () => {
    const { feed, sink, deliveries, lastDelivered } = sandbox();
    await feed.start(sink);
    const match = feed.events().find((e) => e.sport === 'football' && e.status === 'prematch')!;
    await expect(feed.correctResult(match.id, { home: 0, away: 1 })).rejects.toMatchObject({
      statusCode: 409,
    });
    await feed.finishNow(match.id, { home: 2, away: 1 });
    const first = lastDelivered(match.id)!;
    const count = deliveries.length;
    await feed.correctResult(match.id, { home: 0, away: 1 });
    expect(deliveries).toHaveLength(count + 1);
    const corrected = lastDelivered(match.id)!;
    expect(corrected).toMatchObject({ status: 'finished', score: { home: 0, away: 1 } });
    const results = (event: FeedEvent) =>
      event.markets.find((m) => m.key === '1x2')!.outcomes.map((o) => o.result);
    expect(results(first)).toEqual(['won', 'lost', 'lost']);
    expect(results(corrected)).toEqual(['lost', 'lost', 'won']);
    expect(corrected.markets.find((m) => m.key === 'btts')!.outcomes.map((o) => o.result)).toEqual([
      'lost',
      'won',
    ]);
    await feed.stop();
  });

  it('cancels, sets odds, suspends and starts by hand, each delivered', async () => {
    const { feed, sink, lastDelivered, play } = sandbox();
    await feed.start(sink);
    const [first, second] = feed.events().filter((e) => e.status === 'prematch' && e.sport === 'football');

    await feed.cancel(first.id);
    const cancelled = lastDelivered(first.id)!;
    expect(cancelled.status).toBe('cancelled');
    expect(
      cancelled.markets.every((m) => m.status === 'settled' && m.outcomes.every((o) => o.result === 'void')),
    ).toBe(true);

    const outcome = second.markets[0].outcomes[0];
    await feed.setOdds(outcome.id, 2_500);
    expect(lastDelivered(second.id)!.markets[0].outcomes[0].oddsMilli).toBe(2_500);
    await expect(feed.setOdds(outcome.id, 1_000)).rejects.toMatchObject({ statusCode: 422 });

    const market = second.markets[2]; // a total on its most even line: open unless held
    expect(market.status).toBe('open');
    await feed.suspendMarket(market.id, true);
    expect(lastDelivered(second.id)!.markets[2].status).toBe('suspended');

    await feed.startNow(second.id);
    const started = lastDelivered(second.id)!;
    expect(started).toMatchObject({ status: 'live', score: { home: 0, away: 0 }, clock: "1'" });
    expect(started.startsAt.getTime()).toBe(START);
    expect(started.markets[2].status).toBe('suspended');
    // The hand-set price stands while the match is repriced live.
    await play(5_000);
    expect(feed.events().find((e) => e.id === second.id)!.markets[0].outcomes[0].oddsMilli).toBe(2_500);

    await feed.suspendMarket(market.id, false);
    expect(lastDelivered(second.id)!.markets[2].status).toBe('open');
    await expect(feed.startNow(second.id)).rejects.toMatchObject({ statusCode: 409 });
    await feed.stop();
  });

  it('delivers on its own timer once started, and stops', async () => {
    let now = START;
    const feed = new SandboxFeed({ seed: 3, now: () => now, tickMs: 10 });
    const deliveries: FeedEvent[][] = [];
    await feed.start({ events: (events) => void deliveries.push(events) });
    const first = deliveries.length;
    now += 5_000;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(deliveries.length).toBeGreaterThan(first);
    await feed.stop();
    const stopped = deliveries.length;
    now += 5_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(deliveries.length).toBe(stopped);
  });

  it('delivers again what the sink refused', async () => {
    const warnings: string[] = [];
    const { feed, play } = sandbox({
      log: { info: () => undefined, warn: (_, message) => warnings.push(message) },
    });
    let refuse = true;
    const received: FeedEvent[][] = [];
    await feed.start({
      events: (events) => {
        if (refuse) throw new Error('database down');
        received.push(events);
      },
    });
    expect(warnings).toEqual(['sandbox feed: the sink refused a delivery']);
    refuse = false;
    await play(1000);
    expect(received).toHaveLength(1);
    expect(received[0].length).toBe(feed.events().length);
    await feed.stop();
  });
});

// Keep the helpers honest: a market off the declared margin is caught.
describe('atDeclaredMargin', () => {
  it('tells a 6 % book from a 10 % one', () => {
    const market = (odds: number[]): FeedMarket => ({
      id: 'x',
      key: 'winner',
      period: null,
      line: null,
      status: 'open',
      outcomes: odds.map((oddsMilli, i) => ({ id: `x:${i}`, code: i ? '2' : '1', oddsMilli, result: null })),
    });
    expect(atDeclaredMargin(market([1880, 1880]))).toBe(true); // 1 / (0.5 × 1.06) = 1.886…
    expect(atDeclaredMargin(market([1810, 1810]))).toBe(false); // 10 %
    expect(atDeclaredMargin(market([1900, 1900]))).toBe(false); // 5 %
  });
});
