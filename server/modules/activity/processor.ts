/**
 * The settled-bet processor (issue 19): takes unprocessed `bet_activity` rows in id order, a batch at a
 * time under `FOR UPDATE SKIP LOCKED`, hands them to the consumers (the daily wager here, the VIP club,
 * tournaments) and marks them processed, all in one transaction: a row counts exactly once however many
 * processes run it and wherever one stops. After the commit each consumer may publish what changed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { retryableSqlState, runTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { activityDaily, betActivity } from './schema';

/** Advisory lock key of the processor (one at a time across processes). */
const ACTIVITY_LOCK_CLASS = 734_619_019;

export type ActivityRow = typeof betActivity.$inferSelect;

export interface ActivityConsumer {
  /** Applies the rows (id order) in the processor's transaction; answers what to publish after it. */
  apply(tx: Executor, rows: readonly ActivityRow[], now: Date): Promise<(() => void) | void>;
}

export interface ActivitySettings {
  intervalMs: number;
  batch: number;
  /** Whether the loop runs by itself (tests drive `drain`). */
  auto: boolean;
}

export const DEFAULT_ACTIVITY_SETTINGS: ActivitySettings = { intervalMs: 500, batch: 500, auto: true };

export class ActivityProcessor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private readonly consumers: ActivityConsumer[] = [dailyWager];

  constructor(
    private readonly deps: { db: Database; clock: Clock; log: FastifyBaseLogger },
    readonly settings: ActivitySettings = DEFAULT_ACTIVITY_SETTINGS,
  ) {}

  use(consumer: ActivityConsumer): void {
    this.consumers.push(consumer);
  }

  start(): void {
    if (!this.settings.auto || this.timer) return;
    this.timer = setInterval(() => {
      this.running = this.running
        .then(() => this.drain())
        .catch((error) => {
          this.deps.log.error(
            { err: error },
            'activity: processing failed; the rows are taken again next time',
          );
        });
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  /** Processes one batch (at most `limit` rows); answers how many rows it took. */
  async runOnce(limit = this.settings.batch): Promise<number> {
    const now = this.deps.clock();
    const after: Array<() => void> = [];
    const taken = await runTransaction(this.deps.db, async (tx) => {
      // One processor at a time (any process): rows are applied in id order, so a bet's rollback never
      // comes before the bet. Another process's tick finds the lock taken and leaves the work to it.
      const { rows: locks } = await tx.execute<{ taken: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${ACTIVITY_LOCK_CLASS}, 0) AS taken`,
      );
      if (!locks[0]?.taken) return 0;
      const rows = await tx
        .select()
        .from(betActivity)
        .where(isNull(betActivity.processedAt))
        .orderBy(asc(betActivity.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      after.length = 0;
      for (const consumer of this.consumers) {
        const publish = await consumer.apply(tx, rows, now);
        if (publish) after.push(publish);
      }
      await tx
        .update(betActivity)
        .set({ processedAt: now })
        .where(
          inArray(
            betActivity.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    for (const publish of after) {
      try {
        publish();
      } catch (error) {
        this.deps.log.warn({ err: error }, 'activity: a change was not published');
      }
    }
    return taken;
  }

  /**
   * Processes until nothing is left (what the loop does each tick; tests call it). A batch that fails is
   * taken again row by row, so one row no consumer can apply does not hold every later bet back: a row
   * that fails alone POISON_ATTEMPTS times in a row with an error that is not a passing one (a deadlock,
   * a lost connection) is set aside, processed without its effects, and logged as an error with its key
   * for the operator.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      let taken: number;
      try {
        taken = await this.runOnce();
      } catch (error) {
        if (isPassing(error)) throw error;
        this.deps.log.warn({ err: error }, 'activity: a batch failed; taking its rows one by one');
        taken = await this.runSingly();
      }
      total += taken;
      if (taken < this.settings.batch) return total;
    }
  }

  private failures = { id: 0, count: 0 };

  /** Up to a batch of rows, one transaction each, until one fails (see drain). */
  private async runSingly(): Promise<number> {
    let taken = 0;
    for (; taken < this.settings.batch; taken += 1) {
      try {
        if ((await this.runOnce(1)) === 0) return taken;
        this.failures = { id: 0, count: 0 };
      } catch (error) {
        if (isPassing(error)) throw error;
        const [first] = await this.deps.db
          .select({ id: betActivity.id, key: betActivity.key })
          .from(betActivity)
          .where(isNull(betActivity.processedAt))
          .orderBy(asc(betActivity.id))
          .limit(1);
        if (!first) return taken;
        this.failures =
          this.failures.id === first.id
            ? { id: first.id, count: this.failures.count + 1 }
            : { id: first.id, count: 1 };
        if (this.failures.count < POISON_ATTEMPTS) throw error;
        await this.deps.db
          .update(betActivity)
          .set({ processedAt: this.deps.clock() })
          .where(eq(betActivity.id, first.id));
        this.deps.log.error(
          { err: error, activity: first.id, key: first.key },
          'activity: a settled bet could not be counted and was set aside (tournaments, VIP and the top leave it out)',
        );
        this.failures = { id: 0, count: 0 };
      }
    }
    return taken;
  }
}

/** How many times in a row a row must fail alone before it is set aside (see drain). */
export const POISON_ATTEMPTS = 3;

/** An error that says nothing about the rows: the database was busy or away. */
function isPassing(error: unknown): boolean {
  if (retryableSqlState(error) !== null) return true;
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    (/^08/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01'].includes(code))
  );
}

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Each player's wager per UTC day (bets add, rollbacks take back), one upsert per player, day and currency. */
const dailyWager: ActivityConsumer = {
  async apply(tx, rows) {
    const sums = new Map<
      string,
      { userId: number; day: string; currency: string; minor: bigint; rub: bigint }
    >();
    for (const row of rows) {
      if (row.stakeMinor === 0n) continue;
      const day = utcDay(row.at);
      const key = `${row.userId}|${day}|${row.currency}`;
      const sum = sums.get(key) ?? { userId: row.userId, day, currency: row.currency, minor: 0n, rub: 0n };
      sum.minor += row.stakeMinor;
      sum.rub += row.stakeRubMinor;
      sums.set(key, sum);
    }
    if (sums.size === 0) return;
    await tx
      .insert(activityDaily)
      .values(
        [...sums.values()].map((sum) => ({
          userId: sum.userId,
          day: sum.day,
          currency: sum.currency,
          wageredMinor: sum.minor,
          wageredRubMinor: sum.rub,
        })),
      )
      .onConflictDoUpdate({
        target: [activityDaily.userId, activityDaily.day, activityDaily.currency],
        set: {
          wageredMinor: sql`${activityDaily.wageredMinor} + excluded.wagered_minor`,
          wageredRubMinor: sql`${activityDaily.wageredRubMinor} + excluded.wagered_rub_minor`,
        },
      });
  },
};
