/**
 * The odds feed's one internal model (issue 18). Every feed adapter (the sandbox of `npm start`,
 * sandbox.ts; The Odds API v4, odds-api.ts) turns what it gets into these, and the sportsbook
 * (../service.ts) stores them, prices bets from them and settles bets from the outcomes' results.
 *
 * An adapter hands the book *whole events* (every market as it stands now): the book compares them with
 * what it has and stores and publishes only what changed. Ids are stable strings made by the adapter: an
 * event's of `[A-Za-z0-9_-]` only, prefixed by the adapter (`sbx-`, `oa-`), since it goes into the event
 * page's address; the markets' and outcomes' ids follow lib/contracts/sports.ts.
 */
import type {
  EventStatus,
  MarketKey,
  MarketStatus,
  OutcomeCode,
  OutcomeResult,
  Sport,
} from '@/lib/constants/sports';

export interface FeedOutcome {
  /** `<market id>:<code>` */
  id: string;
  code: OutcomeCode;
  /** Decimal odds in thousandths (1.85 → 1850). */
  oddsMilli: number;
  /** Set once the market is decided (by the feed, or from the final score by markets.ts). */
  result: OutcomeResult | null;
}

export interface FeedMarket {
  /** `<event id>:<key>[:p<period>][:<line>]` */
  id: string;
  key: MarketKey;
  period: number | null;
  line: number | null;
  /**
   * `open`: bets taken at these odds; `suspended`: held for a while (after a goal, by hand, or a price
   * the feed will not offer), its odds the last offered; `closed`: no more bets, the result not yet
   * given; `settled`: every outcome carries its result (markets.ts decides them from the score).
   */
  status: MarketStatus;
  outcomes: FeedOutcome[];
}

export interface FeedScore {
  home: number;
  away: number;
  periods: [number, number][];
}

export interface FeedEvent {
  id: string;
  sport: Sport;
  league: { id: string; name: string };
  home: string;
  away: string;
  startsAt: Date;
  status: EventStatus;
  score: FeedScore | null;
  clock: string | null;
  markets: FeedMarket[];
}

/** Where an adapter delivers: whole events, as often as they change. */
export interface FeedSink {
  events(events: FeedEvent[]): Promise<void> | void;
}

export interface OddsFeed {
  /** Starts delivering to the sink (the first delivery: every event the feed knows). */
  start(sink: FeedSink): Promise<void> | void;
  stop(): Promise<void>;
}
