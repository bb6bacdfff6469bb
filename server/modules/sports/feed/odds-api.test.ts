/**
 * The Odds API adapter (odds-api.ts) on recorded v4 answers (fixtures/: an EPL odds reply with h2h,
 * spreads and totals from two bookmakers, and its scores with a completed, a live and an upcoming match):
 * the events it makes of them, value by value; a match that ends after the odds stop listing it, and a
 * corrected score; then against a local HTTP server: the query it sends, and the failures it logs and
 * outlives (429 then recovery, 401, 503, a silent server, an answer that is not JSON).
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeServer } from '../../../test/http-fake';
import type { FeedEvent } from './model';
import { OddsApiFeed, type OddsApiFeedOptions } from './odds-api';

const fixture = (name: string): unknown[] =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown[];
const ODDS = fixture('soccer_epl-odds.json');
const SCORES = fixture('soccer_epl-scores.json');
/** 15:00 UTC on the recording's day: Liverpool–Tottenham is over, Arsenal–Chelsea at its hour, City–Villa later. */
const NOW = Date.parse('2026-05-10T15:00:00Z');

const LIVERPOOL = 'oa-3f9c1e2a7b8d4c6e9a0b1c2d3e4f5a6b';
const ARSENAL = 'oa-8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d';
const CITY = 'oa-c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6';
const NEWCASTLE = 'oa-e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0';

interface Logged {
  level: 'info' | 'warn';
  object: Record<string, unknown>;
  message: string;
}

function spyLog() {
  const lines: Logged[] = [];
  return {
    lines,
    log: {
      info: (object: object, message: string) =>
        lines.push({ level: 'info', object: { ...object }, message }),
      warn: (object: object, message: string) =>
        lines.push({ level: 'warn', object: { ...object }, message }),
    },
  };
}

/** A sink keeping each delivery. */
function recorder() {
  const deliveries: FeedEvent[][] = [];
  return {
    deliveries,
    sink: { events: (events: FeedEvent[]) => void deliveries.push(events) },
    last: (id: string) =>
      deliveries
        .flat()
        .filter((event) => event.id === id)
        .at(-1),
  };
}

/** A fetch answering from in-memory replies, as the API would. */
function fakeFetch(replies: { odds: () => unknown; scores: () => unknown }): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const body = url.pathname.endsWith('/odds/') ? replies.odds() : replies.scores();
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const options = (extra: Partial<OddsApiFeedOptions>): OddsApiFeedOptions => ({
  baseUrl: 'https://api.the-odds-api.test',
  apiKey: 'test-key',
  sports: ['soccer_epl'],
  pollMs: 3_600_000,
  now: () => NOW,
  log: spyLog().log,
  ...extra,
});

const odds = (event: FeedEvent | undefined) =>
  Object.fromEntries(
    (event?.markets ?? []).map((market) => [
      market.id.slice(market.id.indexOf(':') + 1),
      market.outcomes.map((o) => o.oddsMilli),
    ]),
  );
const results = (event: FeedEvent | undefined) =>
  Object.fromEntries(
    (event?.markets ?? []).map((market) => [
      market.id.slice(market.id.indexOf(':') + 1),
      market.outcomes.map((o) => `${o.code}=${o.result}`).join(' '),
    ]),
  );

