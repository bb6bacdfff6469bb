/**
 * The sandbox feed's matches (sandbox.ts): one simulation per sport that plays a match out from its
 * teams' strengths and, at any moment, says how the rest of it may go. The same random model does both,
 * so the prices the sandbox offers are fair for the matches it then plays (before the margin): a bettor
 * has no edge on the sandbox, and the book's margin is what it earns on average.
 *
 * Each simulation describes "the rest of the match" as a list of {@link Scenario}s (final scores with
 * their probabilities) and {@link fairProbabilities} weighs markets.ts's own results over them, so pricing
 * and settlement can never disagree about what a market means (regulation time, void lines, periods).
 * Scenarios are kept small: a market is priced on the distribution it depends on (the final goals of a
 * football match; a basketball match's margin or its total, not both at once; a tennis set's games).
 *
 * Times are simulated seconds of play; the feed decides how fast they pass.
 */
import type { MarketKey, OutcomeCode, Sport } from '@/lib/constants/sports';
import { marketResults } from './markets';
import type { FeedMarket, FeedScore } from './model';

/** A uniform random number in [0, 1). */
export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed plays the same matches. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A Poisson draw (Knuth's method: the λ of one tick or one fast-forwarded period is small). */
export function poissonDraw(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  const limit = Math.exp(-lambda);
  let k = 0;
  let product = rng();
  while (product > limit) {
    k += 1;
    product *= rng();
  }
  return k;
}

/** P(N = k) of a Poisson count for k = 0, 1, … until the tail left out is negligible. */
export function poissonPmf(lambda: number): number[] {
  if (lambda <= 1e-12) return [1];
  const pmf: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < 200; k += 1) {
    pmf.push(p);
    sum += p;
    if (k >= lambda && 1 - sum < 1e-10) break;
    p = (p * lambda) / (k + 1);
  }
  return pmf;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** A normal amount rounded to whole points: P(round(X) = k) for every k that matters. */
function roundedNormal(mean: number, sd: number): [number, number][] {
  if (sd < 1e-6) return [[Math.round(mean), 1]];
  const out: [number, number][] = [];
  for (let k = Math.floor(mean - 6 * sd); k <= Math.ceil(mean + 6 * sd); k += 1) {
    const p = normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd);
    if (p > 1e-12) out.push([k, p]);
  }
  return out;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const between = (rng: Rng, low: number, high: number) => low + (high - low) * rng();
const mmss = (seconds: number) => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

/** One way the rest of a match may go: the score its markets are settled on, and how likely it is. */
export interface Scenario {
  score: FeedScore;
  p: number;
}

/** A score whose only meaningful part is period `period` (1-based): what a period market reads. */
function periodScore(period: number, home: number, away: number): FeedScore {
  const periods: [number, number][] = Array.from({ length: period }, () => [0, 0]);
  periods[period - 1] = [home, away];
  return { home: 0, away: 0, periods };
}

const copyScore = (score: FeedScore): FeedScore => ({
  home: score.home,
  away: score.away,
  periods: score.periods.map(([home, away]) => [home, away]),
});

/**
 * The fair probability of each outcome of a market over the scenarios, void excluded: the price of an
 * outcome that may be void (a total landing on its line) is fair when P(won) / (1 − P(void)), since a
 * void bet gets its stake back. Two-way and three-way markets' probabilities then sum to 1 (double
 * chance's to 2: each result counts in two of its outcomes). Null when every scenario is void.
 */
export function fairProbabilities(
  sport: Sport,
  market: Pick<FeedMarket, 'key' | 'period' | 'line'>,
  codes: readonly OutcomeCode[],
  scenarios: readonly Scenario[],
): number[] | null {
  const won = codes.map(() => 0);
  let total = 0;
  let voided = 0;
  for (const { score, p } of scenarios) {
    total += p;
    const results = marketResults(sport, market, codes, score);
    if (results.every((result) => result === 'void')) voided += p;
    else results.forEach((result, i) => result === 'won' && (won[i] += p));
  }
  const decisive = total - voided;
  if (decisive <= 1e-12) return null;
  return won.map((p) => p / decisive);
}

/** The kinds of league a sport's simulation varies by (a basketball quarter's length, a tour's serve). */
export type SimVariant = 'standard' | 'nba' | 'fiba' | 'atp' | 'wta' | 'cs2' | 'dota2';

/** A match being played (or about to be): advanced by the feed, read for its score, clock and prices. */
export abstract class MatchSim {
  abstract readonly sport: Sport;
  /** Seconds of play of a typical whole match, for the calendar (how long ago a live match started). */
  abstract readonly typicalSeconds: number;
  /**
   * Seconds of play per second of a match's own time: below 1 where the clock stops (a basketball
   * match's 48 minutes take about an hour and a half, hockey's 60 with its intermissions longer still),
   * so that every sport takes a comparable while to watch.
   */
  readonly playPerSecond: number = 1;
  finished = false;
  private cache = new Map<string, Scenario[]>();

  /** Plays `seconds` more; true when something happened the book suspends its markets for. */
  advance(seconds: number, rng: Rng): boolean {
    this.cache.clear();
    let burst = false;
    let left = seconds;
    // Every step ends at the next thing that happens (a goal's period end, a game, a possession) or uses
    // up the time, so a long fast-forward records each point in the period it was scored in.
    while (left > 1e-9 && !this.finished) {
      const step = this.step(left, rng);
      left -= step.used;
      burst ||= step.burst;
    }
    return burst;
  }

  /** Plays to the end at once (a match told to finish without a score). */
  playToEnd(rng: Rng): void {
    for (let guard = 0; guard < 10_000 && !this.finished; guard += 1) this.advance(3_600, rng);
  }

  /** The rest of the match as seen by market `key` of period `period`, computed once per state. */
  scenarios(key: MarketKey, period: number | null): Scenario[] {
    const cacheKey = `${this.measureOf(key)}:${period ?? 0}`;
    let scenarios = this.cache.get(cacheKey);
    if (!scenarios) {
      scenarios = this.finished ? [{ score: this.score(), p: 1 }] : this.computeScenarios(key, period);
      this.cache.set(cacheKey, scenarios);
    }
    return scenarios;
  }

  /** Which distribution a market reads: most sims price everything on one, basketball on two. */
  protected measureOf(key: MarketKey): string {
    return key.startsWith('period_') ? 'period' : 'match';
  }

  protected abstract step(seconds: number, rng: Rng): { used: number; burst: boolean };
  protected abstract computeScenarios(key: MarketKey, period: number | null): Scenario[];
  abstract score(): FeedScore;
  abstract clock(): string;
  /** How many periods are over (their markets are decided). */
  abstract completedPeriods(): number;
}

/** Goals as two Poisson processes over the match (the classic football model, also fair for hockey). */
abstract class GoalsSim extends MatchSim {
  protected periods: [number, number][] = [[0, 0]];
  /** Seconds of regulation play. */
  protected t = 0;

  constructor(
    /** Expected goals of each team over regulation time. */
    protected readonly homeGoals: number,
    protected readonly awayGoals: number,
    protected readonly periodSeconds: number,
    protected readonly periodCount: number,
  ) {
    super();
  }

  protected get regulationSeconds(): number {
    return this.periodSeconds * this.periodCount;
  }

  protected totals(): [number, number] {
    return this.periods.reduce<[number, number]>((sum, [h, a]) => [sum[0] + h, sum[1] + a], [0, 0]);
  }

  score(): FeedScore {
    const [home, away] = this.totals();
    return copyScore({ home, away, periods: this.periods });
  }

  /** Plays regulation time up to the end of the current period; returns whether anyone scored. */
  protected playRegulation(seconds: number, rng: Rng): { used: number; burst: boolean } {
    const index = Math.min(this.periodCount - 1, Math.floor(this.t / this.periodSeconds));
    const end = (index + 1) * this.periodSeconds;
    const used = Math.min(seconds, end - this.t);
    const home = poissonDraw(rng, (this.homeGoals * used) / this.regulationSeconds);
    const away = poissonDraw(rng, (this.awayGoals * used) / this.regulationSeconds);
    this.periods[index][0] += home;
    this.periods[index][1] += away;
    this.t = used >= end - this.t ? end : this.t + used;
    if (this.t >= end && index + 1 < this.periodCount) this.periods.push([0, 0]);
    return { used, burst: home + away > 0 };
  }

  /** The regulation goals still to come, from now. */
  protected remainingGoals(): [number[], number[]] {
    const left = Math.max(0, this.regulationSeconds - this.t) / this.regulationSeconds;
    return [poissonPmf(this.homeGoals * left), poissonPmf(this.awayGoals * left)];
  }

  /** The final goals of period `period` (1-based) from now. */
  protected periodScenarios(period: number): Scenario[] {
    const index = period - 1;
    const current = Math.floor(this.t / this.periodSeconds);
    const base = this.periods[index] ?? [0, 0];
    if (index < current || this.t >= this.regulationSeconds) {
      return [{ score: periodScore(period, base[0], base[1]), p: 1 }];
    }
    const left =
      index === current
        ? (period * this.periodSeconds - this.t) / this.regulationSeconds
        : 1 / this.periodCount;
    const homePmf = poissonPmf(this.homeGoals * left);
    const awayPmf = poissonPmf(this.awayGoals * left);
    const out: Scenario[] = [];
    homePmf.forEach((ph, i) =>
      awayPmf.forEach((pa, j) =>
        out.push({ score: periodScore(period, base[0] + i, base[1] + j), p: ph * pa }),
      ),
    );
    return out;
  }
}

/** Football: two halves of 45 minutes; every market is on the full score. */
class FootballSim extends GoalsSim {
  readonly sport = 'football';
  readonly typicalSeconds = 5_400;

  constructor(homeGoals: number, awayGoals: number) {
    super(homeGoals, awayGoals, 2_700, 2);
  }

  protected step(seconds: number, rng: Rng) {
    const step = this.playRegulation(seconds, rng);
    if (this.t >= this.regulationSeconds) this.finished = true;
    return step;
  }

  clock(): string {
    return `${Math.min(90, Math.floor(this.t / 60) + 1)}'`;
  }

  completedPeriods(): number {
    return this.finished ? 2 : Math.floor(this.t / this.periodSeconds);
  }

  protected computeScenarios(key: MarketKey, period: number | null): Scenario[] {
    if (period !== null) return this.periodScenarios(period);
    const [home, away] = this.totals();
    const [homePmf, awayPmf] = this.remainingGoals();
    const out: Scenario[] = [];
    homePmf.forEach((ph, i) =>
      awayPmf.forEach((pa, j) =>
        out.push({ score: { home: home + i, away: away + j, periods: [] }, p: ph * pa }),
      ),
    );
    return out;
  }
}

const HOCKEY_OVERTIME_SECONDS = 300;

/**
 * Ice hockey: three periods of 20 minutes; a tie goes to five minutes of sudden-death overtime and then a
 * shoot-out, whose winner is credited one goal (the fourth period's score), as leagues count it. Either
 * way the tie breaker adds exactly one goal, so the full score follows from regulation's.
 */
class HockeySim extends GoalsSim {
  readonly sport = 'ice-hockey';
  readonly typicalSeconds = 3_600;
  override readonly playPerSecond = 0.6;
  private overtime = 0;
  private shootout = false;

  constructor(homeGoals: number, awayGoals: number) {
    super(homeGoals, awayGoals, 1_200, 3);
  }

  /** Who wins a tie: the team scoring faster, in overtime and (as a fair stand-in) in the shoot-out. */
  private get homeTieBreak(): number {
    return this.homeGoals / (this.homeGoals + this.awayGoals);
  }

  protected step(seconds: number, rng: Rng) {
    if (this.t < this.regulationSeconds) {
      const step = this.playRegulation(seconds, rng);
      if (this.t >= this.regulationSeconds) {
        const [home, away] = this.totals();
        if (home === away) this.periods.push([0, 0]);
        else this.finished = true;
      }
      return step;
    }
    const used = Math.min(seconds, HOCKEY_OVERTIME_SECONDS - this.overtime);
    const rate = (this.homeGoals + this.awayGoals) / this.regulationSeconds;
    const scored = rng() < 1 - Math.exp(-rate * used);
    this.overtime =
      used >= HOCKEY_OVERTIME_SECONDS - this.overtime ? HOCKEY_OVERTIME_SECONDS : this.overtime + used;
    if (scored || this.overtime >= HOCKEY_OVERTIME_SECONDS) {
      this.shootout = !scored;
      this.periods[3][rng() < this.homeTieBreak ? 0 : 1] += 1;
      this.finished = true;
      return { used, burst: true };
    }
    return { used, burst: false };
  }

  clock(): string {
    if (this.t >= this.regulationSeconds) {
      return this.shootout ? 'SO' : `OT ${mmss(HOCKEY_OVERTIME_SECONDS - this.overtime)}`;
    }
    const index = Math.floor(this.t / this.periodSeconds);
    return `P${index + 1} ${mmss((index + 1) * this.periodSeconds - this.t)}`;
  }

  completedPeriods(): number {
    return this.finished ? this.periods.length : Math.min(3, Math.floor(this.t / this.periodSeconds));
  }

  protected computeScenarios(key: MarketKey, period: number | null): Scenario[] {
    if (period !== null) return this.periodScenarios(period);
    const [home, away] = this.totals();
    const [homePmf, awayPmf] = this.remainingGoals();
    const out: Scenario[] = [];
    const push = (regHome: number, regAway: number, p: number) => {
      if (regHome !== regAway) {
        out.push({
          score: {
            home: regHome,
            away: regAway,
            periods: [
              [regHome, regAway],
              [0, 0],
              [0, 0],
            ],
          },
          p,
        });
        return;
      }
      const periods = (extra: [number, number]): [number, number][] => [
        [regHome, regAway],
        [0, 0],
        [0, 0],
        extra,
      ];
      out.push({
        score: { home: regHome + 1, away: regAway, periods: periods([1, 0]) },
        p: p * this.homeTieBreak,
      });
      out.push({
        score: { home: regHome, away: regAway + 1, periods: periods([0, 1]) },
        p: p * (1 - this.homeTieBreak),
      });
    };
    homePmf.forEach((ph, i) => awayPmf.forEach((pa, j) => push(home + i, away + j, ph * pa)));
    return out;
  }
}

const BASKETBALL_OVERTIME_SECONDS = 300;
/** How points come in a possession, at the shape of a modern game: threes, twos, a lone free throw. */
const THREE_SHARE = 0.11;
const FREE_THROW_SHARE = 0.05;

/**
 * Basketball: possessions alternate at a steady pace and each scores 0–3 points by the team's efficiency;
 * a tie after the fourth quarter plays five-minute overtimes. The rest of a match is priced with the
 * normal law of the points still to come (the sum of many possessions), on its margin (winner, handicap)
 * or its total, each on its own, as no market reads both.
 */
class BasketballSim extends MatchSim {
  readonly sport = 'basketball';
  readonly typicalSeconds: number;
  override readonly playPerSecond = 0.5;
  private periods: [number, number][] = [[0, 0]];
  private t = 0;
  private possessionIn: number;
  private homeBall = true;
  private run = { home: true, points: 0 };
  private readonly possessionSeconds: number;

  constructor(
    private readonly quarterSeconds: number,
    possessionsPerTeam: number,
    /** Expected points per possession. */
    private readonly homeEfficiency: number,
    private readonly awayEfficiency: number,
  ) {
    super();
    this.typicalSeconds = quarterSeconds * 4;
    this.possessionSeconds = this.typicalSeconds / (2 * possessionsPerTeam);
    this.possessionIn = this.possessionSeconds;
  }

  private shares(efficiency: number): { three: number; two: number; one: number; variance: number } {
    const three = THREE_SHARE * (efficiency / 1.1);
    const one = FREE_THROW_SHARE;
    const two = (efficiency - 3 * three - one) / 2;
    return { three, two, one, variance: 9 * three + 4 * two + one - efficiency * efficiency };
  }

  private get periodSeconds(): number {
    return this.periods.length <= 4 ? this.quarterSeconds : BASKETBALL_OVERTIME_SECONDS;
  }

  private totals(): [number, number] {
    return this.periods.reduce<[number, number]>((sum, [h, a]) => [sum[0] + h, sum[1] + a], [0, 0]);
  }

  score(): FeedScore {
    const [home, away] = this.totals();
    return copyScore({ home, away, periods: this.periods });
  }

  protected step(seconds: number, rng: Rng) {
    const periodLeft = this.periodSeconds - this.t;
    if (this.possessionIn <= Math.min(seconds, periodLeft)) {
      const used = this.possessionIn;
      this.t += used;
      const home = this.homeBall;
      const { three, two, one } = this.shares(home ? this.homeEfficiency : this.awayEfficiency);
      const roll = rng();
      const points = roll < three ? 3 : roll < three + two ? 2 : roll < three + two + one ? 1 : 0;
      this.periods[this.periods.length - 1][home ? 0 : 1] += points;
      this.homeBall = !home;
      this.possessionIn = this.possessionSeconds * between(rng, 0.7, 1.3);
      let burst = false;
      if (points > 0) {
        // A run of 8 unanswered points is where books pause the market.
        const before = this.run.home === home ? this.run.points : 0;
        this.run = { home, points: before + points };
        burst = before < 8 && this.run.points >= 8;
      }
      return { used, burst };
    }
    if (periodLeft <= seconds) {
      this.possessionIn = this.possessionSeconds;
      this.t = 0;
      const [home, away] = this.totals();
      if (this.periods.length >= 4 && home !== away) this.finished = true;
      else this.periods.push([0, 0]);
      return { used: periodLeft, burst: true };
    }
    this.t += seconds;
    this.possessionIn -= seconds;
    return { used: seconds, burst: false };
  }

  clock(): string {
    const n = this.periods.length;
    const left = mmss(this.periodSeconds - this.t);
    if (n <= 4) return `Q${n} ${left}`;
    return n === 5 ? `OT ${left}` : `OT${n - 4} ${left}`;
  }

  completedPeriods(): number {
    return this.finished ? this.periods.length : this.periods.length - 1;
  }

  protected measureOf(key: MarketKey): string {
    const measure = key === 'total' || key === 'period_total' ? 'points' : 'margin';
    return `${super.measureOf(key)}-${measure}`;
  }

  /** Mean and variance of the margin and the total of `possessions` more for each team. */
  private outlook(possessions: number) {
    const home = this.shares(this.homeEfficiency);
    const away = this.shares(this.awayEfficiency);
    const variance = possessions * (home.variance + away.variance);
    return {
      margin: possessions * (this.homeEfficiency - this.awayEfficiency),
      total: possessions * (this.homeEfficiency + this.awayEfficiency),
      sd: Math.sqrt(variance),
    };
  }

  protected computeScenarios(key: MarketKey, period: number | null): Scenario[] {
    const points = key === 'total' || key === 'period_total';
    const perTeam = (seconds: number) => seconds / (2 * this.possessionSeconds);
    if (period !== null) {
      const index = period - 1;
      const current = this.periods.length - 1;
      const base = this.periods[index] ?? [0, 0];
      if (index < current) return [{ score: periodScore(period, base[0], base[1]), p: 1 }];
      const seconds = index === current ? this.quarterSeconds - this.t : this.quarterSeconds;
      const outlook = this.outlook(perTeam(seconds));
      if (points) {
        return roundedNormal(base[0] + base[1] + outlook.total, outlook.sd).map(([total, p]) => ({
          score: periodScore(period, total, 0),
          p,
        }));
      }
      return roundedNormal(base[0] - base[1] + outlook.margin, outlook.sd).map(([margin, p]) => ({
        score: periodScore(period, Math.max(margin, 0), Math.max(-margin, 0)),
        p,
      }));
    }
    const [home, away] = this.totals();
    const left =
      this.periodSeconds -
      this.t +
      (this.periods.length < 4 ? (4 - this.periods.length) * this.quarterSeconds : 0);
    const outlook = this.outlook(perTeam(left));
    if (points) {
      return roundedNormal(home + away + outlook.total, outlook.sd).map(([total, p]) => ({
        score: { home: total, away: 0, periods: [] },
        p,
      }));
    }
    // A tie goes to overtime, which the stronger team is likelier to win; its margin is taken as 3.
    const overtime = this.outlook(perTeam(BASKETBALL_OVERTIME_SECONDS));
    const homeOvertime = normalCdf(overtime.margin / overtime.sd);
    const out: Scenario[] = [];
    for (const [margin, p] of roundedNormal(home - away + outlook.margin, outlook.sd)) {
      if (margin !== 0)
        out.push({ score: { home: Math.max(margin, 0), away: Math.max(-margin, 0), periods: [] }, p });
      else {
        out.push({ score: { home: 3, away: 0, periods: [] }, p: p * homeOvertime });
        out.push({ score: { home: 0, away: 3, periods: [] }, p: p * (1 - homeOvertime) });
      }
    }
    return out;
  }
}

/**
 * A best-of-three of units (tennis sets, esports maps): the score is the units won, the periods the units'
 * own scores (games, rounds). The rest of a match is the current unit's outcome, then fresh units.
 */
abstract class BestOfThreeSim extends MatchSim {
  protected units: [number, number][] = [[0, 0]];
  protected won: [number, number] = [0, 0];

  score(): FeedScore {
    return copyScore({ home: this.won[0], away: this.won[1], periods: this.units });
  }

  completedPeriods(): number {
    return this.won[0] + this.won[1];
  }

  /** Records the end of the current unit. */
  protected unitOver(homeWon: boolean): void {
    this.won[homeWon ? 0 : 1] += 1;
    if (this.won[0] === 2 || this.won[1] === 2) this.finished = true;
    else this.units.push([0, 0]);
  }

  /** How the current unit may end (its final score), and how a fresh one may. */
  protected abstract currentUnit(): [number, number, number][];
  protected abstract freshUnit(): [number, number, number][];

  protected computeScenarios(key: MarketKey, period: number | null): Scenario[] {
    if (period !== null) {
      const index = period - 1;
      const current = this.units.length - 1;
      if (index < current) {
        const [home, away] = this.units[index];
        return [{ score: periodScore(period, home, away), p: 1 }];
      }
      const unit = index === current ? this.currentUnit() : this.freshUnit();
      return unit.map(([home, away, p]) => ({ score: periodScore(period, home, away), p }));
    }
    const homeWins = (unit: [number, number, number][]) =>
      unit.reduce((sum, [home, away, p]) => sum + (home > away ? p : 0), 0);
    const next = homeWins(this.currentUnit());
    const later = homeWins(this.freshUnit());
    const out: Scenario[] = [];
    const play = (home: number, away: number, p: number, pHome: number) => {
      if (home === 2 || away === 2) {
        out.push({ score: { home, away, periods: [] }, p });
        return;
      }
      play(home + 1, away, p * pHome, later);
      play(home, away + 1, p * (1 - pHome), later);
    };
    play(this.won[0], this.won[1], 1, next);
    return out;
  }
}

const setWinner = (home: number, away: number): 'home' | 'away' | null => {
  if (home === 7 || (home >= 6 && home - away >= 2)) return 'home';
  if (away === 7 || (away >= 6 && away - home >= 2)) return 'away';
  return null;
};

/** Tennis, best of three sets: games won on serve by each player's hold rate, a tie-break at 6–6. */
class TennisSim extends BestOfThreeSim {
  readonly sport = 'tennis';
  readonly typicalSeconds = 5_800;
  private homeServes: boolean;
  private gameIn: number;

  constructor(
    private readonly homeHold: number,
    private readonly awayHold: number,
    rng: Rng,
  ) {
    super();
    this.homeServes = rng() < 0.5;
    this.gameIn = between(rng, 210, 320);
  }

  private homeWinsGame(games: [number, number], homeServes: boolean): number {
    if (games[0] === 6 && games[1] === 6) return (this.homeHold + 1 - this.awayHold) / 2;
    return homeServes ? this.homeHold : 1 - this.awayHold;
  }

  protected step(seconds: number, rng: Rng) {
    if (seconds < this.gameIn) {
      this.gameIn -= seconds;
      return { used: seconds, burst: false };
    }
    const used = this.gameIn;
    const games = this.units[this.units.length - 1];
    const tieBreak = games[0] === 6 && games[1] === 6;
    const homeWon = rng() < this.homeWinsGame(games, this.homeServes);
    games[homeWon ? 0 : 1] += 1;
    const broken = !tieBreak && homeWon !== this.homeServes;
    this.homeServes = !this.homeServes;
    this.gameIn = tieBreak ? between(rng, 480, 720) : between(rng, 210, 320);
    const set = setWinner(games[0], games[1]);
    if (set) this.unitOver(set === 'home');
    return { used, burst: broken || set !== null };
  }

  clock(): string {
    return `Set ${this.units.length}`;
  }

  /** The final games of a set from `games` with `homeServes` serving next, exactly. */
  private setOutcomes(games: [number, number], homeServes: boolean): [number, number, number][] {
    const memo = new Map<string, Map<string, number>>();
    const from = (home: number, away: number, serves: boolean): Map<string, number> => {
      if (setWinner(home, away)) return new Map([[`${home}:${away}`, 1]]);
      const key = `${home}:${away}:${serves}`;
      const known = memo.get(key);
      if (known) return known;
      const p = this.homeWinsGame([home, away], serves);
      const out = new Map<string, number>();
      for (const [result, q] of from(home + 1, away, !serves))
        out.set(result, (out.get(result) ?? 0) + p * q);
      for (const [result, q] of from(home, away + 1, !serves))
        out.set(result, (out.get(result) ?? 0) + (1 - p) * q);
      memo.set(key, out);
      return out;
    };
    return [...from(games[0], games[1], homeServes)].map(([result, p]) => {
      const [home, away] = result.split(':').map(Number);
      return [home, away, p];
    });
  }

  protected currentUnit(): [number, number, number][] {
    return this.setOutcomes(this.units[this.units.length - 1], this.homeServes);
  }

  /** A later set: who serves first is not known yet, so both ways, half each. */
  protected freshUnit(): [number, number, number][] {
    return [
      ...this.setOutcomes([0, 0], true).map(([h, a, p]): [number, number, number] => [h, a, p / 2]),
      ...this.setOutcomes([0, 0], false).map(([h, a, p]): [number, number, number] => [h, a, p / 2]),
    ];
  }
}

/**
 * Who won a CS2 map at these rounds: first to 13 of 24; at 12–12 overtime blocks of six rounds, first to
 * four, and a 3–3 block starts another.
 */
export function cs2MapWinner(home: number, away: number): 'home' | 'away' | null {
  if (home < 12 || away < 12) {
    if (home === 13) return 'home';
    if (away === 13) return 'away';
    return null;
  }
  const blocks = Math.floor(Math.min(home - 12, away - 12) / 3);
  if (home - 12 - 3 * blocks === 4) return 'home';
  if (away - 12 - 3 * blocks === 4) return 'away';
  return null;
}

/** CS2, best of three maps played round by round; each round won by the home team with one probability. */
class Cs2Sim extends BestOfThreeSim {
  readonly sport = 'esports';
  readonly typicalSeconds = 5_300;
  private roundIn: number;
  private readonly memo = new Map<string, number>();

  constructor(
    private readonly homeRound: number,
    rng: Rng,
  ) {
    super();
    this.roundIn = between(rng, 80, 130);
  }

  protected step(seconds: number, rng: Rng) {
    if (seconds < this.roundIn) {
      this.roundIn -= seconds;
      return { used: seconds, burst: false };
    }
    const used = this.roundIn;
    const rounds = this.units[this.units.length - 1];
    rounds[rng() < this.homeRound ? 0 : 1] += 1;
    this.roundIn = between(rng, 80, 130);
    const map = cs2MapWinner(rounds[0], rounds[1]);
    if (map) this.unitOver(map === 'home');
    return { used, burst: map !== null };
  }

  clock(): string {
    return `Map ${this.units.length}`;
  }

  /** P(home wins the map) from these rounds. An overtime block that ends 3–3 restarts, so its value V
   *  solves V = P(4 first) + P(3–3)·V. */
  private mapWin(home: number, away: number): number {
    const p = this.homeRound;
    const block = (h: number, a: number, tie: number): number => {
      if (h === 4) return 1;
      if (a === 4) return 0;
      if (h === 3 && a === 3) return tie;
      return p * block(h + 1, a, tie) + (1 - p) * block(h, a + 1, tie);
    };
    const restart = block(0, 0, 0) / (1 - (block(0, 0, 1) - block(0, 0, 0)));
    const from = (h: number, a: number): number => {
      const winner = cs2MapWinner(h, a);
      if (winner) return winner === 'home' ? 1 : 0;
      if (h >= 12 && a >= 12) {
        const blocks = Math.floor(Math.min(h - 12, a - 12) / 3);
        return block(h - 12 - 3 * blocks, a - 12 - 3 * blocks, restart);
      }
      const key = `${h}:${a}`;
      const known = this.memo.get(key);
      if (known !== undefined) return known;
      const value = p * from(h + 1, a) + (1 - p) * from(h, a + 1);
      this.memo.set(key, value);
      return value;
    };
    return from(home, away);
  }

  /** Only the map's winner is priced (rounds are not a market here): a 1–0 of the map. */
  protected currentUnit(): [number, number, number][] {
    const [home, away] = this.units[this.units.length - 1];
    const p = this.mapWin(home, away);
    return [
      [1, 0, p],
      [0, 1, 1 - p],
    ];
  }

  protected freshUnit(): [number, number, number][] {
    const p = this.mapWin(0, 0);
    return [
      [1, 0, p],
      [0, 1, 1 - p],
    ];
  }
}

/**
 * Dota 2, best of three maps; a map runs 30–45 minutes and is won by the home team with one probability.
 * There are no rounds, so a map's period score is 1–0 for its winner, and a map's odds change at its end.
 */
class Dota2Sim extends BestOfThreeSim {
  readonly sport = 'esports';
  readonly typicalSeconds = 5_400;
  private mapIn: number;

  constructor(
    private readonly homeMap: number,
    rng: Rng,
  ) {
    super();
    this.mapIn = between(rng, 1_800, 2_700);
  }

  protected step(seconds: number, rng: Rng) {
    if (seconds < this.mapIn) {
      this.mapIn -= seconds;
      return { used: seconds, burst: false };
    }
    const used = this.mapIn;
    const homeWon = rng() < this.homeMap;
    this.units[this.units.length - 1] = homeWon ? [1, 0] : [0, 1];
    this.mapIn = between(rng, 1_800, 2_700);
    this.unitOver(homeWon);
    return { used, burst: true };
  }

  clock(): string {
    return `Map ${this.units.length}`;
  }

  protected currentUnit(): [number, number, number][] {
    return this.freshUnit();
  }

  protected freshUnit(): [number, number, number][] {
    return [
      [1, 0, this.homeMap],
      [0, 1, 1 - this.homeMap],
    ];
  }
}

/**
 * A match between teams of these strengths (0 weakest … 1 strongest in the sandbox's leagues). The home
 * side has a small edge in the team sports. The coefficients put a league's usual mismatch at the prices
 * such leagues see (a football favourite at about 1.3–1.5, an even game near 2.5–3.3–2.8).
 */
export function createMatchSim(
  sport: Sport,
  variant: SimVariant,
  home: number,
  away: number,
  rng: Rng,
): MatchSim {
  const edge = home - away;
  switch (sport) {
    case 'football':
      return new FootballSim(1.45 * Math.exp(0.85 * edge), 1.15 * Math.exp(-0.85 * edge));
    case 'ice-hockey':
      return new HockeySim(3.05 * Math.exp(0.55 * edge), 2.75 * Math.exp(-0.55 * edge));
    case 'basketball':
      return variant === 'nba'
        ? new BasketballSim(720, 100, 1.14 + 0.1 * edge + 0.015, 1.14 - 0.1 * edge)
        : new BasketballSim(600, 72, 1.1 + 0.11 * edge + 0.02, 1.1 - 0.11 * edge);
    case 'tennis': {
      const base = variant === 'wta' ? 0.66 : 0.8;
      return new TennisSim(clamp(base + 0.12 * edge, 0.5, 0.93), clamp(base - 0.12 * edge, 0.5, 0.93), rng);
    }
    case 'esports':
      return variant === 'dota2'
        ? new Dota2Sim(clamp(0.5 + 0.45 * edge, 0.15, 0.85), rng)
        : new Cs2Sim(clamp(0.5 + 0.12 * edge, 0.35, 0.65), rng);
  }
}
