/**
 * The bonus a deposit earns (billing calls it in the transaction that credits the deposit): the waiting
 * promo first, otherwise the welcome-pack stage of this deposit's number, with its free spins.
 */
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { lockUserMoney } from '../ledger/service';
import { credit, findWaitingActivation } from './activations';
import { grantFreeSpins } from './free-spins';
import { toActivations } from './replies';
import {
  activationOfInvoice,
  enabledStageFor,
  expireWaiting,
  insertActivation,
  paidDepositsOf,
  stageAwardedTo,
  updateActivation,
  waitingPromoOf,
} from './repository';
import { bonusFor, STAGE_FREE_SPIN_DAYS, termsFor, wagerRequirement, type Locale } from './rules';
import { welcomePack } from './welcome-pack';

export type DepositAward = {
  source: 'promo' | 'welcome_pack';
  activationId: number;
  amountMinor: bigint;
  replayed: boolean;
} | null;

/**
 * Called by billing in the transaction that credits a deposit (`amountMinor` = what reached the cash
 * balance): pays the waiting promo, else the welcome-pack stage of this deposit (see service.ts).
 * A deposit already rewarded returns its activation and moves nothing.
 */
export async function awardDepositBonus(
  tx: Executor,
  input: { userId: number; currency: Currency; invoiceId: number; amountMinor: bigint; now: Date },
): Promise<DepositAward> {
  const { userId, currency, invoiceId, amountMinor, now } = input;
  await lockUserMoney(tx, userId);
  const already = await activationOfInvoice(tx, invoiceId);
  if (already) {
    return {
      source: already.source as 'promo' | 'welcome_pack',
      activationId: already.id,
      amountMinor: already.amountMinor,
      replayed: true,
    };
  }

  await expireWaiting(tx, userId, now);
  const waiting = await waitingPromoOf(tx, userId);
  if (waiting && waiting.currency === currency && amountMinor >= waiting.minDepositMinor) {
    const bonus = bonusFor(amountMinor, waiting.percent, waiting.maxBonusMinor);
    if (bonus > 0n) {
      const row = await updateActivation(tx, waiting.id, {
        status: 'active',
        amountMinor: bonus,
        wagerRequiredMinor: wagerRequirement(bonus, waiting.wager),
        invoiceId,
        creditedAt: now,
      });
      await credit(tx, row, invoiceId, now);
      return { source: 'promo', activationId: row.id, amountMinor: bonus, replayed: false };
    }
  }

  const depositNumber = (await paidDepositsOf(tx, userId, invoiceId)) + 1;
  const stage = await enabledStageFor(tx, depositNumber);
  const terms = stage ? termsFor(stage.limits, currency) : null;
  if (!stage || !terms || amountMinor < terms.minDepositMinor) return null;
  const awarded = await stageAwardedTo(tx, userId, stage.stage);
  const bonus = bonusFor(amountMinor, stage.percent, terms.maxBonusMinor);
  if (awarded || bonus <= 0n) return null;
  const row = await insertActivation(tx, {
    userId,
    source: 'welcome_pack',
    stage: stage.stage,
    currency,
    status: 'active',
    percent: stage.percent,
    wager: stage.wager,
    minDepositMinor: terms.minDepositMinor,
    maxBonusMinor: terms.maxBonusMinor,
    amountMinor: bonus,
    wagerRequiredMinor: wagerRequirement(bonus, stage.wager),
    invoiceId,
    creditedAt: now,
    createdAt: now,
  });
  await credit(tx, row, invoiceId, now);
  if (stage.freeSpinCampaignId !== null) {
    await grantFreeSpins(tx, {
      userId,
      campaignId: stage.freeSpinCampaignId,
      currency,
      days: STAGE_FREE_SPIN_DAYS,
      now,
      activationId: row.id,
    });
  }
  return { source: 'welcome_pack', activationId: row.id, amountMinor: bonus, replayed: false };
}

/** `payments.bonus` of the billing data: the waiting bonus, else the current welcome-pack stage. */
export async function depositBonusName(
  db: Executor,
  input: { userId: number; currency: Currency; locale: Locale; now: Date },
): Promise<{ name: string } | null> {
  const waiting = await findWaitingActivation(db, input.userId, input.now);
  if (waiting) {
    const [view] = await toActivations(db, [waiting], input.locale, input.now);
    return { name: view.name };
  }
  const pack = await welcomePack(db, input);
  const current = pack.stages.find((stage) => stage.status === 'current');
  return current ? { name: current.title } : null;
}
