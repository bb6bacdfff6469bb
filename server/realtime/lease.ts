/**
 * A leader lease in Redis (DESIGN.md "Realtime"): of the processes that may run something that must run in
 * one place at a time (the crash rounds' clock), the holder runs it and the others wait for the lease.
 *
 * Taken with `SET key token NX PX ttl`; renewed by its holder every `renewMs` with a compare-and-extend
 * script (the TTL is extended only while the key still holds this holder's token); given back on close with
 * compare-and-delete, so the next process takes over at its next try rather than after the TTL. The token
 * names the holder (`host:pid:random`; `redis-cli GET <key>` shows who leads).
 *
 * A holder counts itself leader only until `sent + ttl - margin`, `sent` being when the last renewal that
 * Redis confirmed was sent: the key cannot have expired before then. A holder that fails to renew (Redis
 * away, a slow network, a paused process) therefore stops acting as leader, and is told so (`lost`), before
 * another process can take the key. `held` reads the clock itself, so it is right even when a timer is late.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Extends the key's TTL only if it still holds the token: 1 when extended, 0 when the lease is gone. */
const EXTEND_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** Deletes the key only if it still holds the token. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

export interface LeaseHandlers {
  /** This process holds the lease now: act as leader. */
  acquired(): void;
  /** This process must stop acting as leader at once (it may get the lease again later). */
  lost(reason: string): void;
}

/** What the crash engine needs of a lease (a fake in tests). */
export interface LeaderLease {
  start(handlers: LeaseHandlers): void;
  /** Whether this process may act as leader at this moment. */
  readonly held: boolean;
  /** Stops trying, and gives the lease back if held. */
  close(): Promise<void>;
}

export interface RedisLeaseOptions {
  key: string;
  /** The key's time to live: a dead holder's lease passes on within about this. Default 3 s. */
  ttlMs?: number;
  /** How often the holder renews. Default a third of the TTL. */
  renewMs?: number;
  /** How often a process without the lease tries to take it. Default a sixth of the TTL. */
  retryMs?: number;
  /** Taken off the TTL for the holder's own reckoning (clock rates, timer delays). Default a fifth of it. */
  marginMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Default: `host:pid:random`. */
  token?: string;
  /** Milliseconds of a monotonic-enough clock. Default `Date.now`. */
  now?: () => number;
}

export const DEFAULT_LEASE_TTL_MS = 3_000;

export class RedisLease implements LeaderLease {
  readonly key: string;
  readonly token: string;
  readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly retryMs: number;
  private readonly marginMs: number;
  private readonly now: () => number;
  private handlers: LeaseHandlers | null = null;
  private holding = false;
  private validUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisLeaseOptions,
  ) {
    this.key = options.key;
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? Math.round(this.ttlMs / 3);
    this.retryMs = options.retryMs ?? Math.round(this.ttlMs / 6);
    this.marginMs = options.marginMs ?? Math.round(this.ttlMs / 5);
    if (!(this.renewMs + this.marginMs < this.ttlMs)) {
      throw new Error('lease: renewMs + marginMs must be less than ttlMs');
    }
    this.token = options.token ?? `${os.hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
    this.now = options.now ?? Date.now;
  }

  get held(): boolean {
    return this.holding && this.now() < this.validUntil;
  }

  start(handlers: LeaseHandlers): void {
    if (this.handlers) throw new Error('lease: started twice');
    this.handlers = handlers;
    this.later(0, () => this.acquire());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.expiry);
    const was = this.holding;
    this.holding = false;
    this.validUntil = 0;
    if (was) await this.release();
  }

  private later(ms: number, next: () => Promise<void>): void {
    clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(() => void next(), ms);
    this.timer.unref();
  }

  private async acquire(): Promise<void> {
    const sent = this.now();
    let answer: string | null = null;
    try {
      answer = await this.redis.set(this.key, this.token, 'PX', this.ttlMs, 'NX');
    } catch (error) {
      this.options.log?.warn({ err: error, key: this.key }, 'lease: Redis did not answer; trying again');
    }
    if (answer === 'OK' && (this.closed || this.now() >= sent + this.ttlMs - this.marginMs)) {
      // Closed meanwhile, or the answer came too late to lead on: give it back at once.
      await this.release();
      answer = null;
    }
    if (this.closed) return;
    if (answer !== 'OK') {
      this.later(this.retryMs, () => this.acquire());
      return;
    }
    this.holding = true;
    this.confirm(sent);
    this.options.log?.info({ key: this.key, token: this.token }, 'lease: acquired');
    this.later(this.renewMs, () => this.renew());
    this.handlers?.acquired();
  }

  private async renew(): Promise<void> {
    const sent = this.now();
    let answer: unknown;
    try {
      answer = await this.redis.eval(EXTEND_SCRIPT, 1, this.key, this.token, String(this.ttlMs));
    } catch (error) {
      if (this.closed || !this.holding) return;
      this.options.log?.warn({ err: error, key: this.key }, 'lease: renewal failed; trying again');
      this.later(Math.min(this.retryMs, this.renewMs), () => this.renew());
      return;
    }
    if (this.closed || !this.holding) return;
    if (answer === 1) {
      this.confirm(sent);
      this.later(this.renewMs, () => this.renew());
    } else {
      this.lose('another process holds it now (it had expired)');
    }
  }

  /** A renewal (or the taking) sent at `sent` was confirmed: leader until `sent + ttl - margin`. */
  private confirm(sent: number): void {
    this.validUntil = Math.max(this.validUntil, sent + this.ttlMs - this.marginMs);
    this.watchExpiry();
  }

  /** Calls `lose` when the validity ends (a timer may fire a little early: then it waits again). */
  private watchExpiry(): void {
    clearTimeout(this.expiry);
    if (!this.holding) return;
    this.expiry = setTimeout(
      () => (this.held ? this.watchExpiry() : this.lose('not renewed in time')),
      Math.max(1, this.validUntil - this.now()),
    );
    this.expiry.unref();
  }

  private lose(reason: string): void {
    if (!this.holding) return;
    this.holding = false;
    this.validUntil = 0;
    clearTimeout(this.expiry);
    this.options.log?.warn({ key: this.key, reason }, 'lease: lost');
    this.later(this.retryMs, () => this.acquire());
    this.handlers?.lost(reason);
  }

  private async release(): Promise<void> {
    try {
      await this.redis.eval(RELEASE_SCRIPT, 1, this.key, this.token);
    } catch (error) {
      this.options.log?.warn({ err: error, key: this.key }, 'lease: could not give it back; it expires');
    }
  }
}
