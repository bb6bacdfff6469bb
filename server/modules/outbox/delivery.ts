/**
 * The delivery job: sends the outbox's `queued` messages whose time has come through their channel's
 * sender, in the API process, never in the request that queued them (the request commits its change and
 * the message together, then only wakes this job).
 *
 * - Exactly one job sends a message: each is taken in its own transaction with `FOR UPDATE SKIP LOCKED`
 *   and its lock is held until the outcome is recorded, so the jobs of several API processes (or two in
 *   one) skip what another is sending. A process that dies mid-send leaves the message queued: it is sent
 *   again later (at least once, never twice while the database stays up).
 * - A failure queues the message again after an exponential backoff (OUTBOX_RETRY_BASE_MS doubling per
 *   attempt, at most OUTBOX_RETRY_MAX_MS); after OUTBOX_MAX_ATTEMPTS attempts, or a permanent refusal
 *   (PermanentDeliveryError), it is `failed` with the last error.
 * - A message whose one-time code or link has expired (or been redacted) is `failed` without being sent.
 * - A channel whose sender is outbox-only (no SMTP or SMS provider configured) is left alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as repository from './repository';
import { PermanentDeliveryError, type Senders } from './senders';

/** How often each process looks for due messages (retries, and messages queued by other processes). */
export const OUTBOX_POLL_MS = 2_000;
/** The wait after the first failed attempt; it doubles with each further one. */
export const OUTBOX_RETRY_BASE_MS = 30_000;
/** The longest wait between two attempts. */
export const OUTBOX_RETRY_MAX_MS = 60 * 60_000;
/** Attempts before a message is `failed` (about two hours of retries with the waits above). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Messages one wake-up sends at most before yielding to the next tick. */
const DRAIN_LIMIT = 500;

export interface DeliverySettings {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  pollMs: OUTBOX_POLL_MS,
  retryBaseMs: OUTBOX_RETRY_BASE_MS,
  retryMaxMs: OUTBOX_RETRY_MAX_MS,
  maxAttempts: OUTBOX_MAX_ATTEMPTS,
};

/** The wait after the `failedAttempts`-th failed attempt (1, 2, …). */
export function retryDelayMs(failedAttempts: number, settings: DeliverySettings = DEFAULT_DELIVERY_SETTINGS) {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, failedAttempts - 1), settings.retryMaxMs);
}

export type DeliveryOutcome = { id: number; outcome: 'sent' | 'retry' | 'failed' };

export interface OutboxDeliveryDeps {
  db: Database;
  senders: Senders;
  log: FastifyBaseLogger;
  clock: Clock;
}

export class OutboxDelivery {
  readonly settings: DeliverySettings;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly deps: OutboxDeliveryDeps,
    settings: Partial<DeliverySettings> = {},
  ) {
    this.settings = { ...DEFAULT_DELIVERY_SETTINGS, ...settings };
  }

  /** The channels with a real sender. */
  get channels(): ('email' | 'sms')[] {
    return (['email', 'sms'] as const).filter((channel) => !this.deps.senders[channel].outboxOnly);
  }

  /** Takes the next due message, sends it and records the outcome; null when none is due (or free). */
  async deliverNext(): Promise<DeliveryOutcome | null> {
    const { db, senders, log, clock } = this.deps;
    const now = clock();
    return db.transaction(async (tx) => {
      const row = await repository.lockNextDue(tx, this.channels, now);
      if (!row) return null;
      if (row.redactedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) {
        await repository.markAttemptFailed(tx, row.id, 'expired before delivery', null, false);
        return { id: row.id, outcome: 'failed' as const };
      }
      const channel = row.channel === 'sms' ? 'sms' : 'email';
      try {
        await senders[channel].send({
          id: row.id,
          channel,
          recipient: row.recipient,
          template: row.template,
          locale: row.locale,
          subject: row.subject,
          body: row.body,
          html: row.html,
        });
        await repository.markSent(tx, row.id, clock());
        return { id: row.id, outcome: 'sent' as const };
      } catch (error) {
        const attempts = row.attempts + 1;
        const permanent = error instanceof PermanentDeliveryError;
        const retryAt =
          permanent || attempts >= this.settings.maxAttempts
            ? null
            : new Date(clock().getTime() + retryDelayMs(attempts, this.settings));
        const message = error instanceof Error ? error.message : String(error);
        log.warn(
          { err: error, messageId: row.id, channel, attempts, retryAt },
          retryAt ? 'outbox: delivery failed; retrying later' : 'outbox: delivery failed for good',
        );
        await repository.markAttemptFailed(tx, row.id, message || 'delivery failed', retryAt);
        return { id: row.id, outcome: retryAt ? ('retry' as const) : ('failed' as const) };
      }
    });
  }

  /** Delivers every message due now; returns their outcomes. A database error ends the run (logged). */
  async drain(): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    if (this.channels.length === 0) return outcomes;
    try {
      while (!this.stopped && outcomes.length < DRAIN_LIMIT) {
        const outcome = await this.deliverNext();
        if (!outcome) break;
        outcomes.push(outcome);
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'outbox: delivery run failed; retrying later');
    }
    return outcomes;
  }

  /** Starts a run in the background (or another right after the current one); never waits, never throws. */
  wake(): void {
    if (this.stopped || this.channels.length === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once the background run (if any) has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Polls every `pollMs` for retries and for messages other processes queued. */
  start(): void {
    if (this.timer || this.stopped || this.channels.length === 0) return;
    this.timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the message being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }
}

const deliveries = new WeakMap<object, OutboxDelivery>();

/** The delivery job of an app (tests drive it: `await outboxDeliveryOf(app)!.idle()`). */
export const outboxDeliveryOf = (app: object): OutboxDelivery | undefined => deliveries.get(app);

export function registerOutboxDelivery(app: object, delivery: OutboxDelivery): void {
  deliveries.set(app, delivery);
}
