/**
 * The VIP club (issue 19; levels and benefits in lib/constants/vip.ts, contract lib/contracts/vip.ts).
 *
 * - Points, the level and rakeback come from the settled-bet stream (activity module): `vipConsumer` runs
 *   in the processor's transaction, so each bet counts once (a rollback takes its points and rakeback
 *   back). A level never goes down; each level reached gives its level-up reward once (a unique slot).
 * - Weekly rewards are made when a player looks or claims after the week is over (a unique slot per week).
 * - Claims move money from the `promotions` account to cash under the row's lock, with an idempotency key
 *   per claim: a double click pays once.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { fromRubMinor } from '@/lib/constants/activity';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { levelOf, rakebackMicro, RAKEBACK_MICRO_PER_MINOR, VIP_LEVELS, vipLevel } from '@/lib/constants/vip';
import type { ClaimReply, VipProgress, VipReply } from '@/lib/contracts/vip';
import type { Database, Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, ValidationError } from '../../lib/errors';
import type { ActivityConsumer, ActivityRow } from '../activity/processor';
import { activityDaily } from '../activity/schema';
import { minorToMajor, systemAccount, transfer, userAccount } from '../ledger/service';
import { users } from '../users/schema';
import { vipAccounts, vipRakeback, vipRequests, vipRewards } from './schema';

/** Points are kopecks wagered; a level's threshold is in roubles. */
const levelOfMinor = (pointsRubMinor: bigint) => levelOf(Number(pointsRubMinor / 100n));

// ——— counting ———

export const vipConsumer: ActivityConsumer = {
  async apply(tx, rows, now) {
    await applyVip(tx, rows, now);
  },
};

export async function applyVip(tx: Executor, rows: readonly ActivityRow[], now: Date): Promise<void> {
  const perUser = new Map<number, ActivityRow[]>();
  for (const row of rows) {
    if (row.stakeMinor === 0n) continue;
    perUser.set(row.userId, [...(perUser.get(row.userId) ?? []), row]);
  }
  if (perUser.size === 0) return;
  const ids = [...perUser.keys()];
  const players = await tx
    .select({ id: users.id, currency: users.currency, level: users.vipLevel })
    .from(users)
    .where(inArray(users.id, ids));
  const accounts = new Map(
    (await tx.select().from(vipAccounts).where(inArray(vipAccounts.userId, ids)).for('update')).map((row) => [
      row.userId,
      row,
    ]),
  );
  for (const player of players) {
    const account = accounts.get(player.id);
    const before = account?.level ?? 0;
    const percent = vipLevel(before)?.rakebackPercent ?? 0;
    let points = account?.pointsRubMinor ?? 0n;
    const rakeback = new Map<string, bigint>();
    for (const row of perUser.get(player.id)!) {
      points += row.stakeRubMinor;
      if (percent > 0) {
        rakeback.set(
          row.currency,
          (rakeback.get(row.currency) ?? 0n) + rakebackMicro(row.stakeMinor, row.edgeBp, percent),
        );
      }
    }
    if (points < 0n) points = 0n;
    const level = Math.max(before, levelOfMinor(points), account?.levelFloor ?? 0);
    await tx
      .insert(vipAccounts)
      .values({ userId: player.id, pointsRubMinor: points, level, updatedAt: now })
      .onConflictDoUpdate({
        target: vipAccounts.userId,
        set: { pointsRubMinor: points, level, updatedAt: now },
      });
    for (const [currency, micro] of rakeback) {
      if (micro === 0n) continue;
      await tx
        .insert(vipRakeback)
        .values({ userId: player.id, currency, accruedMicro: micro })
        .onConflictDoUpdate({
          target: [vipRakeback.userId, vipRakeback.currency],
          set: { accruedMicro: sql`${vipRakeback.accruedMicro} + ${micro}` },
        });
    }
    if (level > before) await levelUp(tx, player.id, player.currency, before, level, now);
  }
}

/** The level-up rewards of every level between `from` (excluded) and `to`, once each, and the user's level. */
async function levelUp(tx: Executor, userId: number, currency: string, from: number, to: number, now: Date) {
  const cur: Currency = isCurrency(currency) ? currency : 'RUB';
  const rewards = VIP_LEVELS.filter((level) => level.level > from && level.level <= to).map((level) => ({
    userId,
    kind: 'level_up',
    slot: `level_up:${level.level}`,
    level: level.level,
    currency: cur,
    amountMinor: fromRubMinor(BigInt(level.levelUpRub) * 100n, cur),
    createdAt: now,
  }));
  if (rewards.length > 0) await tx.insert(vipRewards).values(rewards).onConflictDoNothing();
  await tx.update(users).set({ vipLevel: to }).where(eq(users.id, userId));
}

