/**
 * The casino's background work in the API process (started by app.ts, never in tests): while the catalogue
 * is empty, it pulls the aggregator's game list every CASINO_JOB_INTERVAL_MS until the aggregator answers
 * (a fresh `npm start`, whose studio process may come up after the API); the API's start never waits for
 * it nor fails with it, a failure is logged and retried.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AggregatorClient } from './aggregator-client';
import { countGames, pullCatalogue } from './service';

export const CASINO_JOB_INTERVAL_MS = 5_000;

export interface CasinoJobs {
  start(): void;
  stop(): Promise<void>;
  /** One pass of the work (tests call it). */
  runOnce(): Promise<void>;
}

export function casinoJobs(deps: {
  db: Database;
  client: AggregatorClient;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): CasinoJobs {
  const { db, client, clock, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let warned = false;

  async function syncIfEmpty(): Promise<void> {
    if ((await countGames(db)) > 0) return;
    try {
      const summary = await pullCatalogue(db, client, clock());
      log.info(
        { added: summary.added.length, providers: summary.providers },
        'casino: catalogue synchronised from the aggregator',
      );
      warned = false;
    } catch (error) {
      // Once per outage at warn level: the studio may simply not be up yet.
      if (!warned)
        log.warn({ err: error }, 'casino: the aggregator’s game list is not available yet; retrying');
      warned = true;
    }
  }

  const runOnce = async () => {
    await syncIfEmpty();
  };

  return {
    start() {
      const tick = () => {
        running ??= runOnce()
          .catch((error: unknown) => log.warn({ err: error }, 'casino: background job failed'))
          .finally(() => {
            running = undefined;
          });
      };
      tick();
      timer = setInterval(tick, deps.intervalMs ?? CASINO_JOB_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
    runOnce,
  };
}
