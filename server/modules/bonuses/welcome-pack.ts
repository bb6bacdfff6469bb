/**
 * The welcome pack: stages paying the user's n-th deposit (deposit-bonus.ts awards them), shown per
 * currency with each stage's status for a signed-in player, and the pack's public title.
 */
import type { WelcomePack } from '@/lib/contracts/bonuses';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { minorToMajor } from '../ledger/service';
import {
  campaignsByIds,
  enabledStages,
  packTitleSetting,
  paidDepositsOf,
  stagesAwardedTo,
} from './repository';
import { betFor, pick, termsFor, type Locale } from './rules';

/** The welcome pack's title per language, as the operator set it (null when unset). */
export async function packTitles(db: Executor): Promise<{ en?: string; ru?: string; kz?: string } | null> {
  const value = await packTitleSetting(db);
  if (!value || typeof value !== 'object') return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const { en, ru, kz } = value as Record<string, unknown>;
  return { en: text(en), ru: text(ru), kz: text(kz) };
}

/** The pack's title in the locale (null when unset). */
export async function packTitle(db: Executor, locale: Locale): Promise<string | null> {
  const titles = await packTitles(db);
  return titles && typeof titles.en === 'string'
    ? pick(locale, titles.en, titles.ru ?? null, titles.kz ?? null)
    : null;
}

/**
 * The welcome pack in a currency (stages that cover it). For a user (`userId`), each stage's status:
 * `done` when it was paid out or its deposit number has passed, `current` for the first other one,
 * `locked` after it; `deposits_made` counts paid invoices. Guests get null for both.
 */
export async function welcomePack(
  db: Executor,
  input: { currency: Currency; locale: Locale; userId: number | null },
): Promise<WelcomePack> {
  const stages = (await enabledStages(db)).flatMap((stage) => {
    const terms = termsFor(stage.limits, input.currency);
    return terms ? [{ stage, terms }] : [];
  });
  const campaignIds = stages.flatMap(({ stage }) =>
    stage.freeSpinCampaignId === null ? [] : [stage.freeSpinCampaignId],
  );
  const campaigns = new Map((await campaignsByIds(db, campaignIds)).map((c) => [c.id, c]));
  let deposits: number | null = null;
  let awarded = new Set<number>();
  if (input.userId !== null) {
    deposits = await paidDepositsOf(db, input.userId);
    awarded = await stagesAwardedTo(db, input.userId);
  }
  let currentGiven = false;
  return {
    publicTitle: stages.length > 0 ? await packTitle(db, input.locale) : null,
    currency: input.currency,
    deposits_made: deposits,
    stages: stages.map(({ stage, terms }) => {
      let status: 'done' | 'current' | 'locked' | null = null;
      if (deposits !== null) {
        if (awarded.has(stage.stage) || stage.depositNumber <= deposits) status = 'done';
        else if (!currentGiven) {
          status = 'current';
          currentGiven = true;
        } else status = 'locked';
      }
      const campaign =
        stage.freeSpinCampaignId === null ? undefined : campaigns.get(stage.freeSpinCampaignId);
      return {
        stage: stage.stage,
        deposit_number: stage.depositNumber,
        title: pick(input.locale, stage.titleEn, stage.titleRu, stage.titleKz),
        percent: stage.percent,
        min_deposit: minorToMajor(terms.minDepositMinor),
        max_bonus: minorToMajor(terms.maxBonusMinor),
        wager: stage.wager,
        free_spins: campaign?.enabled && betFor(campaign, input.currency) !== null ? campaign.count : 0,
        status,
      };
    }),
  };
}
