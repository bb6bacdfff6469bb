/**
 * The sandbox feed (issue 18): the default feed of `npm start`, a simulated book that needs no account
 * anywhere. It keeps a calendar of football, basketball, tennis, ice hockey and esports fixtures in the
 * leagues of sandbox-leagues.ts: a few live, a few starting within half an hour, the rest over the next two
 * days, and a new fixture for each one that ends, so the lists never empty however long it runs.
 *
 * Prices come from the teams' strengths through each sport's model (sandbox-sports.ts: Poisson goals,
 * basketball possessions, tennis service games, CS2 rounds, Dota 2 maps) with the declared margin
 * SANDBOX_MARGIN_PERCENT, so every open market's implied probabilities sum to 1 + margin, up to the
 * rounding of odds down to a hundredth. A live match plays out in accelerated time (`speed`): on each
 * tick its score and clock move, its odds are recomputed from the score and the time left, its markets
 * are suspended for a few real seconds after a goal (a break of serve, a run, a map) and reopen at new
 * prices, a market whose result is already known (a period over, a total passed) is closed and then
 * settled, and at the end every market is settled from the final score by markets.ts. A market whose
 * favourite is too likely to be priced within the book's odds range is suspended (off the board).
 *
 * Only what changed is delivered, whole events, once per tick. The public test hooks (`startNow`,
 * `finishNow`, `setOdds`, `suspendMarket`, `cancel`, `correctResult`) change one event at once and resolve
 * after the sink received it, so an end-to-end test can put a bet on an event and watch it settle.
 *
 * Event ids carry the run (`sbx-<run>-<n>`, the run being the start time in base 36): a restarted server
 * plays new matches under new ids rather than new results under ids the book already holds bets on.
 */
import {
  MAX_ODDS_MILLI,
  MIN_ODDS_MILLI,
  SANDBOX_MARGIN_PERCENT,
  SPORTS,
  type MarketKey,
  type OutcomeCode,
  type OutcomeResult,
  type Sport,
} from '@/lib/constants/sports';
import { applyMargin } from '@/lib/sports/odds';
import { HttpError } from '../../../lib/errors';
import { consoleFeedLog, type FeedLog } from './log';
import { decidedDuringPlay, settleEvent } from './markets';
import type { FeedEvent, FeedMarket, FeedSink, OddsFeed } from './model';
import { SANDBOX_LEAGUES, type SandboxLeague } from './sandbox-leagues';
import { createMatchSim, fairProbabilities, seededRng, type MatchSim, type Rng } from './sandbox-sports';

export interface SandboxFeedOptions {
  /** Seeds the calendar, the strengths and every match: the same seed and clock play the same book. */
  seed?: number;
  /** Milliseconds since the epoch; tests pass a clock they move and call {@link SandboxFeed.tick}. */
  now?: () => number;
  tickMs?: number;
  /**
   * How many times faster than real time matches are played. The default, 11.25, plays football's 90
   * minutes in 8 real minutes; the other sports take 6–10 (sandbox-sports.ts `playPerSecond`).
   */
  speed?: number;
  /** Fixtures per sport not yet over (live and upcoming); the calendar is topped up to it. */
  calendar?: { perSport?: number };
  log?: FeedLog;
}

export const SANDBOX_DEFAULT_SPEED = 11.25;
/** How long (real time) markets stay suspended after a goal, a break of serve, a run, a map. */
export const SANDBOX_SUSPEND_MS = 5_000;
/** A closed market is settled this long after its result became known, as a book confirms a result. */
export const SANDBOX_SETTLE_AFTER_MS = 2_000;
/** How long a finished match stays in the feed's list (the book keeps its own copy). */
const RETAIN_ENDED_MS = 10 * 60_000;
/** Every so often one upcoming match's prices drift a little, as pre-match markets do. */
const DRIFT_EVERY_MS = 15_000;
const DEFAULT_PER_SPORT = 16;
/**
 * The range of fair probabilities a market is offered within: 1 / (0.93 × 1.06) is just over 1.01 and
 * 1 / (0.001 × 1.06) under 1000, the book's odds range, so an open market's margin is exactly the
 * declared one before rounding. Beyond it a market is suspended rather than priced at a clamped 1.01.
 */
const MAX_PROBABILITY = 0.93;
const MIN_PROBABILITY = 0.001;

