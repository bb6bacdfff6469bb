/**
 * The odds feed into the book (issue 18): an adapter (feed/) delivers whole events; this stores what
 * changed, tells the sockets, and hands markets whose results are new or corrected to settlement.
 *
 * What a delivery changed is found against a signature of each event and market kept in memory (loaded
 * from the database the first time a market is seen, so a restarted process neither rewrites every row
 * nor loses the count of a market's results). Changed rows are written in one transaction, then the
 * changes go out as patches (`{ type: 'event', event }`) on `sports` and `sports:<event id>`, then
 * settlement runs for the markets whose results changed (their `results_version` grew in that same
 * transaction, so a process stopped before settling leaves work the catch-up pass finds).
 *
 * Deliveries are handled one at a time, in order.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SPORTS_TOPIC, sportsEventTopic } from '@/lib/constants/sports';
import type { SportsEventPatch } from '@/lib/contracts/sports';
import type { Executor } from '../../db/client';
import type { RealtimeBus } from '../../realtime/bus';
import type { FeedEvent, FeedMarket, FeedSink } from './feed/model';
import * as repository from './repository';
import type { NewSportMarket } from './repository';
import type { StoredOutcome } from './schema';
import { marketView } from './views';

interface KnownMarket {
  signature: string;
  results: string;
  resultsVersion: number;
  operatorStatus: string | null;
}

const eventSignature = (event: FeedEvent): string =>
  JSON.stringify([
    event.sport,
    event.league,
    event.home,
    event.away,
    event.startsAt.getTime(),
    event.status,
    event.score,
    event.clock,
  ]);

const storedOutcomes = (market: FeedMarket): StoredOutcome[] =>
  market.outcomes.map((o) => ({ id: o.id, code: o.code, oddsMilli: o.oddsMilli, result: o.result }));

const marketSignature = (market: FeedMarket, position: number): string =>
  JSON.stringify([market.key, market.period, market.line, position, market.status, storedOutcomes(market)]);

const resultsOf = (outcomes: readonly { result: string | null }[]): string =>
  outcomes.map((o) => o.result ?? '-').join(',');

export interface IngestOptions {
  db: Executor;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Markets whose results are new or corrected, once stored. */
  settle: (marketIds: string[]) => void;
  /**
   * The feed names every event it runs (the sandbox): on its first delivery, this feed's events (by id
   * prefix) that are not over and not delivered are cancelled (every bet on them void).
   */
  cancelMissing?: { prefix: string };
}

export class SportsIngest implements FeedSink {
  private readonly events_ = new Map<string, string>();
  private readonly markets = new Map<string, KnownMarket>();
  private queue: Promise<void> = Promise.resolve();
  private first = true;

  constructor(private readonly options: IngestOptions) {}

  events(events: FeedEvent[]): Promise<void> {
    const run = this.queue.then(() => this.ingest(events));
    this.queue = run.catch((error: unknown) =>
      this.options.log.error({ err: error }, 'sports: a feed delivery failed'),
    );
    return run;
  }

  /** Resolves when every delivery so far is stored. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async ingest(events: FeedEvent[]): Promise<void> {
    const { db } = this.options;
    const now = this.options.clock();
    const unseen = events.flatMap((e) => e.markets.map((m) => m.id)).filter((id) => !this.markets.has(id));
    if (unseen.length > 0) {
      for (const row of await repository.findMarkets(db, unseen)) {
        this.markets.set(row.id, {
          signature: '',
          results: resultsOf(row.outcomes),
          resultsVersion: row.resultsVersion,
          operatorStatus: row.operatorStatus,
        });
      }
    }
    const eventRows: repository.NewSportEvent[] = [];
    const marketRows: NewSportMarket[] = [];
    const patches: SportsEventPatch[] = [];
    const settled: string[] = [];
    for (const event of events) {
      const signature = eventSignature(event);
      const eventChanged = this.events_.get(event.id) !== signature;
      const patch: SportsEventPatch = { id: event.id };
      if (eventChanged) {
        this.events_.set(event.id, signature);
        eventRows.push({
          id: event.id,
          sport: event.sport,
          leagueId: event.league.id,
          leagueName: event.league.name,
          home: event.home,
          away: event.away,
          startsAt: event.startsAt,
          status: event.status,
          score: event.score,
          clock: event.clock,
          updatedAt: now,
        });
        Object.assign(patch, { status: event.status, score: event.score, clock: event.clock });
      }
      const changedMarkets: SportsEventPatch['markets'] = [];
      event.markets.forEach((market, position) => {
        const known = this.markets.get(market.id);
        const signature = marketSignature(market, position);
        if (known?.signature === signature) return;
        const results = resultsOf(market.outcomes);
        const hasResults = market.outcomes.some((o) => o.result !== null);
        let resultsVersion = known?.resultsVersion ?? 0;
        if ((known ? known.results !== results : hasResults) && (hasResults || resultsVersion > 0)) {
          resultsVersion += 1;
          settled.push(market.id);
        }
        const row: NewSportMarket = {
          id: market.id,
          eventId: event.id,
          key: market.key,
          period: market.period,
          line: market.line,
          position,
          status: market.status,
          outcomes: storedOutcomes(market),
          resultsVersion,
          updatedAt: now,
        };
        marketRows.push(row);
        const operatorStatus = known?.operatorStatus ?? null;
        this.markets.set(market.id, { signature, results, resultsVersion, operatorStatus });
        changedMarkets.push(
          marketView({
            ...row,
            operatorStatus,
            line: row.line ?? null,
            period: row.period ?? null,
            resultsVersion,
          }),
        );
      });
      if (changedMarkets.length > 0) patch.markets = changedMarkets;
      if (eventChanged || changedMarkets.length > 0) patches.push(patch);
    }
    if (this.first && this.options.cancelMissing) {
      this.first = false;
      const delivered = new Set(events.map((e) => e.id));
      const missing = (await repository.unfinishedEventIds(db, this.options.cancelMissing.prefix)).filter(
        (id) => !delivered.has(id),
      );
      await this.cancel(missing, now, eventRows, marketRows, settled);
    }
    this.first = false;
    if (eventRows.length > 0 || marketRows.length > 0) {
      await db.transaction(async (tx) => {
        await repository.upsertEvents(tx, eventRows);
        await repository.upsertMarkets(tx, marketRows);
      });
    }
    for (const patch of patches) {
      this.options.bus.publish({ topic: SPORTS_TOPIC, type: 'event', event: patch });
      this.options.bus.publish({ topic: sportsEventTopic(patch.id), type: 'event', event: patch });
    }
    if (settled.length > 0) this.options.settle(settled);
  }

  /** Events the feed no longer runs: cancelled, every market settled void. */
  private async cancel(
    ids: string[],
    now: Date,
    eventRows: repository.NewSportEvent[],
    marketRows: NewSportMarket[],
    settled: string[],
  ): Promise<void> {
    if (ids.length === 0) return;
    const { db, log } = this.options;
    log.info({ events: ids.length }, 'sports: events the feed no longer runs are cancelled');
    for (const row of await repository.findEvents(db, ids))
      eventRows.push({ ...row, status: 'cancelled', clock: null, updatedAt: now });
    for (const market of await repository.marketsOfEvents(db, ids)) {
      const resultsVersion = market.resultsVersion + 1;
      marketRows.push({
        ...market,
        status: 'settled',
        outcomes: market.outcomes.map((o) => ({ ...o, result: 'void' })),
        resultsVersion,
        updatedAt: now,
      });
      settled.push(market.id);
    }
  }
}
