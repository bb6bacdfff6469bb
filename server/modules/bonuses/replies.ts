/** A user's bonuses as the contract (lib/contracts/bonuses.ts) shows them, in the caller's language. */
import type { BonusActivation } from '@/lib/contracts/bonuses';
import { eq, inArray } from 'drizzle-orm';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { minorToMajor } from '../ledger/service';
import { promosByIds, stagesByIds } from './repository';
import { pick, secondsUntil, type Locale } from './rules';
import {
  freeSpinCampaigns,
  userFreeSpins,
  type ActivationRow,
  type CampaignRow,
  type StageRow,
} from './schema';
import { packTitle } from './welcome-pack';

/** Activations as the contract shows them, in the locale. */
export async function toActivations(
  db: Executor,
  rows: ActivationRow[],
  locale: Locale,
  now: Date,
): Promise<BonusActivation[]> {
  const promoIds = [...new Set(rows.flatMap((r) => (r.promoId === null ? [] : [r.promoId])))];
  const stageIds = [...new Set(rows.flatMap((r) => (r.stage === null ? [] : [r.stage])))];
  const promos = new Map((await promosByIds(db, promoIds)).map((p) => [p.id, p]));
  const stages = new Map((await stagesByIds(db, stageIds)).map((s) => [s.stage, s]));
  const title = stageIds.length ? await packTitle(db, locale) : null;
  const campaigns = await campaignsOfSpins(
    db,
    rows.flatMap((r) => (r.userFreeSpinId === null ? [] : [r.userFreeSpinId])),
  );
  return rows.map((row) => {
    const promo = row.promoId === null ? undefined : promos.get(row.promoId);
    const stage: StageRow | undefined = row.stage === null ? undefined : stages.get(row.stage);
    // The winnings of free rounds (`free_spins`): named after the campaign whose spins won them.
    const campaign = row.userFreeSpinId === null ? undefined : campaigns.get(row.userFreeSpinId);
    return {
      id: row.id,
      source: row.source as BonusActivation['source'],
      status: row.status as BonusActivation['status'],
      code: promo ? promo.code : campaign ? `FREE-SPINS-${campaign.id}` : `WELCOME-PACK-${row.stage}`,
      name: promo
        ? pick(locale, promo.nameEn, promo.nameRu, promo.nameKz)
        : stage
          ? pick(locale, stage.titleEn, stage.titleRu, stage.titleKz)
          : campaign
            ? pick(locale, campaign.nameEn, campaign.nameRu, campaign.nameKz)
            : '',
      description: promo
        ? pick(locale, promo.descriptionEn, promo.descriptionRu, promo.descriptionKz)
        : campaign
          ? pick(locale, campaign.descriptionEn, campaign.descriptionRu, campaign.descriptionKz)
          : (title ?? ''),
      percent: row.percent,
      min_deposit: minorToMajor(row.minDepositMinor),
      max_bonus: minorToMajor(row.maxBonusMinor),
      wager: row.wager,
      currency: row.currency as Currency,
      expires_in: row.status === 'waiting' && row.expiresAt ? secondsUntil(row.expiresAt, now) : 0,
      region: (promo?.region ?? null) as BonusActivation['region'],
      amount: minorToMajor(row.amountMinor),
      wager_required: minorToMajor(row.wagerRequiredMinor),
      wagered: minorToMajor(row.wageredMinor),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** The campaign of each of the given free-spin grants (by grant id). */
async function campaignsOfSpins(db: Executor, spinIds: number[]): Promise<Map<number, CampaignRow>> {
  if (spinIds.length === 0) return new Map();
  const rows = await db
    .select({ spinId: userFreeSpins.id, campaign: freeSpinCampaigns })
    .from(userFreeSpins)
    .innerJoin(freeSpinCampaigns, eq(freeSpinCampaigns.id, userFreeSpins.campaignId))
    .where(inArray(userFreeSpins.id, [...new Set(spinIds)]));
  return new Map(rows.map((row) => [row.spinId, row.campaign]));
}