const CODES: Record<MarketKey, OutcomeCode[]> = {
  '1x2': ['1', 'X', '2'],
  winner: ['1', '2'],
  double_chance: ['1X', '12', 'X2'],
  total: ['over', 'under'],
  handicap: ['1', '2'],
  btts: ['yes', 'no'],
  period_1x2: ['1', 'X', '2'],
  period_winner: ['1', '2'],
  period_total: ['over', 'under'],
};

interface MarketPlan {
  key: MarketKey;
  period: number | null;
  line: number | null;
}

interface Fixture {
  event: FeedEvent;
  league: SandboxLeague;
  homeRating: number;
  awayRating: number;
  sim: MatchSim;
  /** Markets closed with their result known, to be settled at `at` + SANDBOX_SETTLE_AFTER_MS. */
  closing: Map<string, { results: OutcomeResult[]; at: number }>;
  suspendedUntil: number;
  manualSuspended: Set<string>;
  /** Odds set by hand (setOdds): they stand until set again. */
  overrides: Map<string, number>;
  /** When it finished or was cancelled. */
  endedAt: number | null;
  /** The event as last delivered (JSON), to deliver only what changed. */
  delivered: string | null;
  dirty: boolean;
}

const marketIdOf = (eventId: string, plan: MarketPlan): string =>
  `${eventId}:${plan.key}${plan.period !== null ? `:p${plan.period}` : ''}${plan.line !== null ? `:${plan.line}` : ''}`;

const halfLines = (from: number, to: number): number[] => {
  const lines: number[] = [];
  for (let line = Math.floor(from) + 0.5; line <= to; line += 1) lines.push(line);
  return lines;
};

