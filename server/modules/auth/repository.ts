import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  oneTimeCodes,
  passwordResetTokens,
  socialIdentities,
  tokenFamilies,
  type OneTimeCode,
  type TokenFamily,
} from './schema';

// --- token families ---------------------------------------------------------------------------------

export async function insertFamily(db: Executor, family: typeof tokenFamilies.$inferInsert): Promise<void> {
  await db.insert(tokenFamilies).values(family);
}

export async function findFamily(db: Executor, id: string): Promise<TokenFamily | undefined> {
  const [row] = await db.select().from(tokenFamilies).where(eq(tokenFamilies.id, id));
  return row;
}

/** Moves the family to `nextJti` only if `jti` is still its latest token and the family is live. */
export async function rotateFamily(
  db: Executor,
  input: { id: string; jti: string; nextJti: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(tokenFamilies)
    .set({ currentJti: input.nextJti, refreshedAt: input.now })
    .where(
      and(
        eq(tokenFamilies.id, input.id),
        eq(tokenFamilies.currentJti, input.jti),
        isNull(tokenFamilies.revokedAt),
        gt(tokenFamilies.refreshUntil, input.now),
      ),
    )
    .returning({ id: tokenFamilies.id });
  return rows.length > 0;
}

export async function revokeFamily(db: Executor, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(tokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(tokenFamilies.id, id), isNull(tokenFamilies.revokedAt)));
}

/** Revokes every live family of the user, except `keep` when given; returns how many. */
export async function revokeUserFamilies(
  db: Executor,
  input: { userId: number; reason: string; now: Date; keep?: string },
): Promise<number> {
  const rows = await db
    .update(tokenFamilies)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(tokenFamilies.userId, input.userId),
        isNull(tokenFamilies.revokedAt),
        input.keep ? ne(tokenFamilies.id, input.keep) : undefined,
      ),
    )
    .returning({ id: tokenFamilies.id });
  return rows.length;
}

export async function countLiveFamilies(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tokenFamilies)
    .where(
      and(
        eq(tokenFamilies.userId, userId),
        isNull(tokenFamilies.revokedAt),
        gt(tokenFamilies.refreshUntil, now),
      ),
    );
  return row?.count ?? 0;
}

// --- one-time codes ---------------------------------------------------------------------------------

/** Serialises code issuing per (purpose, address) until the transaction ends. */
export async function lockCodeAddress(db: Executor, purpose: string, address: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`code:${purpose}:${address}`}, 0))`);
}

export async function latestCode(
  db: Executor,
  purpose: string,
  address: string,
): Promise<OneTimeCode | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, purpose), eq(oneTimeCodes.address, address)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

export async function insertCode(db: Executor, code: typeof oneTimeCodes.$inferInsert): Promise<void> {
  await db.insert(oneTimeCodes).values(code);
}

/** Counts one attempt, atomically and only while attempts remain; the new count, or null when none remain. */
export async function countCodeAttempt(
  db: Executor,
  id: number,
  maxAttempts: number,
): Promise<number | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.attempts, maxAttempts), isNull(oneTimeCodes.consumedAt)),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row ? row.attempts : null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length > 0;
}

// --- password reset tokens --------------------------------------------------------------------------

export async function insertResetToken(
  db: Executor,
  token: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

export async function findResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

export async function consumeResetToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.consumedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

/** After a reset: every other outstanding restore token of the user stops working. */
export async function consumeUserResetTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ consumedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.consumedAt)));
}

// --- social identities ------------------------------------------------------------------------------

export async function findSocialIdentity(db: Executor, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row;
}

/** Links an identity; a unique violation means a parallel completion linked it first. */
export async function insertSocialIdentity(
  db: Executor,
  identity: typeof socialIdentities.$inferInsert,
): Promise<void> {
  await db.insert(socialIdentities).values(identity);
}

export function listSocialIdentities(db: Executor, userId: number) {
  return db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
}
