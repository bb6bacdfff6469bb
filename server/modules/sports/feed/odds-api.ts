/**
 * The Odds API v4 adapter (issue 18; https://the-odds-api.com/liveapi/guides/v4/): a real feed that
 * replaces the sandbox by configuration. Every `pollMs` it asks, for each configured sport key,
 *
 * - `GET /v4/sports/{sport}/odds/?apiKey&regions&markets=h2h,spreads,totals&oddsFormat=decimal&dateFormat=iso`:
 *   the upcoming and live events with each bookmaker's prices;
 * - `GET /v4/sports/{sport}/scores/?apiKey&daysFrom=1&dateFormat=iso`: the same events' scores (`null`
 *   before the start), `completed` once over, and those completed in the last day;
 *
 * and delivers the events that changed. Prices are one bookmaker's (`bookmaker`, else the first listed):
 * a book takes a line from one source, since mixing bookmakers mixes margins. Mapping:
 * - sport key prefix → sport (`soccer_` football, `basketball_`, `tennis_`, `icehockey_` ice hockey);
 *   other keys are left out with a warning; the league is the sport key with its `sport_title`;
 * - `h2h` → `1x2` when it has a Draw, else `winner` (hockey's two-way moneyline includes overtime, as our
 *   `winner` does); `spreads` → `handicap` on the home team's point; `totals` → `total` on its point.
 *   Quarter lines (±0.25, 2.75), which split a stake over two lines, are left out, and so are tennis
 *   spreads and totals, which The Odds API counts in games where ours count sets;
 * - the event is `oa-<id>`: prematch before `commence_time`, live after it until the scores say
 *   `completed`, then finished with every market settled from the final score (markets.ts). An event the
 *   odds no longer list while it is live keeps its markets, suspended (no price to offer).
 *
 * The Odds API has no clock, no periods and no cancellations: a live event's clock is null and period
 * markets are not offered. A failed request (401 bad key, 422 bad parameters, 429 quota, 5xx, a timeout,
 * bad JSON) is logged and the next poll is the retry; the adapter never throws out of its timer. Each
 * answer's `x-requests-remaining` (the quota left) is logged.
 */
import { z } from 'zod';
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI, type OutcomeCode, type Sport } from '@/lib/constants/sports';
import { consoleFeedLog, type FeedLog } from './log';
import { settleEvent } from './markets';
import type { FeedEvent, FeedMarket, FeedSink, OddsFeed } from './model';

export interface OddsApiFeedOptions {
  /** e.g. `https://api.the-odds-api.com` */
  baseUrl: string;
  apiKey: string;
  /** The Odds API's sport keys: `soccer_epl`, `basketball_nba`, `tennis_atp_french_open`, `icehockey_nhl`. */
  sports: string[];
  pollMs: number;
  /** Bookmakers' regions (`eu`, `uk`, `us`, `au`); each region counts against the quota. */
  regions?: string;
  /** The bookmaker whose prices are taken (`pinnacle`); the first listed when absent or not listing. */
  bookmaker?: string;
  fetch?: typeof fetch;
  log?: FeedLog;
  /** The limit of one request. */
  timeoutMs?: number;
  /** Milliseconds since the epoch, to tell upcoming from live. */
  now?: () => number;
}

const outcomeSchema = z.object({ name: z.string(), price: z.number(), point: z.number().nullish() });
const oddsEventSchema = z.object({
  id: z.string().min(1),
  sport_key: z.string(),
  sport_title: z.string(),
  commence_time: z.string(),
  home_team: z.string(),
  away_team: z.string(),
  bookmakers: z
    .array(
      z.object({
        key: z.string(),
        title: z.string().optional(),
        markets: z.array(z.object({ key: z.string(), outcomes: z.array(outcomeSchema) })),
      }),
    )
    .default([]),
});
type OddsEvent = z.infer<typeof oddsEventSchema>;

const scoreEventSchema = z.object({
  id: z.string().min(1),
  commence_time: z.string(),
  completed: z.boolean(),
  home_team: z.string(),
  away_team: z.string(),
  scores: z.array(z.object({ name: z.string(), score: z.union([z.string(), z.number()]) })).nullish(),
});
type ScoreEvent = z.infer<typeof scoreEventSchema>;

