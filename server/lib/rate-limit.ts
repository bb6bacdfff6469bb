/**
 * Brute-force limits counted in PostgreSQL (table `rate_limit_counters`), so every API instance sharing
 * the database shares the counts: one atomic upsert per rule and request, fixed windows. Chosen over
 * @fastify/rate-limit's in-memory store because the limits are per identity (IP + e-mail/phone) and must
 * hold across instances; the cost is one short query per limited call, and only the log-in, code and
 * restore calls are limited.
 */
import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './clock';
import { TooManyRequestsError } from './errors';

export interface RateLimitRule {
  /** Stable name, part of the counter key (`login-password:ip+identity`). */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/** Counts one hit of `rule` for `identity`; allowed while the window's hits stay within `max`. */
export async function hitRateLimit(
  db: Executor,
  rule: RateLimitRule,
  identity: string,
  now: Date,
): Promise<RateLimitResult> {
  const key = createHash('sha256').update(`${rule.name}\u0000${identity}`).digest('base64url');
  const windowEnds = new Date(now.getTime() + rule.windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: windowEnds })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz THEN ${windowEnds.toISOString()}::timestamptz ELSE ${rateLimitCounters.windowEndsAt} END`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
  if (Math.random() < 0.01) {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now));
  }
  return {
    allowed: row.hits <= rule.max,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)),
  };
}

export interface LimitSpec<Request extends FastifyRequest = FastifyRequest> {
  rule: RateLimitRule;
  /** The identity counted, e.g. `${request.ip}|${body.email}`; null or undefined skips this rule. */
  key(request: Request): string | null | undefined;
}

/**
 * A preHandler (runs after validation, so identities are normalised) that counts every spec and answers
 * 429 with `retry-after` once any of them is over its limit. `enabled: false` turns it into a no-op.
 */
export function rateLimit<Request extends FastifyRequest = FastifyRequest>(
  deps: { db: Executor; clock: Clock; enabled: boolean },
  specs: LimitSpec<Request>[],
): (request: Request) => Promise<void> {
  return async (request) => {
    if (!deps.enabled) return;
    const now = deps.clock();
    for (const spec of specs) {
      const identity = spec.key(request);
      if (identity === null || identity === undefined) continue;
      const result = await hitRateLimit(deps.db, spec.rule, identity, now);
      if (!result.allowed) {
        request.log.info({ rule: spec.rule.name }, 'rate limit exceeded');
        throw new TooManyRequestsError(result.retryAfterSeconds);
      }
    }
  };
}
