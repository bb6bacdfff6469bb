/**
 * Social log-in flows at real providers, stored server-side (table social_login_flows): created by
 * `PUT /auth/login`, started once (the popup's first visit, which gets the binding cookie), consumed once
 * by the callback. Every step is one conditional statement, so two requests cannot both win.
 */
import { and, eq, isNotNull, isNull, lt, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { socialLoginFlows } from './schema';

export type SocialFlowRow = typeof socialLoginFlows.$inferSelect;

export async function createFlow(db: Executor, flow: typeof socialLoginFlows.$inferInsert): Promise<void> {
  await db.insert(socialLoginFlows).values(flow);
}

/** Marks the flow started; null when it is unknown, for another provider, already started or expired. */
export async function startFlow(
  db: Executor,
  stateHash: string,
  provider: string,
  now: Date,
): Promise<SocialFlowRow | null> {
  const [row] = await db
    .update(socialLoginFlows)
    .set({ startedAt: now })
    .where(
      and(
        eq(socialLoginFlows.stateHash, stateHash),
        eq(socialLoginFlows.provider, provider),
        isNull(socialLoginFlows.startedAt),
        gt(socialLoginFlows.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Takes the started flow away (one use); null when it is unknown, not started, used or expired. */
export async function consumeFlow(
  db: Executor,
  stateHash: string,
  provider: string,
  now: Date,
): Promise<SocialFlowRow | null> {
  const [row] = await db
    .delete(socialLoginFlows)
    .where(
      and(
        eq(socialLoginFlows.stateHash, stateHash),
        eq(socialLoginFlows.provider, provider),
        isNotNull(socialLoginFlows.startedAt),
        gt(socialLoginFlows.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Deletes the flows that expired more than an hour ago (they can no longer be used anyway). */
export async function purgeExpiredFlows(db: Executor, now: Date): Promise<void> {
  await db
    .delete(socialLoginFlows)
    .where(lt(socialLoginFlows.expiresAt, new Date(now.getTime() - 60 * 60 * 1000)));
}