describe('OddsApiFeed on recorded answers', () => {
  it('turns the odds and scores into events: finished and settled, live with its score, upcoming', async () => {
    const { sink, deliveries, last } = recorder();
    const feed = new OddsApiFeed(options({ fetch: fakeFetch({ odds: () => ODDS, scores: () => SCORES }) }));
    await feed.start(sink);
    await feed.stop();

    expect(deliveries).toHaveLength(1);
    // Everton–Fulham is in the scores only: never priced, nothing to settle, not delivered.
    expect(deliveries[0].map((event) => event.id)).toEqual([LIVERPOOL, ARSENAL, CITY, NEWCASTLE]);

    const liverpool = last(LIVERPOOL)!;
    expect(liverpool).toMatchObject({
      sport: 'football',
      league: { id: 'soccer_epl', name: 'EPL' },
      home: 'Liverpool',
      away: 'Tottenham Hotspur',
      startsAt: new Date('2026-05-10T11:30:00Z'),
      status: 'finished',
      score: { home: 3, away: 1, periods: [] },
      clock: null,
    });
    expect(liverpool.markets.map((m) => [m.id, m.key, m.line, m.status])).toEqual([
      [`${LIVERPOOL}:1x2`, '1x2', null, 'settled'],
      [`${LIVERPOOL}:handicap:-1.5`, 'handicap', -1.5, 'settled'],
      [`${LIVERPOOL}:total:3.5`, 'total', 3.5, 'settled'],
    ]);
    // The first bookmaker listed (Pinnacle) prices it.
    expect(odds(liverpool)).toEqual({
      '1x2': [1620, 4300, 5400],
      'handicap:-1.5': [2300, 1660],
      'total:3.5': [2040, 1840],
    });
    expect(results(liverpool)).toEqual({
      '1x2': '1=won X=lost 2=lost',
      'handicap:-1.5': '1=won 2=lost',
      'total:3.5': 'over=won under=lost',
    });
    expect(liverpool.markets[0].outcomes.map((o) => o.id)).toEqual([
      `${LIVERPOOL}:1x2:1`,
      `${LIVERPOOL}:1x2:X`,
      `${LIVERPOOL}:1x2:2`,
    ]);

    const arsenal = last(ARSENAL)!;
    expect(arsenal).toMatchObject({ status: 'live', score: { home: 1, away: 1, periods: [] }, clock: null });
    expect(
      arsenal.markets.every((m) => m.status === 'open' && m.outcomes.every((o) => o.result === null)),
    ).toBe(true);
    expect(odds(arsenal)).toEqual({
      '1x2': [2380, 3400, 3050],
      'handicap:-0.5': [2380, 1620],
      'total:2.5': [1530, 2550],
    });

    const city = last(CITY)!;
    expect(city).toMatchObject({
      status: 'prematch',
      score: null,
      home: 'Manchester City',
      away: 'Aston Villa',
    });
    expect(odds(city)).toEqual({
      '1x2': [1450, 4900, 6750],
      'handicap:-1': [1930, 1970],
      'total:3': [1910, 1990],
    });

    // Pinnacle does not price Newcastle–Brentford: the only bookmaker listing it does.
    expect(odds(last(NEWCASTLE))).toEqual({ '1x2': [1800, 3900, 4330], 'total:2.5': [1700, 2150] });
  });

  it('takes the configured bookmaker and leaves out its quarter lines', async () => {
    const { sink, last } = recorder();
    const feed = new OddsApiFeed(
      options({ bookmaker: 'marathonbet', fetch: fakeFetch({ odds: () => ODDS, scores: () => SCORES }) }),
    );
    await feed.start(sink);
    await feed.stop();
    // Marathon Bet's Liverpool −1.25 splits the stake over two lines: not a market of ours.
    expect(odds(last(LIVERPOOL))).toEqual({ '1x2': [1600, 4200, 5500], 'total:3.5': [2000, 1850] });
    expect(odds(last(ARSENAL))).toEqual({ '1x2': [2350, 3350, 3100], 'total:2.5': [1520, 2600] });
  });

  it('settles a match the odds stopped listing from its last markets, and settles again on a corrected score', async () => {
    let oddsReply = ODDS;
    let scoresReply = SCORES;
    const { sink, deliveries, last } = recorder();
    const feed = new OddsApiFeed(
      options({ fetch: fakeFetch({ odds: () => oddsReply, scores: () => scoresReply }) }),
    );
    await feed.start(sink);

    await feed.poll();
    expect(deliveries).toHaveLength(1); // nothing changed, nothing delivered

    // Arsenal–Chelsea is no longer priced while still being played: its markets are held.
    oddsReply = ODDS.filter((event) => (event as { id: string }).id !== ARSENAL.slice(3));
    await feed.poll();
    expect(deliveries.at(-1)!.map((event) => event.id)).toEqual([ARSENAL]);
    expect(last(ARSENAL)!.status).toBe('live');
    expect(last(ARSENAL)!.markets.map((m) => m.status)).toEqual(['suspended', 'suspended', 'suspended']);

    const final = (home: string, away: string) =>
      SCORES.map((entry) =>
        (entry as { id: string }).id === ARSENAL.slice(3)
          ? {
              ...(entry as object),
              completed: true,
              scores: [
                { name: 'Arsenal', score: home },
                { name: 'Chelsea', score: away },
              ],
            }
          : entry,
      );
    scoresReply = final('2', '1');
    await feed.poll();
    expect(last(ARSENAL)).toMatchObject({ status: 'finished', score: { home: 2, away: 1 } });
    expect(results(last(ARSENAL))).toEqual({
      '1x2': '1=won X=lost 2=lost',
      'handicap:-0.5': '1=won 2=lost',
      'total:2.5': 'over=won under=lost',
    });

    scoresReply = final('1', '1');
    await feed.poll();
    expect(last(ARSENAL)).toMatchObject({ status: 'finished', score: { home: 1, away: 1 } });
    expect(results(last(ARSENAL))).toEqual({
      '1x2': '1=lost X=won 2=lost',
      'handicap:-0.5': '1=lost 2=won',
      'total:2.5': 'over=lost under=won',
    });
    await feed.stop();
  });

  it('leaves out the sport keys of sports the book has not, with a warning', async () => {
    const { log, lines } = spyLog();
    const requested: string[] = [];
    const fetchSpy = (async (input: string | URL | Request) => {
      requested.push(new URL(input instanceof Request ? input.url : input).pathname);
      return new Response('[]', { status: 200 });
    }) as typeof fetch;
    const feed = new OddsApiFeed(options({ sports: ['cricket_ipl', 'icehockey_nhl'], fetch: fetchSpy, log }));
    await feed.start(recorder().sink);
    await feed.stop();
    expect(requested.sort()).toEqual(['/v4/sports/icehockey_nhl/odds/', '/v4/sports/icehockey_nhl/scores/']);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', object: { sportKey: 'cricket_ipl' } }),
    );
  });
});

