/**
 * Free spins as the game aggregator's free rounds (issue 17). A grant of a `user_free_spins` row queues a
 * reward in `free_round_rewards` (an outbox the casino's job sends to the aggregator, retrying while it
 * is down); a cancelled or re-granted row queues the cancellation of its live reward. The reward's uuid
 * is derived from the row and the grant's time, so every retry of one grant is the same reward.
 *
 * The wallet then plays them: a free round's bet uses one spin of its reward (`useFreeRound`, once per
 * wallet transaction: the caller records the transaction in the same database transaction), a rolled-back
 * one gives it back, and a free round's win goes where the bonus rules say (`creditFreeRoundWin`): from
 * the house to the player's bonus balance, held by a `free_spins` activation of that row with the
 * campaign's wager (x wager of each win to bet with real money before it is released to cash).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { gameHouseAccount, transfer, userAccount } from '../ledger/service';
import { release } from './activations';
import { insertActivation, updateActivation } from './repository';
import { betFor, wagerRequirement } from './rules';
import {
  bonusActivations,
  freeRoundRewards,
  freeSpinCampaigns,
  userFreeSpins,
  type CampaignRow,
  type FreeRoundRewardRow,
  type UserFreeSpinRow,
} from './schema';

/** How long a failed call waits at most before the next attempt. */
const MAX_BACKOFF_MS = 10 * 60_000;
const BASE_BACKOFF_MS = 5_000;

