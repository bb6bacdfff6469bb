/**
 * The casino's background work in the API process (started by app.ts, never in tests), every
 * CASINO_JOB_INTERVAL_MS:
 * - while the catalogue is empty, it pulls the aggregator's game list until the aggregator answers (a
 *   fresh `npm start`, whose studio process may come up after the API); the API's start never waits for
 *   it nor fails with it, a failure is logged and retried;
 * - it sends the free rounds' outbox (bonuses/free-rounds.ts): rewards to create (`bet_count` = the spins
 *   left, `bet_value` = the campaign's bet in the currency, in the aggregator's units, until the spins
 *   expire) and to cancel; a failed call is tried again later with a growing wait. Spins granted while
 *   nothing sent them (before this existed) are queued first.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AggregatorClient } from './aggregator-client';
import { aggregatorUserId } from '@/lib/contracts/aggregator';
import {
  dueFreeRounds,
  freeRoundTerms,
  queueMissingFreeRounds,
  recordFreeRoundCall,
} from '../bonuses/service';
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
  /** The aggregator's units per minor unit (AGGREGATOR_CURRENCY_UNITS / 100). */
  unitsPerMinor: bigint;
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

  async function sendFreeRounds(): Promise<void> {
    const now = clock();
    await queueMissingFreeRounds(db, now);
    for (const due of await dueFreeRounds(db, now)) {
      const { reward } = due;
      try {
        if (reward.status === 'cancel_pending') {
          await client.cancelReward(reward.rewardUuid);
          await recordFreeRoundCall(db, reward, { status: 'cancelled' }, now);
          continue;
        }
        const terms = freeRoundTerms(due, now);
        if (!terms) {
          // Used, cancelled or expired before it was sent: nothing to create.
          await recordFreeRoundCall(db, reward, { status: 'cancelled' }, now);
          continue;
        }
        await client.createReward({
          user: aggregatorUserId(due.spins.userId),
          currency: terms.currency,
          gameCode: terms.gameCode,
          betCount: terms.betCount,
          betValue: Number(terms.betMinor * deps.unitsPerMinor),
          rewardUuid: reward.rewardUuid,
          startTime: now,
          endTime: terms.endTime,
        });
        await recordFreeRoundCall(db, reward, { status: 'created' }, now);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (reward.attempts === 0)
          log.warn({ reward: reward.rewardUuid, err: error }, 'casino: free round not sent yet');
        await recordFreeRoundCall(db, reward, { error: message }, now);
      }
    }
  }

  const runOnce = async () => {
    await syncIfEmpty();
    await sendFreeRounds();
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