/** Sets a player's least level (an approved level transfer): the level rises to it at once, with its rewards. */
export async function setLevelFloor(db: Database, userId: number, floor: number, now: Date): Promise<number> {
  return runTransaction(db, async (tx) => {
    const [player] = await tx.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
    if (!player) throw new HttpError(404, 'Not Found');
    const [account] = await tx.select().from(vipAccounts).where(eq(vipAccounts.userId, userId)).for('update');
    const before = account?.level ?? 0;
    const level = Math.max(before, floor);
    await tx
      .insert(vipAccounts)
      .values({ userId, level, levelFloor: floor, updatedAt: now })
      .onConflictDoUpdate({ target: vipAccounts.userId, set: { level, levelFloor: floor, updatedAt: now } });
    if (level > before) await levelUp(tx, userId, player.currency, before, level, now);
    return level;
  });
}

// ——— weeks ———

/** The ISO week of a date (`2026-W48`) and its Monday 00:00 UTC. */
export function isoWeek(at: Date): { key: string; start: Date } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const start = new Date(day.getTime() - weekday * 86_400_000);
  const thursday = new Date(start.getTime() + 3 * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, start };
}

const dayText = (at: Date) => at.toISOString().slice(0, 10);

async function wageredRubBetween(db: Executor, userId: number, from: Date, to: Date): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string | null>`SUM(${activityDaily.wageredRubMinor})` })
    .from(activityDaily)
    .where(
      and(
        eq(activityDaily.userId, userId),
        gte(activityDaily.day, dayText(from)),
        lt(activityDaily.day, dayText(to)),
      ),
    );
  return BigInt(row?.sum ?? '0');
}

const weeklyAmount = (wageredRub: bigint, level: number, currency: Currency) =>
  fromRubMinor((wageredRub * BigInt(vipLevel(level)?.weeklyBp ?? 0)) / 10_000n, currency);

/** Makes last week's reward when the week is over and it pays anything (once: a unique slot). */
async function ensureWeekly(db: Executor, userId: number, level: number, currency: Currency, now: Date) {
  if (level === 0) return;
  const { start } = isoWeek(now);
  const lastStart = new Date(start.getTime() - 7 * 86_400_000);
  const last = isoWeek(lastStart);
  const amount = weeklyAmount(await wageredRubBetween(db, userId, lastStart, start), level, currency);
  if (amount <= 0n) return;
  await db
    .insert(vipRewards)
    .values({
      userId,
      kind: 'weekly',
      slot: `weekly:${last.key}`,
      level,
      week: last.key,
      currency,
      amountMinor: amount,
      createdAt: now,
    })
    .onConflictDoNothing();
}

// ——— reading ———

export const levelsView = () =>
  VIP_LEVELS.map((level) => ({
    level: level.level,
    key: level.key,
    points: level.points,
    rakeback_percent: level.rakebackPercent,
    level_up_rub: level.levelUpRub,
    weekly_percent: level.weeklyBp / 100,
  }));

