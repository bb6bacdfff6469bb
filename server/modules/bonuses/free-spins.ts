/**
 * Free spins: campaigns (a count of spins at a fixed bet per currency in one game) and the spins a user
 * holds, granted by a welcome-pack stage or the operator; each grant and cancellation is queued for the
 * game aggregator as free rounds (free-rounds.ts).
 */
import type { FreeSpin, FreeSpinCampaign } from '@/lib/contracts/bonuses';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { minorToMajor } from '../ledger/service';
import {
  cancelActiveFreeSpins,
  expireFreeSpins,
  findCampaign,
  refillFreeSpins,
  usableFreeSpinsOf,
} from './repository';
import { queueFreeRoundCancel, queueFreeRoundGrant } from './free-rounds';
import { betFor, DAY_MS, pick, type Locale } from './rules';
import type { CampaignRow, UserFreeSpinRow } from './schema';

export function toCampaign(campaign: CampaignRow, currency: Currency, locale: Locale): FreeSpinCampaign {
  return {
    id: campaign.id,
    name: pick(locale, campaign.nameEn, campaign.nameRu, campaign.nameKz),
    description: pick(locale, campaign.descriptionEn, campaign.descriptionRu, campaign.descriptionKz),
    game: { id: campaign.gameId, name: campaign.gameName },
    count: campaign.count,
    bet: minorToMajor(betFor(campaign, currency) ?? 0n),
    currency,
    wager: campaign.wager,
    ends_at: campaign.endsAt?.toISOString() ?? null,
  };
}

/** `GET /api/freeSpinsCampaigns/{id}`: an enabled campaign covering the currency, else 404. */
export async function campaignFor(
  db: Executor,
  input: { id: number; currency: Currency; locale: Locale },
): Promise<FreeSpinCampaign> {
  const campaign = await findCampaign(db, input.id);
  if (!campaign || !campaign.enabled || betFor(campaign, input.currency) === null) {
    throw new HttpError(404, 'Campaign not found.');
  }
  return toCampaign(campaign, input.currency, input.locale);
}

export type GrantOutcome =
  | { granted: true; row: UserFreeSpinRow }
  | { granted: false; reason: 'unknown' | 'disabled' | 'ended' | 'currency' };

/**
 * Grants a campaign's spins to a user (welcome-pack stage or operator): the user's row of that campaign
 * is (re)filled to the campaign's count and stays usable at least `days` from now (not past the
 * campaign's end). Refused for an unknown, disabled or ended campaign or one without a bet in the currency.
 */
export async function grantFreeSpins(
  db: Executor,
  input: {
    userId: number;
    campaignId: number;
    currency: string;
    days: number;
    now: Date;
    activationId?: number | null;
  },
): Promise<GrantOutcome> {
  const campaign = await findCampaign(db, input.campaignId);
  if (!campaign) return { granted: false, reason: 'unknown' };
  if (!campaign.enabled) return { granted: false, reason: 'disabled' };
  if (campaign.endsAt && campaign.endsAt <= input.now) return { granted: false, reason: 'ended' };
  if (betFor(campaign, input.currency) === null) return { granted: false, reason: 'currency' };
  let expirationAt = new Date(input.now.getTime() + input.days * DAY_MS);
  if (campaign.endsAt && campaign.endsAt < expirationAt) expirationAt = campaign.endsAt;
  const row = await refillFreeSpins(
    db,
    {
      userId: input.userId,
      campaignId: campaign.id,
      currency: input.currency,
      countLeft: campaign.count,
      expirationAt,
      activationId: input.activationId ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    },
    input.now,
  );
  // The spins become free rounds at the game aggregator (free-rounds.ts; sent by the casino's job).
  await queueFreeRoundGrant(db, row, input.now);
  return { granted: true, row };
}

/** `GET /profile/freeSpins`: active, unexpired spins with some left, soonest expiry first. */
export async function listFreeSpins(
  db: Executor,
  input: { userId: number; locale: Locale; now: Date },
): Promise<FreeSpin[]> {
  await expireFreeSpins(db, input.userId, input.now);
  const rows = await usableFreeSpinsOf(db, input.userId, input.now);
  return rows.map(({ spins, campaign }) => ({
    id: spins.id,
    campaign_id: campaign.id,
    name: pick(input.locale, campaign.nameEn, campaign.nameRu, campaign.nameKz),
    game: { id: campaign.gameId, name: campaign.gameName },
    count: spins.countLeft,
    bet: minorToMajor(betFor(campaign, spins.currency) ?? 0n),
    currency: spins.currency as Currency,
    expiration_at: spins.expirationAt.toISOString(),
  }));
}

/** How many usable free spins the user holds in a game (every campaign of that game together). */
export async function freeSpinsLeftIn(
  db: Executor,
  input: { userId: number; gameCode: string; now: Date },
): Promise<number> {
  const rows = await usableFreeSpinsOf(db, input.userId, input.now);
  return rows
    .filter(({ campaign }) => campaign.gameId === input.gameCode)
    .reduce((sum, { spins }) => sum + spins.countLeft, 0);
}

/** Gives up the user's active spins of a campaign; false when there are none. */
export async function cancelFreeSpins(
  db: Executor,
  input: { userId: number; campaignId: number; now: Date },
): Promise<boolean> {
  await expireFreeSpins(db, input.userId, input.now);
  const ids = await cancelActiveFreeSpins(db, input.userId, input.campaignId, input.now);
  for (const id of ids) await queueFreeRoundCancel(db, id, input.now);
  return ids.length > 0;
}