describe('OddsApiFeed over HTTP', async () => {
  const requests: URL[] = [];
  let oddsRefusals = 1;
  const send = (
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  };
  const server = await startFakeServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const q = url.searchParams;
    if (url.pathname.startsWith('/silent/')) return; // never answers
    if (url.pathname.startsWith('/garbage/')) return send(response, 200, '<html>maintenance</html>');
    if (url.pathname.startsWith('/broken/')) return send(response, 503, '{"message":"Service unavailable"}');
    if (q.get('apiKey') !== 'test-key') return send(response, 401, '{"message":"API key is not valid"}');
    const quota = { 'x-requests-remaining': '497', 'x-requests-used': '3', 'x-requests-last': '3' };
    if (url.pathname === '/v4/sports/soccer_epl/odds/') {
      const valid =
        q.get('regions') === 'eu' &&
        q.get('markets') === 'h2h,spreads,totals' &&
        q.get('oddsFormat') === 'decimal' &&
        q.get('dateFormat') === 'iso';
      if (!valid) return send(response, 422, '{"message":"Invalid parameters"}');
      if (oddsRefusals > 0) {
        oddsRefusals -= 1;
        return send(response, 429, '{"message":"Usage quota has been reached"}', {
          'x-requests-remaining': '0',
        });
      }
      return send(response, 200, JSON.stringify(ODDS), quota);
    }
    if (url.pathname === '/v4/sports/soccer_epl/scores/') {
      if (q.get('daysFrom') !== '1' || q.get('dateFormat') !== 'iso') {
        return send(response, 422, '{"message":"Invalid parameters"}');
      }
      return send(response, 200, JSON.stringify(SCORES), quota);
    }
    return send(response, 404, '{"message":"Unknown sport"}');
  });
  afterAll(() => server.close());

  it('sends the documented query, logs a 429 and the quota left, and recovers on the next poll', async () => {
    const baseUrl = server.url;
    const { log, lines } = spyLog();
    const { sink, deliveries } = recorder();
    const feed = new OddsApiFeed(options({ baseUrl: `${baseUrl}/`, log, fetch: undefined }));

    await feed.start(sink); // the odds are refused (429): nothing it knows yet
    expect(deliveries).toHaveLength(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', object: expect.objectContaining({ status: 429 }) }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'info', object: expect.objectContaining({ remaining: 0 }) }),
    );

    await feed.poll();
    await feed.stop();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].map((event) => [event.id, event.status])).toEqual([
      [LIVERPOOL, 'finished'],
      [ARSENAL, 'live'],
      [CITY, 'prematch'],
      [NEWCASTLE, 'prematch'],
    ]);
    expect(lines).toContainEqual({
      level: 'info',
      object: { path: '/v4/sports/soccer_epl/odds/', remaining: 497, used: 3 },
      message: 'odds api: requests remaining',
    });
    const oddsRequest = requests.find((url) => url.pathname.endsWith('/odds/'))!;
    expect(Object.fromEntries(oddsRequest.searchParams)).toEqual({
      apiKey: 'test-key',
      regions: 'eu',
      markets: 'h2h,spreads,totals',
      oddsFormat: 'decimal',
      dateFormat: 'iso',
    });
    const scoresRequest = requests.find((url) => url.pathname.endsWith('/scores/'))!;
    expect(Object.fromEntries(scoresRequest.searchParams)).toEqual({
      apiKey: 'test-key',
      daysFrom: '1',
      dateFormat: 'iso',
    });
    // The key is a secret: it is never logged.
    expect(JSON.stringify(lines)).not.toContain('test-key');
  });

  it('logs a refused key, a 5xx, a silent server and an answer that is not JSON, and never throws', async () => {
    const baseUrl = server.url;
    const cases: [string, Partial<OddsApiFeedOptions>, RegExp][] = [
      ['wrong key', { apiKey: 'wrong' }, /answered 401/],
      ['broken', { baseUrl: `${baseUrl}/broken` }, /answered 503/],
      ['silent', { baseUrl: `${baseUrl}/silent`, timeoutMs: 200 }, /no answer within 200 ms/],
      ['garbage', { baseUrl: `${baseUrl}/garbage` }, /not JSON/],
    ];
    for (const [name, extra, message] of cases) {
      const { log, lines } = spyLog();
      const { sink, deliveries } = recorder();
      const feed = new OddsApiFeed(options({ baseUrl, log, fetch: undefined, ...extra }));
      const started = Date.now();
      await expect(feed.start(sink), name).resolves.toBeUndefined();
      await feed.stop();
      expect(Date.now() - started, name).toBeLessThan(5_000);
      expect(deliveries, name).toHaveLength(0);
      expect(
        lines.some((line) => line.level === 'warn' && message.test(line.message)),
        `${name}: ${JSON.stringify(lines)}`,
      ).toBe(true);
    }
  });

  it('polls on its timer until stopped', async () => {
    const baseUrl = server.url;
    const { sink, deliveries } = recorder();
    const feed = new OddsApiFeed(options({ baseUrl, pollMs: 20, fetch: undefined }));
    const before = requests.length;
    await feed.start(sink);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await feed.stop();
    const polled = requests.length - before;
    expect(polled).toBeGreaterThanOrEqual(4); // the first poll and at least one on the timer
    expect(deliveries.length).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.length - before).toBe(polled);
  });
});