export async function progress(db: Executor, userId: number, now: Date): Promise<VipProgress> {
  const [player] = await db.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
  const currency: Currency = player && isCurrency(player.currency) ? player.currency : 'RUB';
  const [account] = await db.select().from(vipAccounts).where(eq(vipAccounts.userId, userId));
  const level = account?.level ?? 0;
  await ensureWeekly(db, userId, level, currency, now);
  const [rake] = await db
    .select()
    .from(vipRakeback)
    .where(and(eq(vipRakeback.userId, userId), eq(vipRakeback.currency, currency)));
  const rewards = await db
    .select()
    .from(vipRewards)
    .where(eq(vipRewards.userId, userId))
    .orderBy(sql`${vipRewards.claimedAt} IS NOT NULL`, desc(vipRewards.id))
    .limit(30);
  const requests = await db
    .select()
    .from(vipRequests)
    .where(eq(vipRequests.userId, userId))
    .orderBy(desc(vipRequests.id))
    .limit(20);
  const { start } = isoWeek(now);
  const next = VIP_LEVELS.find((entry) => entry.level === level + 1);
  return {
    level,
    points: minorToMajor(account?.pointsRubMinor ?? 0n),
    next_points: next ? next.points : null,
    currency,
    rakeback: minorToMajor(
      (rake?.accruedMicro ?? 0n) > 0n ? rake!.accruedMicro / RAKEBACK_MICRO_PER_MINOR : 0n,
    ),
    weekly_preview: minorToMajor(
      weeklyAmount(
        await wageredRubBetween(db, userId, start, new Date(start.getTime() + 7 * 86_400_000)),
        level,
        currency,
      ),
    ),
    rewards: rewards.map((row) => ({
      id: row.id,
      kind: row.kind as 'level_up' | 'weekly',
      level: row.level,
      week: row.week,
      amount: minorToMajor(row.amountMinor),
      currency: row.currency as Currency,
      claimed_at: row.claimedAt?.toISOString() ?? null,
    })),
    requests: requests.map((row) => ({
      request_type: row.requestType as VipProgress['requests'][number]['request_type'],
      status: row.status as VipProgress['requests'][number]['status'],
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function vipView(db: Executor, userId: number | null, now: Date): Promise<VipReply> {
  return { levels: levelsView(), me: userId === null ? null : await progress(db, userId, now) };
}

// ——— claims ———

export async function claimRakeback(db: Database, userId: number): Promise<ClaimReply> {
  return runTransaction(db, async (tx) => {
    const [player] = await tx.select({ currency: users.currency }).from(users).where(eq(users.id, userId));
    const currency: Currency = player && isCurrency(player.currency) ? player.currency : 'RUB';
    const [row] = await tx
      .select()
      .from(vipRakeback)
      .where(and(eq(vipRakeback.userId, userId), eq(vipRakeback.currency, currency)))
      .for('update');
    const minor = row && row.accruedMicro > 0n ? row.accruedMicro / RAKEBACK_MICRO_PER_MINOR : 0n;
    if (!row || minor === 0n) {
      throw ValidationError.field('rakeback', 'nothing', 'There is no rakeback to claim yet.');
    }
    const claim = row.claims + 1;
    const moved = await payCash(
      tx,
      userId,
      currency,
      minor,
      `vip-rakeback:${userId}:${currency}:${claim}`,
      'VIP rakeback',
    );
    await tx
      .update(vipRakeback)
      .set({ accruedMicro: row.accruedMicro - minor * RAKEBACK_MICRO_PER_MINOR, claims: claim })
      .where(and(eq(vipRakeback.userId, userId), eq(vipRakeback.currency, currency)));
    return { amount: minorToMajor(minor), currency, balance: minorToMajor(moved) };
  });
}

export async function claimReward(db: Database, userId: number, id: number, now: Date): Promise<ClaimReply> {
  return runTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(vipRewards)
      .where(and(eq(vipRewards.id, id), eq(vipRewards.userId, userId)))
      .for('update');
    if (!row) throw new HttpError(404, 'Not Found');
    if (row.claimedAt !== null)
      throw ValidationError.field('reward', 'claimed', 'This reward has been claimed.');
    const currency = row.currency as Currency;
    const label = row.kind === 'weekly' ? `VIP weekly bonus ${row.week}` : `VIP level ${row.level} bonus`;
    const moved = await payCash(tx, userId, currency, row.amountMinor, `vip-reward:${row.id}`, label);
    await tx.update(vipRewards).set({ claimedAt: now }).where(eq(vipRewards.id, row.id));
    return { amount: minorToMajor(row.amountMinor), currency, balance: minorToMajor(moved) };
  });
}

async function payCash(
  tx: Executor,
  userId: number,
  currency: Currency,
  amountMinor: bigint,
  key: string,
  reason: string,
) {
  const cash = await userAccount(tx, userId, currency, 'cash');
  const moved = await transfer(tx, {
    idempotencyKey: key,
    kind: 'bonus',
    reference: `vip:${userId}`,
    entries: [
      { account: await systemAccount(tx, 'promotions', currency), amountMinor: -amountMinor },
      { account: cash, amountMinor },
    ],
    meta: { reason },
  });
  return moved.balances.get(cash.id) ?? 0n;
}

// ——— requests ———

/** A VIP club request, once per user and type while it is pending. */
export async function joinVip(
  db: Executor,
  input: { userId: number; requestType: string; details?: string | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(vipRequests)
    .values({
      userId: input.userId,
      requestType: input.requestType,
      details: input.details ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: vipRequests.id });
  return rows.length > 0;
}

export async function listRequests(db: Executor, status: string | null) {
  return db
    .select({ request: vipRequests, email: users.email, phone: users.phone, level: users.vipLevel })
    .from(vipRequests)
    .innerJoin(users, eq(users.id, vipRequests.userId))
    .where(status ? eq(vipRequests.status, status) : undefined)
    .orderBy(desc(vipRequests.id))
    .limit(200);
}

export async function reviewRequest(
  db: Executor,
  input: { id: number; status: 'approved' | 'rejected'; note: string | null; now: Date },
) {
  const [row] = await db
    .update(vipRequests)
    .set({ status: input.status, note: input.note, reviewedAt: input.now })
    .where(and(eq(vipRequests.id, input.id), eq(vipRequests.status, 'pending')))
    .returning();
  return row;
}