/** The reward of one grant: a UUID (RFC 4122 layout) from SHA-256 of the row and the grant's time. */
export function freeRoundRewardUuid(userFreeSpinId: number, grantedAt: Date): string {
  const hex = createHash('sha256')
    .update(`user_free_spins:${userFreeSpinId}:${grantedAt.toISOString()}`)
    .digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Cancels the row's live rewards (created ones at the aggregator, pending ones before they are sent). */
async function cancelLiveRewards(tx: Executor, userFreeSpinId: number, now: Date): Promise<void> {
  await tx
    .update(freeRoundRewards)
    .set({
      status: sql`CASE WHEN ${freeRoundRewards.status} = 'created' THEN 'cancel_pending' ELSE 'cancelled' END`,
      nextAttemptAt: now,
      attempts: 0,
      updatedAt: now,
    })
    .where(
      and(
        eq(freeRoundRewards.userFreeSpinId, userFreeSpinId),
        inArray(freeRoundRewards.status, ['pending', 'created']),
      ),
    );
}

/** A grant of the row (grantFreeSpins): its previous reward cancelled, a new one queued. */
export async function queueFreeRoundGrant(tx: Executor, row: UserFreeSpinRow, now: Date): Promise<void> {
  await cancelLiveRewards(tx, row.id, now);
  await tx
    .insert(freeRoundRewards)
    .values({
      rewardUuid: freeRoundRewardUuid(row.id, now),
      userFreeSpinId: row.id,
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The row's spins were cancelled or revoked: its reward is cancelled at the aggregator too. */
export const queueFreeRoundCancel = cancelLiveRewards;

/**
 * Queues a reward for every usable row that has none (spins granted before free rounds existed, or while
 * nothing sent them); returns how many.
 */
export async function queueMissingFreeRounds(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .select({ id: userFreeSpins.id })
    .from(userFreeSpins)
    .where(
      and(
        eq(userFreeSpins.status, 'active'),
        sql`${userFreeSpins.countLeft} > 0`,
        sql`${userFreeSpins.expirationAt} > ${now}`,
        sql`NOT EXISTS (SELECT 1 FROM ${freeRoundRewards} WHERE ${freeRoundRewards.userFreeSpinId} = ${userFreeSpins.id})`,
      ),
    );
  for (const { id } of rows) {
    await db
      .insert(freeRoundRewards)
      .values({
        rewardUuid: freeRoundRewardUuid(id, now),
        userFreeSpinId: id,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
  return rows.length;
}

export interface DueFreeRound {
  reward: FreeRoundRewardRow;
  spins: UserFreeSpinRow;
  campaign: CampaignRow;
}

/** Rewards waiting for a call (creation or cancellation) whose time has come. */
export function dueFreeRounds(db: Executor, now: Date, limit = 20): Promise<DueFreeRound[]> {
  return db
    .select({ reward: freeRoundRewards, spins: userFreeSpins, campaign: freeSpinCampaigns })
    .from(freeRoundRewards)
    .innerJoin(userFreeSpins, eq(userFreeSpins.id, freeRoundRewards.userFreeSpinId))
    .innerJoin(freeSpinCampaigns, eq(freeSpinCampaigns.id, userFreeSpins.campaignId))
    .where(
      and(
        inArray(freeRoundRewards.status, ['pending', 'cancel_pending']),
        lte(freeRoundRewards.nextAttemptAt, now),
      ),
    )
    .orderBy(freeRoundRewards.nextAttemptAt, freeRoundRewards.id)
    .limit(limit);
}

/** What a due reward asks of the aggregator, or null when there is nothing left to create. */
export function freeRoundTerms(
  due: DueFreeRound,
  now: Date,
): { gameCode: string; currency: Currency; betCount: number; betMinor: bigint; endTime: Date } | null {
  const { spins, campaign } = due;
  const betMinor = betFor(campaign, spins.currency);
  if (spins.status !== 'active' || spins.countLeft <= 0 || spins.expirationAt <= now || betMinor === null) {
    return null;
  }
  return {
    gameCode: campaign.gameId,
    currency: spins.currency as Currency,
    betCount: spins.countLeft,
    betMinor,
    endTime: spins.expirationAt,
  };
}

/** The outcome of a call for a due reward: done (its next status), or failed (tried again later). */
export async function recordFreeRoundCall(
  db: Executor,
  reward: FreeRoundRewardRow,
  outcome: { status: 'created' | 'cancelled' } | { error: string },
  now: Date,
): Promise<void> {
  if ('status' in outcome) {
    await db
      .update(freeRoundRewards)
      .set({ status: outcome.status, lastError: null, updatedAt: now })
      .where(and(eq(freeRoundRewards.id, reward.id), eq(freeRoundRewards.status, reward.status)));
    return;
  }
  const attempts = reward.attempts + 1;
  const wait = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.min(attempts - 1, 16));
  await db
    .update(freeRoundRewards)
    .set({
      attempts,
      lastError: outcome.error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + wait),
      updatedAt: now,
    })
    .where(and(eq(freeRoundRewards.id, reward.id), eq(freeRoundRewards.status, reward.status)));
}

/** The reward and its spins, locked, when the reward is the player's. */
async function rewardOf(tx: Executor, userId: number, rewardUuid: string) {
  const [row] = await tx
    .select({ reward: freeRoundRewards, spins: userFreeSpins, campaign: freeSpinCampaigns })
    .from(freeRoundRewards)
    .innerJoin(userFreeSpins, eq(userFreeSpins.id, freeRoundRewards.userFreeSpinId))
    .innerJoin(freeSpinCampaigns, eq(freeSpinCampaigns.id, userFreeSpins.campaignId))
    .where(and(eq(freeRoundRewards.rewardUuid, rewardUuid), eq(userFreeSpins.userId, userId)))
    .for('update', { of: userFreeSpins });
  return row;
}

/**
 * A free round's bet of the player with `rewardUuid`: `unknown` when the reward is not one of ours (the
 * aggregator's own), `none_left` when its spins are used, cancelled or expired, else one spin is used
 * (`used` at 0). The caller records the wallet transaction in the same database transaction, so a bet
 * uses a spin once.
 */
export async function useFreeRound(
  tx: Executor,
  input: { userId: number; rewardUuid: string; gameCode: string; now: Date },
): Promise<'used' | 'unknown' | 'none_left' | 'other_game'> {
  const row = await rewardOf(tx, input.userId, input.rewardUuid);
  if (!row) return 'unknown';
  const { spins, campaign, reward } = row;
  if (campaign.gameId !== input.gameCode) return 'other_game';
  if (
    spins.status !== 'active' ||
    spins.countLeft <= 0 ||
    spins.expirationAt <= input.now ||
    reward.status === 'cancelled' ||
    reward.status === 'cancel_pending'
  ) {
    return 'none_left';
  }
  const left = spins.countLeft - 1;
  await tx
    .update(userFreeSpins)
    .set({ countLeft: left, status: left === 0 ? 'used' : 'active', updatedAt: input.now })
    .where(eq(userFreeSpins.id, spins.id));
  return 'used';
}

/** A rolled-back free round's bet gives its spin back (the row active again if it was used up by it). */
export async function returnFreeRound(
  tx: Executor,
  input: { userId: number; rewardUuid: string; now: Date },
): Promise<void> {
  const row = await rewardOf(tx, input.userId, input.rewardUuid);
  if (!row) return;
  const { spins } = row;
  await tx
    .update(userFreeSpins)
    .set({
      countLeft: spins.countLeft + 1,
      status: spins.status === 'used' ? 'active' : spins.status,
      updatedAt: input.now,
    })
    .where(eq(userFreeSpins.id, spins.id));
}

/**
 * Pays a free round's win of the reward `rewardUuid` to the player's bonus balance (from the house, under
 * `idempotencyKey`), adding it to the row's active `free_spins` activation (or a new one) with the
 * campaign's wager; a win with nothing to wager is released to cash at once. Returns the transfer, or null
 * when the reward is not one of ours (the caller pays it as a plain win).
 */
export async function creditFreeRoundWin(
  tx: Executor,
  input: {
    userId: number;
    currency: Currency;
    rewardUuid: string;
    amountMinor: bigint;
    idempotencyKey: string;
    reference: string;
    meta: Record<string, unknown>;
    now: Date;
  },
): Promise<{ transferId: number } | null> {
  const row = await rewardOf(tx, input.userId, input.rewardUuid);
  if (!row) return null;
  const { spins, campaign } = row;
  const moved = await transfer(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'win',
    reference: input.reference,
    entries: [
      { account: await gameHouseAccount(tx, input.userId, input.currency), amountMinor: -input.amountMinor },
      {
        account: await userAccount(tx, input.userId, input.currency, 'bonus'),
        amountMinor: input.amountMinor,
      },
    ],
    meta: { ...input.meta, free: true, bonus: true, campaign_id: campaign.id },
  });
  const required = wagerRequirement(input.amountMinor, campaign.wager);
  const [active] = await tx
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userFreeSpinId, spins.id),
        eq(bonusActivations.status, 'active'),
        eq(bonusActivations.currency, input.currency),
      ),
    )
    .for('update');
  const activation = active
    ? await updateActivation(tx, active.id, {
        amountMinor: active.amountMinor + input.amountMinor,
        maxBonusMinor: active.maxBonusMinor + input.amountMinor,
        wagerRequiredMinor: active.wagerRequiredMinor + required,
      })
    : await insertActivation(tx, {
        userId: input.userId,
        source: 'free_spins',
        userFreeSpinId: spins.id,
        currency: input.currency,
        status: 'active',
        percent: 100,
        wager: campaign.wager,
        minDepositMinor: 0n,
        maxBonusMinor: input.amountMinor,
        amountMinor: input.amountMinor,
        wagerRequiredMinor: required,
        creditedAt: input.now,
        createdAt: input.now,
      });
  if (activation.wagerRequiredMinor <= activation.wageredMinor) await release(tx, activation, input.now);
  return { transferId: moved.transferId };
}