export class SandboxFeed implements OddsFeed {
  private readonly rng: Rng;
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly speed: number;
  private readonly perSport: number;
  private readonly log: FeedLog;
  private readonly runTag: string;
  private readonly fixtures = new Map<string, Fixture>();
  private readonly ratings = new Map<string, number>();
  private counter = 0;
  private lastTick: number;
  private lastDrift: number;
  private sink: FeedSink | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(options: SandboxFeedOptions = {}) {
    this.rng = seededRng(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.now = options.now ?? Date.now;
    this.tickMs = options.tickMs ?? 1_000;
    this.speed = options.speed ?? SANDBOX_DEFAULT_SPEED;
    this.perSport = Math.max(3, options.calendar?.perSport ?? DEFAULT_PER_SPORT);
    this.log = options.log ?? consoleFeedLog;
    const now = this.now();
    this.runTag = Math.floor(now / 1000).toString(36);
    this.lastTick = now;
    this.lastDrift = now;
    this.buildCalendar(now);
  }

  async start(sink: FeedSink): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.sink = sink;
    this.lastTick = this.now();
    for (const fixture of this.fixtures.values()) fixture.dirty = true;
    this.timer = setInterval(() => {
      try {
        this.advance(this.now());
        if (!this.inFlight) void this.flush();
      } catch (error) {
        this.log.warn({ err: error }, 'sandbox feed: a tick failed');
      }
    }, this.tickMs);
    this.timer.unref();
    await this.flush();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.inFlight) await this.inFlight;
    this.sink = null;
  }

  /** Plays everything up to `now()` and delivers what changed: the timer's work, callable by tests. */
  tick(): Promise<void> {
    this.advance(this.now());
    return this.flush();
  }

  /** Every event the feed holds now (copies), finished ones for a while after their end. */
  events(): FeedEvent[] {
    return [...this.fixtures.values()].map((fixture) => structuredClone(fixture.event));
  }

  /** An upcoming match kicks off now. */
  async startNow(eventId: string): Promise<void> {
    const fixture = this.fixture(eventId);
    if (fixture.event.status !== 'prematch') {
      throw new HttpError(409, `Event ${eventId} is ${fixture.event.status}.`);
    }
    this.goLive(fixture, this.now());
    await this.changed(fixture);
  }

  /**
   * Ends a match at once (upcoming or live) with this final score, or with the rest of the match played
   * out in an instant, and settles every market from it. A score without periods settles the period
   * markets void and hockey's match result on the full score (markets.ts).
   */
  async finishNow(
    eventId: string,
    score?: { home: number; away: number; periods?: [number, number][] },
  ): Promise<void> {
    const fixture = this.fixture(eventId);
    this.assertNotOver(fixture);
    const now = this.now();
    if (fixture.event.status === 'prematch') this.goLive(fixture, now);
    if (!score) fixture.sim.playToEnd(this.rng);
    this.finish(
      fixture,
      now,
      score ? { home: score.home, away: score.away, periods: score.periods ?? [] } : null,
    );
    await this.changed(fixture);
  }

  /** Sets one outcome's odds (an operator's price change); it stands until set again. */
  async setOdds(outcomeId: string, oddsMilli: number): Promise<void> {
    if (!Number.isInteger(oddsMilli) || oddsMilli < MIN_ODDS_MILLI || oddsMilli > MAX_ODDS_MILLI) {
      throw new HttpError(422, `Odds ${oddsMilli} are outside ${MIN_ODDS_MILLI}..${MAX_ODDS_MILLI}.`);
    }
    const { fixture, market } = this.market(outcomeId.slice(0, outcomeId.lastIndexOf(':')));
    if (market.status === 'closed' || market.status === 'settled') {
      throw new HttpError(409, `Market ${market.id} is ${market.status}.`);
    }
    const outcome = market.outcomes.find((candidate) => candidate.id === outcomeId);
    if (!outcome) throw new HttpError(404, `Unknown outcome ${outcomeId}.`);
    fixture.overrides.set(outcomeId, oddsMilli);
    outcome.oddsMilli = oddsMilli;
    await this.changed(fixture);
  }

  /** Suspends a market until told otherwise (or lifts that suspension). */
  async suspendMarket(marketId: string, suspended: boolean): Promise<void> {
    const { fixture } = this.market(marketId);
    this.assertNotOver(fixture);
    if (suspended) fixture.manualSuspended.add(marketId);
    else fixture.manualSuspended.delete(marketId);
    this.reprice(fixture, this.now());
    await this.changed(fixture);
  }

  /** Calls a match off: every market void. */
  async cancel(eventId: string): Promise<void> {
    const fixture = this.fixture(eventId);
    this.assertNotOver(fixture);
    fixture.event = settleEvent({ ...fixture.event, status: 'cancelled', clock: null });
    fixture.endedAt = this.now();
    await this.changed(fixture);
  }

  /**
   * Corrects a finished match's final score: the event is delivered again with every market's result
   * decided anew, and the book settles the difference. Periods not given are taken as not broken down.
   */
  async correctResult(
    eventId: string,
    score: { home: number; away: number; periods?: [number, number][] },
  ): Promise<void> {
    const fixture = this.fixture(eventId);
    if (fixture.event.status !== 'finished') {
      throw new HttpError(409, `Event ${eventId} is ${fixture.event.status}.`);
    }
    fixture.event = settleEvent({
      ...fixture.event,
      score: { home: score.home, away: score.away, periods: score.periods ?? [] },
    });
    await this.changed(fixture);
  }

  private fixture(eventId: string): Fixture {
    const fixture = this.fixtures.get(eventId);
    if (!fixture) throw new HttpError(404, `Unknown event ${eventId}.`);
    return fixture;
  }

  private market(marketId: string): { fixture: Fixture; market: FeedMarket } {
    const fixture = this.fixture(marketId.split(':')[0]);
    const market = fixture.event.markets.find((candidate) => candidate.id === marketId);
    if (!market) throw new HttpError(404, `Unknown market ${marketId}.`);
    return { fixture, market };
  }

  private assertNotOver(fixture: Fixture): void {
    const { status, id } = fixture.event;
    if (status === 'finished' || status === 'cancelled') {
      throw new HttpError(409, `Event ${id} is ${status}.`);
    }
  }

  private changed(fixture: Fixture): Promise<void> {
    this.mark(fixture);
    return this.flush();
  }

  /** Flags the fixture for delivery when it differs from what was last delivered. */
  private mark(fixture: Fixture): void {
    const state = JSON.stringify(fixture.event);
    if (state !== fixture.delivered) {
      fixture.delivered = state;
      fixture.dirty = true;
    }
  }

  /**
   * Delivers the changed events, one delivery at a time and in order: a slow sink makes the next ticks
   * wait, then get the state of that moment (intermediate states are skipped, whole events make that
   * harmless). A delivery the sink refused is delivered again on the next tick.
   */
  private async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    const sink = this.sink;
    if (!sink) return;
    const batch = [...this.fixtures.values()].filter((fixture) => fixture.dirty);
    if (batch.length === 0) return;
    for (const fixture of batch) fixture.dirty = false;
    const events = batch.map((fixture) => structuredClone(fixture.event));
    this.inFlight = (async () => {
      try {
        await sink.events(events);
      } catch (error) {
        for (const fixture of batch) fixture.dirty = true;
        this.log.warn({ err: error, events: events.length }, 'sandbox feed: the sink refused a delivery');
      }
    })().then(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  private advance(now: number): void {
    const seconds = (Math.max(0, now - this.lastTick) / 1000) * this.speed;
    this.lastTick = now;
    for (const fixture of [...this.fixtures.values()]) {
      const { event } = fixture;
      if (event.status === 'prematch' && event.startsAt.getTime() <= now) {
        this.goLive(fixture, now);
        this.mark(fixture);
      } else if (event.status === 'live') {
        if (fixture.sim.advance(seconds * fixture.sim.playPerSecond, this.rng)) {
          fixture.suspendedUntil = now + SANDBOX_SUSPEND_MS;
        }
        this.update(fixture, now);
        this.mark(fixture);
      } else if (fixture.endedAt !== null && now - fixture.endedAt > RETAIN_ENDED_MS) {
        this.fixtures.delete(event.id);
      }
    }
    if (now - this.lastDrift >= DRIFT_EVERY_MS) {
      this.lastDrift = now;
      this.drift(now);
    }
    this.refill(now);
  }

  /** Kicks off (brought forward to now when started or finished by hand before its time). */
  private goLive(fixture: Fixture, now: number): void {
    if (fixture.event.startsAt.getTime() > now) fixture.event.startsAt = new Date(now);
    fixture.event.status = 'live';
    this.update(fixture, now);
  }

  /** Reads a live match's state into its event (finishing it when it is over). */
  private update(fixture: Fixture, now: number): void {
    if (fixture.sim.finished) {
      this.finish(fixture, now, null);
      return;
    }
    fixture.event.score = fixture.sim.score();
    fixture.event.clock = fixture.sim.clock();
    this.reprice(fixture, now);
  }

  private finish(fixture: Fixture, now: number, score: FeedEvent['score']): void {
    fixture.event = settleEvent({
      ...fixture.event,
      status: 'finished',
      score: score ?? fixture.sim.score(),
      clock: null,
    });
    fixture.closing.clear();
    fixture.endedAt = now;
  }

  /**
   * Prices every market of an upcoming or live match from its simulation, and sets its status: closed
   * then settled once its result is known, suspended while held (by hand, after a goal, or off the
   * board), else open. A held market keeps the odds it had, and reopens at the odds of that moment.
   */
  private reprice(fixture: Fixture, now: number, initial = false): void {
    const { event, sim } = fixture;
    if (event.status !== 'prematch' && event.status !== 'live') return;
    const score = event.status === 'live' ? sim.score() : null;
    const completed = score ? sim.completedPeriods() : 0;
    for (const market of event.markets) {
      if (market.status === 'settled') continue;
      const codes = market.outcomes.map((outcome) => outcome.code);
      if (market.status === 'closed') {
        const closing = fixture.closing.get(market.id);
        if (closing && now >= closing.at + SANDBOX_SETTLE_AFTER_MS) {
          market.status = 'settled';
          market.outcomes.forEach((outcome, i) => (outcome.result = closing.results[i]));
        }
        continue;
      }
      const decided = score ? decidedDuringPlay(event.sport, market, codes, score, completed) : null;
      if (decided) {
        market.status = 'closed';
        fixture.closing.set(market.id, { results: decided, at: now });
        continue;
      }
      const fair = fairProbabilities(event.sport, market, codes, sim.scenarios(market.key, market.period));
      const onBoard = fair !== null && fair.every((p) => p >= MIN_PROBABILITY && p <= MAX_PROBABILITY);
      const held = !onBoard || now < fixture.suspendedUntil || fixture.manualSuspended.has(market.id);
      if (fair && (!held || initial)) {
        const odds = applyMargin(fair, SANDBOX_MARGIN_PERCENT);
        market.outcomes.forEach(
          (outcome, i) => (outcome.oddsMilli = fixture.overrides.get(outcome.id) ?? odds[i]),
        );
      }
      market.status = held ? 'suspended' : 'open';
    }
  }

  /** Adds each sport's first fixtures: about a fifth live, a fifth within half an hour, the rest later. */
  private buildCalendar(now: number): void {
    for (const sport of SPORTS) {
      const live = Math.max(1, Math.round(this.perSport / 5));
      const soon = Math.max(1, Math.round(this.perSport / 5));
      for (let i = 0; i < this.perSport; i += 1) {
        if (i < live) {
          const fixture = this.addFixture(sport, now);
          const fraction = 0.05 + 0.6 * this.rng();
          const { typicalSeconds, playPerSecond } = fixture.sim;
          const playedMs = ((fraction * typicalSeconds) / playPerSecond / this.speed) * 1000;
          fixture.event.startsAt = new Date(now - playedMs);
          fixture.event.status = 'live';
          fixture.sim.advance(fraction * typicalSeconds, this.rng);
          this.update(fixture, now);
        } else if (i < live + soon) {
          this.addFixture(sport, this.roundUp(now + (3 + 27 * this.rng()) * 60_000, 5));
        } else {
          this.addFixture(sport, this.roundUp(now + (1 + 47 * this.rng()) * 3_600_000, 15));
        }
      }
    }
    for (const fixture of this.fixtures.values()) this.mark(fixture);
  }

  /** Keeps each sport at `perSport` fixtures not yet over: one ending brings one starting within a quarter of an hour, so that some are always live. */
  private refill(now: number): void {
    for (const sport of SPORTS) {
      let open = 0;
      for (const { event } of this.fixtures.values()) {
        if (event.sport === sport && (event.status === 'prematch' || event.status === 'live')) open += 1;
      }
      for (; open < this.perSport; open += 1) {
        this.mark(this.addFixture(sport, this.roundUp(now + 12 * this.rng() * 60_000, 5)));
      }
    }
  }

  /** One upcoming match a little stronger or weaker on one side, repriced (its lines stay). */
  private drift(now: number): void {
    const upcoming = [...this.fixtures.values()].filter(({ event }) => event.status === 'prematch');
    if (upcoming.length === 0) return;
    const fixture = upcoming[Math.floor(this.rng() * upcoming.length)];
    fixture.homeRating += (this.rng() - 0.5) * 0.04;
    fixture.sim = createMatchSim(
      fixture.event.sport,
      fixture.league.variant,
      fixture.homeRating,
      fixture.awayRating,
      this.rng,
    );
    this.reprice(fixture, now);
    this.mark(fixture);
  }

  private roundUp(ms: number, minutes: number): number {
    const step = minutes * 60_000;
    return Math.ceil(ms / step) * step;
  }

  /** A team's strength: by its place in its league's list, give or take a little. */
  private rating(league: SandboxLeague, team: string): number {
    const key = `${league.id}/${team}`;
    let rating = this.ratings.get(key);
    if (rating === undefined) {
      const place = league.teams.indexOf(team) / Math.max(1, league.teams.length - 1);
      rating = Math.min(0.9, Math.max(0.1, 0.85 - 0.7 * place + (this.rng() - 0.5) * 0.08));
      this.ratings.set(key, rating);
    }
    return rating;
  }

  /** Two teams of a league of the sport, neither already in a match of that league not yet over. */
  private pickTeams(league: SandboxLeague): [string, string] {
    const busy = new Set<string>();
    for (const { event } of this.fixtures.values()) {
      if (event.league.id === league.id && (event.status === 'prematch' || event.status === 'live')) {
        busy.add(event.home);
        busy.add(event.away);
      }
    }
    const free = league.teams.filter((team) => !busy.has(team));
    const pool = [...(free.length >= 2 ? free : league.teams)];
    const home = pool.splice(Math.floor(this.rng() * pool.length), 1)[0];
    const away = pool[Math.floor(this.rng() * pool.length)];
    return [home, away];
  }

  private addFixture(sport: Sport, startsAt: number): Fixture {
    const leagues = SANDBOX_LEAGUES.filter((candidate) => candidate.sport === sport);
    const league = leagues[Math.floor(this.rng() * leagues.length)];
    const [home, away] = this.pickTeams(league);
    const homeRating = this.rating(league, home);
    const awayRating = this.rating(league, away);
    const sim = createMatchSim(sport, league.variant, homeRating, awayRating, this.rng);
    this.counter += 1;
    const id = `sbx-${this.runTag}-${this.counter}`;
    const markets: FeedMarket[] = planMarkets(sport, sim).map((plan) => {
      const marketId = marketIdOf(id, plan);
      return {
        id: marketId,
        ...plan,
        status: 'open',
        outcomes: CODES[plan.key].map((code) => ({
          id: `${marketId}:${code}`,
          code,
          oddsMilli: MIN_ODDS_MILLI,
          result: null,
        })),
      };
    });
    const fixture: Fixture = {
      event: {
        id,
        sport,
        league: { id: league.id, name: league.name },
        home,
        away,
        startsAt: new Date(startsAt),
        status: 'prematch',
        score: null,
        clock: null,
        markets,
      },
      league,
      homeRating,
      awayRating,
      sim,
      closing: new Map(),
      suspendedUntil: 0,
      manualSuspended: new Set(),
      overrides: new Map(),
      endedAt: null,
      delivered: null,
      dirty: false,
    };
    this.reprice(fixture, this.now(), true);
    this.fixtures.set(id, fixture);
    return fixture;
  }
}