const SPORT_PREFIXES: [string, Sport][] = [
  ['soccer_', 'football'],
  ['basketball_', 'basketball'],
  ['tennis_', 'tennis'],
  ['icehockey_', 'ice-hockey'],
];

/** Our sport for a sport key of The Odds API, or null when we have no such sport. */
export function sportOfKey(sportKey: string): Sport | null {
  return SPORT_PREFIXES.find(([prefix]) => sportKey.startsWith(prefix))?.[1] ?? null;
}

/** `oa-<id>`, kept to the characters an event page's address allows. */
export const oddsApiEventId = (id: string): string => `oa-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** A line our markets can settle: whole or half (quarter lines split the stake; left out). */
const isPlainLine = (line: number) => Number.isInteger(line * 2);

/** The final or current score by team name, or null when absent or unreadable. */
function scoreOf(entry: ScoreEvent | undefined): { home: number; away: number } | null {
  if (!entry?.scores) return null;
  const find = (team: string) => {
    const value = entry.scores?.find((score) => score.name === team)?.score;
    const number = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
    return Number.isInteger(number) && number >= 0 ? number : null;
  };
  const home = find(entry.home_team);
  const away = find(entry.away_team);
  return home === null || away === null ? null : { home, away };
}

/**
 * The markets of one bookmaker's prices. A price outside the book's odds range (a decided live market
 * at 1.00) suspends its market rather than being offered at a rounded price.
 */
function marketsOf(sport: Sport, eventId: string, event: OddsEvent, bookmakerKey?: string): FeedMarket[] {
  const bookmaker = event.bookmakers.find((b) => b.key === bookmakerKey) ?? event.bookmakers[0];
  if (!bookmaker) return [];
  const markets: FeedMarket[] = [];
  const add = (key: FeedMarket['key'], line: number | null, outcomes: [OutcomeCode, number][]) => {
    const id = `${eventId}:${key}${line !== null ? `:${line}` : ''}`;
    if (markets.some((market) => market.id === id)) return;
    const priced = outcomes.map(([code, price]) => ({ code, oddsMilli: Math.round(price * 1000) }));
    const inRange = priced.every(
      ({ oddsMilli }) => oddsMilli >= MIN_ODDS_MILLI && oddsMilli <= MAX_ODDS_MILLI,
    );
    markets.push({
      id,
      key,
      period: null,
      line,
      status: inRange ? 'open' : 'suspended',
      outcomes: priced.map(({ code, oddsMilli }) => ({
        id: `${id}:${code}`,
        code,
        oddsMilli: Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, oddsMilli)),
        result: null,
      })),
    });
  };
  const team = (name: string): '1' | '2' | null =>
    name === event.home_team ? '1' : name === event.away_team ? '2' : null;

  for (const market of bookmaker.markets) {
    const { outcomes } = market;
    if (market.key === 'h2h') {
      const home = outcomes.find((o) => team(o.name) === '1');
      const away = outcomes.find((o) => team(o.name) === '2');
      const draw = outcomes.find((o) => o.name === 'Draw');
      if (!home || !away) continue;
      if (draw) {
        add('1x2', null, [
          ['1', home.price],
          ['X', draw.price],
          ['2', away.price],
        ]);
      } else {
        add('winner', null, [
          ['1', home.price],
          ['2', away.price],
        ]);
      }
    } else if (market.key === 'spreads' && sport !== 'tennis') {
      const home = outcomes.find((o) => team(o.name) === '1');
      const away = outcomes.find((o) => team(o.name) === '2');
      if (home?.point == null || !away || !isPlainLine(home.point)) continue;
      add('handicap', home.point, [
        ['1', home.price],
        ['2', away.price],
      ]);
    } else if (market.key === 'totals' && sport !== 'tennis') {
      const over = outcomes.find((o) => o.name === 'Over');
      const under = outcomes.find((o) => o.name === 'Under');
      if (over?.point == null || !under || !isPlainLine(over.point)) continue;
      add('total', over.point, [
        ['over', over.price],
        ['under', under.price],
      ]);
    }
  }
  return markets;
}

export class OddsApiFeed implements OddsFeed {
  private readonly options: Required<Omit<OddsApiFeedOptions, 'bookmaker'>> & { bookmaker?: string };
  private readonly sportKeys: [string, Sport][];
  /** Every event seen, as built last: an event the odds stop listing keeps its markets for settlement. */
  private readonly known = new Map<string, FeedEvent>();
  /** What was delivered of each event (JSON), to deliver only changes. */
  private readonly delivered = new Map<string, string>();
  private sink: FeedSink | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(options: OddsApiFeedOptions) {
    this.options = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      sports: options.sports,
      pollMs: options.pollMs,
      regions: options.regions ?? 'eu',
      bookmaker: options.bookmaker,
      fetch: options.fetch ?? globalThis.fetch,
      log: options.log ?? consoleFeedLog,
      timeoutMs: options.timeoutMs ?? 10_000,
      now: options.now ?? Date.now,
    };
    this.sportKeys = [];
    for (const key of options.sports) {
      const sport = sportOfKey(key);
      if (sport) {
        this.sportKeys.push([key, sport]);
      } else {
        this.options.log.warn(
          { sportKey: key },
          'odds api: a sport key of a sport the book has not; left out',
        );
      }
    }
  }

  async start(sink: FeedSink): Promise<void> {
    this.sink = sink;
    await this.poll();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.sink = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
  }

  /** Asks the API once and delivers what changed; never throws (failures are logged). */
  poll(): Promise<void> {
    if (!this.polling) {
      this.polling = this.pollOnce()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'odds api: a poll failed'))
        .finally(() => {
          this.polling = null;
        });
    }
    return this.polling;
  }

  private schedule(): void {
    if (!this.sink) return;
    this.timer = setTimeout(() => {
      void this.poll().then(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  private async pollOnce(): Promise<void> {
    const changed: { event: FeedEvent; state: string }[] = [];
    for (const [sportKey, sport] of this.sportKeys) {
      const [odds, scores] = await Promise.all([
        this.request(`/v4/sports/${sportKey}/odds/`, {
          regions: this.options.regions,
          markets: 'h2h,spreads,totals',
          oddsFormat: 'decimal',
          dateFormat: 'iso',
        }),
        this.request(`/v4/sports/${sportKey}/scores/`, { daysFrom: '1', dateFormat: 'iso' }),
      ]);
      const oddsEvents = odds === null ? null : this.parse(odds, oddsEventSchema, sportKey, 'odds');
      const scoreEvents = scores === null ? null : this.parse(scores, scoreEventSchema, sportKey, 'scores');
      for (const event of this.merge(sportKey, sport, oddsEvents, scoreEvents)) {
        const state = JSON.stringify(event);
        if (this.delivered.get(event.id) !== state) changed.push({ event, state });
      }
    }
    const sink = this.sink;
    if (!sink || changed.length === 0) return;
    try {
      await sink.events(changed.map(({ event }) => event));
      for (const { event, state } of changed) this.delivered.set(event.id, state);
    } catch (error) {
      // Not marked delivered: the next poll delivers them again.
      this.options.log.warn({ err: error, events: changed.length }, 'odds api: the sink refused a delivery');
    }
  }

  /** The entries of a reply that match the documented shape; others are logged and left out. */
  private parse<T>(reply: unknown, schema: z.ZodType<T>, sportKey: string, what: string): T[] | null {
    if (!Array.isArray(reply)) {
      this.options.log.warn({ sportKey }, `odds api: the ${what} reply is not a list`);
      return null;
    }
    const entries: T[] = [];
    let rejected = 0;
    for (const item of reply) {
      const parsed = schema.safeParse(item);
      if (parsed.success) entries.push(parsed.data);
      else rejected += 1;
    }
    if (rejected > 0) {
      this.options.log.warn({ sportKey, rejected }, `odds api: ${what} entries off the v4 shape`);
    }
    return entries;
  }

  /**
   * This sport's events now: those the odds list, and those seen before that are not over. A failed
   * request (`null`) tells nothing: a finished event stays finished, a live one keeps its last score.
   */
  private merge(
    sportKey: string,
    sport: Sport,
    odds: OddsEvent[] | null,
    scores: ScoreEvent[] | null,
  ): FeedEvent[] {
    const now = this.options.now();
    const scoreById = new Map((scores ?? []).map((entry) => [oddsApiEventId(entry.id), entry]));
    const out: FeedEvent[] = [];
    const listed = new Set<string>();
    for (const entry of odds ?? []) {
      const id = oddsApiEventId(entry.id);
      const startsAt = new Date(entry.commence_time);
      if (Number.isNaN(startsAt.getTime())) continue;
      listed.add(id);
      const previous = this.known.get(id);
      const scoreEntry = scoreById.get(id);
      if (previous?.status === 'finished' && !scoreEntry) {
        out.push(previous);
        continue;
      }
      const event: FeedEvent = {
        id,
        sport,
        league: { id: sportKey, name: entry.sport_title },
        home: entry.home_team,
        away: entry.away_team,
        startsAt,
        status: 'prematch',
        score: null,
        clock: null,
        markets: marketsOf(sport, id, entry, this.options.bookmaker),
      };
      out.push(this.withScore(event, scoreEntry, now, previous));
    }
    for (const [id, previous] of this.known) {
      if (previous.league.id !== sportKey || listed.has(id)) continue;
      const scoreEntry = scoreById.get(id);
      if (previous.status === 'finished') {
        // Delivered already; followed while the scores list it (a corrected score), then forgotten.
        if (scoreEntry) out.push(this.withScore(previous, scoreEntry, now, previous));
        else if (scores !== null) this.known.delete(id);
        continue;
      }
      // No longer priced: its markets are held until the result (a failed odds request changes nothing).
      const markets =
        odds === null
          ? previous.markets
          : previous.markets.map((market) =>
              market.status === 'open' ? { ...market, status: 'suspended' as const } : market,
            );
      out.push(this.withScore({ ...previous, markets }, scoreEntry, now, previous));
    }
    for (const event of out) this.known.set(event.id, event);
    return out;
  }

  /** Status and score from the scores entry and the time; a finished event comes settled. */
  private withScore(
    event: FeedEvent,
    entry: ScoreEvent | undefined,
    now: number,
    previous: FeedEvent | undefined,
  ): FeedEvent {
    const score = scoreOf(entry);
    if (entry?.completed) {
      if (score) {
        return settleEvent({ ...event, status: 'finished', clock: null, score: { ...score, periods: [] } });
      }
      this.options.log.warn(
        { event: event.id },
        'odds api: a completed event without a readable score; kept live',
      );
    }
    if (event.startsAt.getTime() > now && !entry?.completed) {
      return { ...event, status: 'prematch', score: null };
    }
    const last = previous?.status === 'live' ? previous.score : null;
    return { ...event, status: 'live', clock: null, score: score ? { ...score, periods: [] } : last };
  }

  /** One GET; the parsed JSON, or null after logging why not. The key never goes into the log. */
  private async request(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.options.baseUrl}${path}`);
    url.searchParams.set('apiKey', this.options.apiKey);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const { log } = this.options;
    let response: Response;
    try {
      response = await this.options.fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      log.warn(
        { path, err: timedOut ? undefined : error },
        timedOut ? `odds api: no answer within ${this.options.timeoutMs} ms` : 'odds api: unreachable',
      );
      return null;
    }
    const remaining = response.headers.get('x-requests-remaining');
    if (remaining !== null) {
      log.info(
        { path, remaining: Number(remaining), used: Number(response.headers.get('x-requests-used')) },
        'odds api: requests remaining',
      );
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      log.warn(
        { path, status: response.status, body: body.slice(0, 300) },
        `odds api: ${path} answered ${response.status}`,
      );
      return null;
    }
    try {
      return await response.json();
    } catch (error) {
      log.warn({ path, err: error }, 'odds api: an answer that is not JSON');
      return null;
    }
  }
}
