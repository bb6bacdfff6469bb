/**
 * The sportsbook in one API process (issue 18): the odds feed's deliveries stored (ingest.ts) and the bets
 * settled (settlement.ts).
 *
 * - The feed runs in one process at a time: without REDIS_URL the only one; with it, the holder of the lease
 *   `SPORTS_FEED_LEASE_KEY` (realtime/lease.ts), so N processes neither poll a paid feed N times nor race
 *   each other's deliveries. Another process takes the feed over within the lease's TTL if the holder dies.
 * - Every process runs the settle job (a catch-up pass every `settleIntervalMs` for results nobody settled,
 *   e.g. a process stopped between storing results and settling them); the feed's process also settles
 *   at once after each delivery with new results. Bets are settled under their row's lock, so passes in
 *   several processes settle each result once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RealtimeBus, RealtimeMessage } from '../../realtime/bus';
import type { LeaderLease } from '../../realtime/lease';
import type { OddsFeed } from './feed/model';
import { SportsIngest } from './ingest';
import { event } from './service';
import { settlePending } from './settlement';

export const SPORTS_FEED_LEASE_KEY = 'casino:sports:feed';

export interface SportsSettings {
  settleIntervalMs: number;
  /** Whether the settle job runs by itself (tests drive it). */
  autoSettle: boolean;
}

export const DEFAULT_SPORTS_SETTINGS: SportsSettings = { settleIntervalMs: 5_000, autoSettle: true };

export class SportsRuntime {
  readonly ingest: SportsIngest;
  private interval: NodeJS.Timeout | null = null;
  private settling: Promise<void> = Promise.resolve();
  private feedRunning = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Executor;
      clock: Clock;
      log: FastifyBaseLogger;
      bus: RealtimeBus;
      feed: OddsFeed | null;
      /** Which of the book's events the feed runs all of (the sandbox): see IngestOptions.cancelMissing. */
      feedPrefix?: string | null;
      lease?: LeaderLease | null;
    },
    readonly settings: SportsSettings = DEFAULT_SPORTS_SETTINGS,
  ) {
    this.ingest = new SportsIngest({
      db: deps.db,
      bus: deps.bus,
      log: deps.log,
      clock: deps.clock,
      settle: (marketIds) => void this.settle(marketIds),
      cancelMissing: deps.feedPrefix ? { prefix: deps.feedPrefix } : undefined,
    });
  }

  /** The feed the process runs (the dev routes drive the sandbox's). */
  get feed(): OddsFeed | null {
    return this.deps.feed;
  }

  async start(): Promise<void> {
    const { feed, lease, log } = this.deps;
    if (this.settings.autoSettle) {
      this.interval = setInterval(() => void this.settle(null), this.settings.settleIntervalMs);
      this.interval.unref();
    }
    if (!feed) return;
    if (!lease) {
      await this.runFeed();
      return;
    }
    lease.start({
      acquired: () => void this.runFeed(),
      lost: (reason) => {
        log.warn({ reason }, 'sports: the feed lease is lost; the feed stops here');
        void this.stopFeed();
      },
    });
  }

  private async runFeed(): Promise<void> {
    if (this.feedRunning || this.stopped || !this.deps.feed) return;
    this.feedRunning = true;
    try {
      await this.deps.feed.start(this.ingest);
      this.deps.log.info('sports: the odds feed runs in this process');
    } catch (error) {
      this.feedRunning = false;
      this.deps.log.error({ err: error }, 'sports: the odds feed did not start');
    }
  }

  private async stopFeed(): Promise<void> {
    if (!this.feedRunning || !this.deps.feed) return;
    this.feedRunning = false;
    await this.deps.feed.stop();
  }

  /** Settles the bets of these markets (null: the catch-up pass), one pass at a time. */
  settle(marketIds: string[] | null): Promise<void> {
    const run = this.settling.then(async () => {
      const settled = await settlePending(this.deps.db, marketIds, this.deps.clock());
      if (settled.length > 0) this.deps.log.info({ bets: settled.length }, 'sports: bets settled');
    });
    this.settling = run.catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'sports: settlement failed'),
    );
    return run;
  }

  /** Resolves once every delivery so far is stored and the settlement it started is done. */
  async idle(): Promise<void> {
    await this.ingest.idle();
    await this.settling;
  }

  /** The snapshot a socket gets when it subscribes: one event as it stands, or nothing for the lists. */
  async snapshot(topic: string): Promise<RealtimeMessage | null> {
    const id = topic.split(':').slice(1).join(':');
    if (!id) return { topic, type: 'snapshot' };
    const found = await event(this.deps.db, id);
    return found ? { topic, type: 'snapshot', event: found } : null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.stopFeed();
    await this.deps.lease?.close();
    await this.ingest.idle();
    await this.settling;
  }
}