/**
 * The markets of a new fixture. Lines are chosen where the market is most even at kick-off (a total's
 * over near 50 %), plus a second line beside it: a whole number for handicaps, so that a push (void) is
 * possible, as on real books' Asian lines.
 */
function planMarkets(sport: Sport, sim: MatchSim): MarketPlan[] {
  const evenness = (key: MarketKey, period: number | null, line: number) => {
    const fair = fairProbabilities(sport, { key, period, line }, CODES[key], sim.scenarios(key, period));
    return fair ? Math.abs(fair[0] - 0.5) : Number.POSITIVE_INFINITY;
  };
  const mostEven = (key: MarketKey, period: number | null, lines: number[]) =>
    lines.reduce((best, line) => (evenness(key, period, line) < evenness(key, period, best) ? line : best));
  const mean = (key: MarketKey, period: number | null, of: (home: number, away: number) => number) =>
    sim.scenarios(key, period).reduce((sum, { score, p }) => {
      const [home, away] = period === null ? [score.home, score.away] : (score.periods[period - 1] ?? [0, 0]);
      return sum + p * of(home, away);
    }, 0);
  const market = (key: MarketKey, period: number | null = null, line: number | null = null): MarketPlan => ({
    key,
    period,
    line,
  });
  const pushAway = (line: number, by: number) => line + (line <= 0 ? -by : by);

  switch (sport) {
    case 'football':
    case 'ice-hockey': {
      const hockey = sport === 'ice-hockey';
      const total = mostEven('total', null, hockey ? halfLines(3, 8) : halfLines(0, 4));
      // Hockey's full score is never level, so its ±0.5 lines are the winner market again: puck lines.
      const handicapLines = halfLines(-3, 3).filter((line) => !hockey || Math.abs(line) > 1);
      const handicap = mostEven('handicap', null, handicapLines);
      const plans = [
        market('1x2'),
        ...(hockey ? [market('winner')] : []),
        market('double_chance'),
        market('total', null, total),
        market('total', null, total + 1),
        market('handicap', null, handicap),
        market('handicap', null, pushAway(handicap, 0.5)),
      ];
      if (!hockey) return [...plans, market('btts')];
      return [
        ...plans,
        market('period_1x2', 1),
        market('period_total', 1, mostEven('period_total', 1, halfLines(0, 2))),
      ];
    }
    case 'basketball': {
      const total = mean('total', null, (home, away) => home + away);
      const margin = mean('winner', null, (home, away) => home - away);
      const quarter = mean('period_total', 1, (home, away) => home + away);
      const mainTotal = mostEven('total', null, halfLines(total - 10, total + 10));
      const mainHandicap = mostEven('handicap', null, halfLines(-margin - 10, -margin + 10));
      return [
        market('winner'),
        market('total', null, mainTotal),
        market('total', null, mainTotal + 3.5),
        market('handicap', null, mainHandicap),
        market('handicap', null, pushAway(mainHandicap, 2.5)),
        market('period_winner', 1),
        market('period_total', 1, mostEven('period_total', 1, halfLines(quarter - 6, quarter + 6))),
      ];
    }
    case 'tennis':
      return [
        market('winner'),
        market('total', null, 2.5),
        market('handicap', null, -1.5),
        market('handicap', null, 1.5),
        market('period_winner', 1),
        market('period_total', 1, 9.5),
      ];
    case 'esports':
      return [
        market('winner'),
        market('total', null, 2.5),
        market('handicap', null, -1.5),
        market('handicap', null, 1.5),
        market('period_winner', 1),
      ];
  }
}
