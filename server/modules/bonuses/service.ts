/**
 * Bonuses (spec §3, §4, §7; issue 4): promo codes (registration-and-deposit bonuses), their
 * activations, the welcome pack and free spins. Money moves only through the ledger's `transfer()`, in
 * the transaction of the state change, under deterministic keys (`activation:<id>:credit|release|forfeit`).
 *
 * The rules:
 * - A promo code applies when it is enabled, started, not ended, covers the currency (its `limits`)
 *   and, when it names a region, the visitor is in it.
 * - A user has at most one waiting promo activation; it waits `wait_days` for its deposit, then expires.
 *   A code once credited to a user cannot be activated by that user again (a waiting activation that
 *   was cancelled or expired can be replaced).
 * - Qualifying deposit: the first deposit credited while the activation waits whose credited amount is
 *   at least the currency's `min_deposit`. Smaller deposits leave it waiting. Earlier deposits do not
 *   matter: a player who has deposited before may activate a code, and the next qualifying deposit counts.
 * - Bonus = ⌊deposit × percent / 100⌋ (minor units), at most `max_bonus`; to be wagered `wager` × bonus
 *   (rounded up to a minor unit) with real money before it is released to cash. A bet counts by the
 *   wagering rules of lib/bonuses/wagering.ts (a weight per game, exclusions), shown on the bonus pages.
 * - A deposit earns at most one bonus: the waiting promo first; otherwise the welcome-pack stage whose
 *   `deposit_number` is this deposit's number (paid invoices of the user, this one included), once per
 *   stage, if the deposit reaches the stage's minimum. The stage's free spins come with it.
 * - Every bonus state change of a user runs under the player's money lock (ledger `lockUserMoney`, step 2
 *   of the ledger's lock order), so deposits, wagers and cancellations of one user take turns; the
 *   ledger's no-negative check is the backstop. Transactions that move money run through
 *   `runTransaction` (server/db/transaction.ts), which runs them again after a deadlock.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import {
  promoCode,
  type Bonus,
  type BonusActivation,
  type FreeSpin,
  type FreeSpinCampaign,
  type WelcomePack,
} from '@/lib/contracts/bonuses';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import { stakeOf, wagerContribution, type WageredBet, type WagerContribution } from '@/lib/bonuses/wagering';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { operatorSettings } from '../../db/schema';
import { HttpError, ValidationError } from '../../lib/errors';
import type { MessageLocale } from '../auth/templates';
import { billingInvoices } from '../billing/schema';
import type { Region } from '../geo/service';
import { lockUserMoney, minorToMajor, systemAccount, transfer, userAccount } from '../ledger/service';
import {
  bonusActivations,
  freeSpinCampaigns,
  promoCodes,
  userFreeSpins,
  welcomePackStages,
  type ActivationRow,
  type BonusLimits,
  type CampaignRow,
  type PromoRow,
  type StageRow,
  type UserFreeSpinRow,
} from './schema';

export type Locale = MessageLocale;

const DAY_MS = 86_400_000;
/** How long the free spins of a welcome-pack stage stay usable. */
export const STAGE_FREE_SPIN_DAYS = 7;
/** Operator setting with the welcome pack's public title: `{ en, ru?, kz? }`. */
export const WELCOME_PACK_TITLE_SETTING = 'welcome_pack_title';

// --- small helpers ------------------------------------------------------------------------------------

/** The text in the locale, English when that translation is missing. */
export function pick(locale: Locale, en: string, ru: string | null, kz: string | null): string {
  return (locale === 'ru' ? ru : locale === 'kz' ? kz : null) || en;
}

/** The currency a guest sees offers in: KZT in Kazakhstan, RUB elsewhere. */
export function defaultCurrencyFor(region: Region): Currency {
  return region === 'KZ' ? 'KZT' : 'RUB';
}

const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** A typed code as stored (upper-case), or null when it is not a promo code at all. */
export function normalizePromoCode(input: string): string | null {
  const parsed = promoCode.safeParse(input);
  return parsed.success ? parsed.data.toUpperCase() : null;
}

export interface Terms {
  minDepositMinor: bigint;
  maxBonusMinor: bigint;
}

/** The offer's terms in a currency; null when the currency is not covered (or the entry is malformed). */
export function termsFor(limits: BonusLimits, currency: string): Terms | null {
  if (!isCurrency(currency)) return null;
  const entry = limits[currency];
  if (!entry) return null;
  const { min_deposit_minor: min, max_bonus_minor: max } = entry;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || max <= 0) return null;
  return { minDepositMinor: BigInt(min), maxBonusMinor: BigInt(max) };
}

/** Bonus of a deposit: ⌊deposit × percent / 100⌋, at most the max. */
export function bonusFor(depositMinor: bigint, percent: number, maxBonusMinor: bigint): bigint {
  return minBig((depositMinor * BigInt(percent)) / 100n, maxBonusMinor);
}

/** Real-money bets needed to release a bonus: bonus × wager, rounded up to a minor unit. */
export function wagerRequirement(bonusMinor: bigint, wager: number): bigint {
  const hundredths = BigInt(Math.round(wager * 100));
  return (bonusMinor * hundredths + 99n) / 100n;
}

/** Serialises the bonus changes (and money movements) of one user until the surrounding transaction ends. */
const lockBonusesOf = lockUserMoney;

/** 422 `promo: invalid`: the code is unknown, or does not apply (disabled, dates, currency, region). */
export const invalidPromo = () => ValidationError.field('promo', 'invalid', 'The promo code is invalid.');

// --- promo codes ----------------------------------------------------------------------------------------

export async function findPromoByCode(db: Executor, code: string): Promise<PromoRow | undefined> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return undefined;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalized));
  return row;
}

export function promoApplies(
  promo: PromoRow,
  where: { currency: string; region: Region; now: Date },
): boolean {
  return (
    promo.enabled &&
    (promo.startsAt === null || promo.startsAt <= where.now) &&
    (promo.endsAt === null || where.now < promo.endsAt) &&
    (promo.region === null || promo.region === where.region) &&
    termsFor(promo.limits, where.currency) !== null
  );
}

/** The promo behind a code when it applies to that currency and region now; else undefined. */
export async function findApplicablePromo(
  db: Executor,
  input: { code: string; currency: string; region: Region; now: Date },
): Promise<PromoRow | undefined> {
  const promo = await findPromoByCode(db, input.code);
  return promo && promoApplies(promo, input) ? promo : undefined;
}

/** `GET /bonus-system/bonus/{promo}`: the offer in the currency, or 404. */
export async function lookupBonus(
  db: Executor,
  input: { code: string; currency: Currency; region: Region; locale: Locale; now: Date },
): Promise<Bonus> {
  const promo = await findApplicablePromo(db, input);
  if (!promo) throw new HttpError(404, 'Bonus not found.');
  const terms = termsFor(promo.limits, input.currency)!;
  return {
    code: promo.code,
    name: pick(input.locale, promo.nameEn, promo.nameRu, promo.nameKz),
    description: pick(input.locale, promo.descriptionEn, promo.descriptionRu, promo.descriptionKz),
    percent: promo.percent,
    min_deposit: minorToMajor(terms.minDepositMinor),
    max_bonus: minorToMajor(terms.maxBonusMinor),
    wager: promo.wager,
    currency: input.currency,
    expires_in: promo.endsAt ? secondsUntil(promo.endsAt, input.now) : promo.waitDays * 86_400,
    region: promo.region as Bonus['region'],
  };
}

// --- activations ----------------------------------------------------------------------------------------

/** Marks the user's waiting activations past their deadline as expired. */
async function expireWaiting(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(bonusActivations)
    .set({ status: 'expired', finishedAt: now })
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.status, 'waiting'),
        lte(bonusActivations.expiresAt, now),
      ),
    );
}

/**
 * Activates a promo code for a user (at sign-up, in the sign-up's transaction, or later by the player):
 * a `waiting` activation with the promo's terms in the user's currency. 422 on `promo`: `invalid`
 * (unknown, disabled, not started, ended, other currency or region), `already_waiting`, `already_used`.
 */
export async function activatePromo(
  tx: Executor,
  input: { userId: number; code: string; currency: string; region: Region; now: Date },
): Promise<ActivationRow> {
  const promo = await findApplicablePromo(tx, input);
  if (!promo) throw invalidPromo();
  const terms = termsFor(promo.limits, input.currency)!;
  await lockBonusesOf(tx, input.userId);
  await expireWaiting(tx, input.userId, input.now);
  const [waiting] = await tx
    .select({ id: bonusActivations.id })
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, input.userId),
        eq(bonusActivations.source, 'promo'),
        eq(bonusActivations.status, 'waiting'),
      ),
    );
  if (waiting) {
    throw ValidationError.field(
      'promo',
      'already_waiting',
      'You already have a bonus waiting for a deposit.',
    );
  }
  const [used] = await tx
    .select({ id: bonusActivations.id })
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, input.userId),
        eq(bonusActivations.promoId, promo.id),
        gt(bonusActivations.amountMinor, 0n),
      ),
    )
    .limit(1);
  if (used) throw ValidationError.field('promo', 'already_used', 'You have already used this promo code.');
  const [row] = await tx
    .insert(bonusActivations)
    .values({
      userId: input.userId,
      source: 'promo',
      promoId: promo.id,
      currency: input.currency,
      status: 'waiting',
      percent: promo.percent,
      wager: promo.wager,
      minDepositMinor: terms.minDepositMinor,
      maxBonusMinor: terms.maxBonusMinor,
      expiresAt: new Date(input.now.getTime() + promo.waitDays * DAY_MS),
      createdAt: input.now,
    })
    .returning();
  return row;
}

/** The user's waiting promo activation (expiring it first when its time is up). */
export async function findWaitingActivation(
  db: Executor,
  userId: number,
  now: Date,
): Promise<ActivationRow | undefined> {
  await expireWaiting(db, userId, now);
  const [row] = await db
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.source, 'promo'),
        eq(bonusActivations.status, 'waiting'),
      ),
    );
  return row;
}

/** Every activation of the user, newest first. */
export async function listActivations(db: Executor, userId: number, now: Date): Promise<ActivationRow[]> {
  await expireWaiting(db, userId, now);
  return db
    .select()
    .from(bonusActivations)
    .where(eq(bonusActivations.userId, userId))
    .orderBy(desc(bonusActivations.id));
}

async function activationLabel(db: Executor, row: ActivationRow): Promise<string> {
  if (row.promoId !== null) {
    const [promo] = await db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(eq(promoCodes.id, row.promoId));
    return `Bonus ${promo?.code ?? row.promoId}`;
  }
  return `Welcome pack, stage ${row.stage}`;
}

/**
 * The player cancels their bonus: a waiting one simply ends; an active one gives up what is left of it
 * (the activation's amount, at most the bonus balance), moved back to the bonus pool. 404 for someone
 * else's or an unknown id; 422 (`id: not_cancellable`) for a finished one.
 */
export async function cancelActivation(
  db: Executor,
  input: { userId: number; id: number; now: Date },
): Promise<ActivationRow> {
  return runTransaction(db, async (tx) => {
    await lockBonusesOf(tx, input.userId);
    await expireWaiting(tx, input.userId, input.now);
    const [row] = await tx
      .select()
      .from(bonusActivations)
      .where(and(eq(bonusActivations.id, input.id), eq(bonusActivations.userId, input.userId)));
    if (!row) throw new HttpError(404, 'Bonus not found.');
    if (row.status !== 'waiting' && row.status !== 'active') {
      throw ValidationError.field(
        'id',
        'not_cancellable',
        'Only a waiting or active bonus can be cancelled.',
      );
    }
    if (row.status === 'active') {
      const currency = row.currency as Currency;
      const bonus = await userAccount(tx, row.userId, currency, 'bonus');
      const forfeit = minBig(row.amountMinor, bonus.balanceMinor);
      if (forfeit > 0n) {
        await transfer(tx, {
          idempotencyKey: `activation:${row.id}:forfeit`,
          kind: 'bonus',
          reference: `activation:${row.id}`,
          entries: [
            { account: bonus, amountMinor: -forfeit },
            { account: await systemAccount(tx, 'bonus_pool', currency), amountMinor: forfeit },
          ],
          meta: { reason: `${await activationLabel(tx, row)} cancelled` },
        });
      }
    }
    const [cancelled] = await tx
      .update(bonusActivations)
      .set({ status: 'cancelled', finishedAt: input.now })
      .where(eq(bonusActivations.id, row.id))
      .returning();
    return cancelled;
  });
}

/** Moves a wagered bonus (at most the bonus balance) to cash and marks the activation `wagered`. */
async function release(tx: Executor, row: ActivationRow, now: Date): Promise<bigint> {
  const currency = row.currency as Currency;
  const bonus = await userAccount(tx, row.userId, currency, 'bonus');
  const amount = minBig(row.amountMinor, bonus.balanceMinor);
  if (amount > 0n) {
    await transfer(tx, {
      idempotencyKey: `activation:${row.id}:release`,
      kind: 'bonus',
      reference: `activation:${row.id}`,
      entries: [
        { account: bonus, amountMinor: -amount },
        { account: await userAccount(tx, row.userId, currency, 'cash'), amountMinor: amount },
      ],
      meta: { reason: `${await activationLabel(tx, row)} wagered` },
    });
  }
  await tx
    .update(bonusActivations)
    .set({ status: 'wagered', wageredMinor: row.wagerRequiredMinor, finishedAt: now })
    .where(eq(bonusActivations.id, row.id));
  return amount;
}

/** Credits an activation's bonus from the pool (releasing it at once when nothing is to be wagered). */
async function credit(tx: Executor, row: ActivationRow, invoiceId: number, now: Date): Promise<void> {
  const currency = row.currency as Currency;
  await transfer(tx, {
    idempotencyKey: `activation:${row.id}:credit`,
    kind: 'bonus',
    reference: `activation:${row.id}`,
    entries: [
      { account: await systemAccount(tx, 'bonus_pool', currency), amountMinor: -row.amountMinor },
      { account: await userAccount(tx, row.userId, currency, 'bonus'), amountMinor: row.amountMinor },
    ],
    meta: { reason: await activationLabel(tx, row), invoice_id: invoiceId },
  });
  if (row.wagerRequiredMinor === 0n) await release(tx, row, now);
}

/** Paid invoices of the user other than `exceptInvoiceId`. */
async function paidDepositsOf(db: Executor, userId: number, exceptInvoiceId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.userId, userId),
        eq(billingInvoices.status, INVOICE_STATUS.paid),
        exceptInvoiceId === undefined ? undefined : ne(billingInvoices.id, exceptInvoiceId),
      ),
    );
  return row.n;
}

export type DepositAward = {
  source: 'promo' | 'welcome_pack';
  activationId: number;
  amountMinor: bigint;
  replayed: boolean;
} | null;

/**
 * Called by billing in the transaction that credits a deposit (`amountMinor` = what reached the cash
 * balance): pays the waiting promo, else the welcome-pack stage of this deposit (see the rules above).
 * A deposit already rewarded returns its activation and moves nothing.
 */
export async function awardDepositBonus(
  tx: Executor,
  input: { userId: number; currency: Currency; invoiceId: number; amountMinor: bigint; now: Date },
): Promise<DepositAward> {
  const { userId, currency, invoiceId, amountMinor, now } = input;
  await lockBonusesOf(tx, userId);
  const [already] = await tx.select().from(bonusActivations).where(eq(bonusActivations.invoiceId, invoiceId));
  if (already) {
    return {
      source: already.source as 'promo' | 'welcome_pack',
      activationId: already.id,
      amountMinor: already.amountMinor,
      replayed: true,
    };
  }

  await expireWaiting(tx, userId, now);
  const [waiting] = await tx
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, userId),
        eq(bonusActivations.source, 'promo'),
        eq(bonusActivations.status, 'waiting'),
      ),
    );
  if (waiting && waiting.currency === currency && amountMinor >= waiting.minDepositMinor) {
    const bonus = bonusFor(amountMinor, waiting.percent, waiting.maxBonusMinor);
    if (bonus > 0n) {
      const [row] = await tx
        .update(bonusActivations)
        .set({
          status: 'active',
          amountMinor: bonus,
          wagerRequiredMinor: wagerRequirement(bonus, waiting.wager),
          invoiceId,
          creditedAt: now,
        })
        .where(eq(bonusActivations.id, waiting.id))
        .returning();
      await credit(tx, row, invoiceId, now);
      return { source: 'promo', activationId: row.id, amountMinor: bonus, replayed: false };
    }
  }

  const depositNumber = (await paidDepositsOf(tx, userId, invoiceId)) + 1;
  const [stage] = await tx
    .select()
    .from(welcomePackStages)
    .where(and(eq(welcomePackStages.depositNumber, depositNumber), eq(welcomePackStages.enabled, true)));
  const terms = stage ? termsFor(stage.limits, currency) : null;
  if (!stage || !terms || amountMinor < terms.minDepositMinor) return null;
  const [awarded] = await tx
    .select({ id: bonusActivations.id })
    .from(bonusActivations)
    .where(and(eq(bonusActivations.userId, userId), eq(bonusActivations.stage, stage.stage)));
  const bonus = bonusFor(amountMinor, stage.percent, terms.maxBonusMinor);
  if (awarded || bonus <= 0n) return null;
  const [row] = await tx
    .insert(bonusActivations)
    .values({
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
    })
    .returning();
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

/**
 * Counts a real-money bet towards the user's active bonuses of that currency, oldest first (what one
 * bonus does not need carries over to the next). What counts is the bet's contribution under the
 * wagering rules of lib/bonuses/wagering.ts (a weight per game; nothing for a bet that is too likely to
 * win or a roulette spin that hedges itself). A bonus whose requirement is met is released to cash.
 * The games call it in the transaction that settles the bet (an instant bet when it is placed, a miner
 * or hilo round when it ends), so a bet counts once.
 */
export async function recordWager(
  tx: Executor,
  input: { userId: number; currency: Currency; bet: WageredBet; reference: string; now?: Date },
): Promise<{ counted: WagerContribution; released: { activationId: number; amountMinor: bigint }[] }> {
  if (stakeOf(input.bet) <= 0n) throw new RangeError('a stake must be positive');
  const counted = wagerContribution(input.bet);
  if (counted.countedMinor === 0n) return { counted, released: [] };
  const now = input.now ?? new Date();
  await lockBonusesOf(tx, input.userId);
  const active = await tx
    .select()
    .from(bonusActivations)
    .where(
      and(
        eq(bonusActivations.userId, input.userId),
        eq(bonusActivations.currency, input.currency),
        eq(bonusActivations.status, 'active'),
      ),
    )
    .orderBy(asc(bonusActivations.id));
  const released: { activationId: number; amountMinor: bigint }[] = [];
  let stake = counted.countedMinor;
  for (const row of active) {
    if (stake === 0n) break;
    const counted = minBig(stake, row.wagerRequiredMinor - row.wageredMinor);
    stake -= counted;
    if (row.wageredMinor + counted >= row.wagerRequiredMinor) {
      released.push({ activationId: row.id, amountMinor: await release(tx, row, now) });
    } else {
      await tx
        .update(bonusActivations)
        .set({ wageredMinor: row.wageredMinor + counted })
        .where(eq(bonusActivations.id, row.id));
    }
  }
  return { counted, released };
}

// --- replies --------------------------------------------------------------------------------------------

async function packTitle(db: Executor, locale: Locale): Promise<string | null> {
  const titles = await packTitles(db);
  return titles && typeof titles.en === 'string'
    ? pick(locale, titles.en, titles.ru ?? null, titles.kz ?? null)
    : null;
}

/** Activations as the contract shows them, in the locale. */
export async function toActivations(
  db: Executor,
  rows: ActivationRow[],
  locale: Locale,
  now: Date,
): Promise<BonusActivation[]> {
  const promoIds = [...new Set(rows.flatMap((r) => (r.promoId === null ? [] : [r.promoId])))];
  const stageIds = [...new Set(rows.flatMap((r) => (r.stage === null ? [] : [r.stage])))];
  const promos = new Map(
    (promoIds.length ? await db.select().from(promoCodes).where(inArray(promoCodes.id, promoIds)) : []).map(
      (p) => [p.id, p],
    ),
  );
  const stages = new Map(
    (stageIds.length
      ? await db.select().from(welcomePackStages).where(inArray(welcomePackStages.stage, stageIds))
      : []
    ).map((s) => [s.stage, s]),
  );
  const title = stageIds.length ? await packTitle(db, locale) : null;
  return rows.map((row) => {
    const promo = row.promoId === null ? undefined : promos.get(row.promoId);
    const stage: StageRow | undefined = row.stage === null ? undefined : stages.get(row.stage);
    return {
      id: row.id,
      source: row.source as BonusActivation['source'],
      status: row.status as BonusActivation['status'],
      code: promo ? promo.code : `WELCOME-PACK-${row.stage}`,
      name: promo
        ? pick(locale, promo.nameEn, promo.nameRu, promo.nameKz)
        : stage
          ? pick(locale, stage.titleEn, stage.titleRu, stage.titleKz)
          : '',
      description: promo
        ? pick(locale, promo.descriptionEn, promo.descriptionRu, promo.descriptionKz)
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

// --- welcome pack ---------------------------------------------------------------------------------------

/**
 * The welcome pack in a currency (stages that cover it). For a user (`userId`), each stage's status:
 * `done` when it was paid out or its deposit number has passed, `current` for the first other one,
 * `locked` after it; `deposits_made` counts paid invoices. Guests get null for both.
 */
export async function welcomePack(
  db: Executor,
  input: { currency: Currency; locale: Locale; userId: number | null },
): Promise<WelcomePack> {
  const stages = (
    await db
      .select()
      .from(welcomePackStages)
      .where(eq(welcomePackStages.enabled, true))
      .orderBy(asc(welcomePackStages.depositNumber))
  ).flatMap((stage) => {
    const terms = termsFor(stage.limits, input.currency);
    return terms ? [{ stage, terms }] : [];
  });
  const campaignIds = stages.flatMap(({ stage }) =>
    stage.freeSpinCampaignId === null ? [] : [stage.freeSpinCampaignId],
  );
  const campaigns = new Map(
    (campaignIds.length
      ? await db.select().from(freeSpinCampaigns).where(inArray(freeSpinCampaigns.id, campaignIds))
      : []
    ).map((c) => [c.id, c]),
  );
  let deposits: number | null = null;
  let awarded = new Set<number>();
  if (input.userId !== null) {
    deposits = await paidDepositsOf(db, input.userId);
    awarded = new Set(
      (
        await db
          .select({ stage: bonusActivations.stage })
          .from(bonusActivations)
          .where(and(eq(bonusActivations.userId, input.userId), eq(bonusActivations.source, 'welcome_pack')))
      ).map((r) => r.stage!),
    );
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

// --- free spins -----------------------------------------------------------------------------------------

/** The campaign's bet in a currency (minor units), or null when it does not cover that currency. */
export function betFor(campaign: CampaignRow, currency: string): bigint | null {
  if (!isCurrency(currency)) return null;
  const bet = campaign.bet[currency];
  return typeof bet === 'number' && Number.isSafeInteger(bet) && bet > 0 ? BigInt(bet) : null;
}

export async function findCampaign(db: Executor, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(freeSpinCampaigns).where(eq(freeSpinCampaigns.id, id));
  return row;
}

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
  const [row] = await db
    .insert(userFreeSpins)
    .values({
      userId: input.userId,
      campaignId: campaign.id,
      currency: input.currency,
      countLeft: campaign.count,
      status: 'active',
      expirationAt,
      activationId: input.activationId ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [userFreeSpins.userId, userFreeSpins.campaignId],
      set: {
        currency: sql`excluded.currency`,
        countLeft: sql`excluded.count_left`,
        status: 'active',
        expirationAt: sql`GREATEST(CASE WHEN ${userFreeSpins.status} = 'active' THEN ${userFreeSpins.expirationAt} END, excluded.expiration_at)`,
        activationId: sql`coalesce(excluded.activation_id, ${userFreeSpins.activationId})`,
        updatedAt: input.now,
      },
    })
    .returning();
  return { granted: true, row };
}

async function expireFreeSpins(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(userFreeSpins)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(userFreeSpins.userId, userId),
        eq(userFreeSpins.status, 'active'),
        lte(userFreeSpins.expirationAt, now),
      ),
    );
}

/** `GET /profile/freeSpins`: active, unexpired spins with some left, soonest expiry first. */
export async function listFreeSpins(
  db: Executor,
  input: { userId: number; locale: Locale; now: Date },
): Promise<FreeSpin[]> {
  await expireFreeSpins(db, input.userId, input.now);
  const rows = await db
    .select({ spins: userFreeSpins, campaign: freeSpinCampaigns })
    .from(userFreeSpins)
    .innerJoin(freeSpinCampaigns, eq(freeSpinCampaigns.id, userFreeSpins.campaignId))
    .where(
      and(
        eq(userFreeSpins.userId, input.userId),
        eq(userFreeSpins.status, 'active'),
        gt(userFreeSpins.countLeft, 0),
        gt(userFreeSpins.expirationAt, input.now),
      ),
    )
    .orderBy(asc(userFreeSpins.expirationAt), asc(userFreeSpins.id));
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

/** Gives up the user's active spins of a campaign; false when there are none. */
export async function cancelFreeSpins(
  db: Executor,
  input: { userId: number; campaignId: number; now: Date },
): Promise<boolean> {
  await expireFreeSpins(db, input.userId, input.now);
  const rows = await db
    .update(userFreeSpins)
    .set({ status: 'cancelled', updatedAt: input.now })
    .where(
      and(
        eq(userFreeSpins.userId, input.userId),
        eq(userFreeSpins.campaignId, input.campaignId),
        eq(userFreeSpins.status, 'active'),
      ),
    )
    .returning({ id: userFreeSpins.id });
  return rows.length > 0;
}

// --- operator (npm run admin) ---------------------------------------------------------------------------

export function listPromos(db: Executor): Promise<PromoRow[]> {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.id));
}

export type NewPromo = Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Creates a promo code; undefined when the code exists already. */
export async function createPromo(db: Executor, promo: NewPromo, now: Date): Promise<PromoRow | undefined> {
  const [row] = await db
    .insert(promoCodes)
    .values({ ...promo, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: promoCodes.code })
    .returning();
  return row;
}

export async function setPromoEnabled(
  db: Executor,
  code: string,
  enabled: boolean,
  now: Date,
): Promise<PromoRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ enabled, updatedAt: now })
    .where(eq(promoCodes.code, code))
    .returning();
  return row;
}

export function listStages(db: Executor): Promise<StageRow[]> {
  return db.select().from(welcomePackStages).orderBy(asc(welcomePackStages.stage));
}

export type StageInput = Omit<typeof welcomePackStages.$inferInsert, 'updatedAt' | 'enabled'>;

/** Creates or replaces a welcome-pack stage (enabled). Awarded stages keep the terms they were paid on. */
export async function upsertStage(db: Executor, stage: StageInput, now: Date): Promise<StageRow> {
  const [row] = await db
    .insert(welcomePackStages)
    .values({ ...stage, enabled: true, updatedAt: now })
    .onConflictDoUpdate({
      target: welcomePackStages.stage,
      set: { ...stage, enabled: true, updatedAt: now },
    })
    .returning();
  return row;
}

export async function disableStage(db: Executor, stage: number, now: Date): Promise<StageRow | undefined> {
  const [row] = await db
    .update(welcomePackStages)
    .set({ enabled: false, updatedAt: now })
    .where(eq(welcomePackStages.stage, stage))
    .returning();
  return row;
}

export async function setPackTitle(
  db: Executor,
  title: { en: string; ru?: string; kz?: string },
  now: Date,
): Promise<void> {
  await db
    .insert(operatorSettings)
    .values({
      key: WELCOME_PACK_TITLE_SETTING,
      value: title,
      description: 'Public title of the welcome pack: { en, ru, kz }',
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: operatorSettings.key, set: { value: title, updatedAt: now } });
}

/** The welcome pack's title per language, as the operator set it (null when unset). */
export async function packTitles(db: Executor): Promise<{ en?: string; ru?: string; kz?: string } | null> {
  const [row] = await db
    .select({ value: operatorSettings.value })
    .from(operatorSettings)
    .where(eq(operatorSettings.key, WELCOME_PACK_TITLE_SETTING));
  const value = row?.value;
  if (!value || typeof value !== 'object') return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const { en, ru, kz } = value as Record<string, unknown>;
  return { en: text(en), ru: text(ru), kz: text(kz) };
}

export function listCampaigns(db: Executor): Promise<CampaignRow[]> {
  return db.select().from(freeSpinCampaigns).orderBy(asc(freeSpinCampaigns.id));
}

export async function createCampaign(
  db: Executor,
  campaign: Omit<typeof freeSpinCampaigns.$inferInsert, 'id' | 'createdAt'>,
  now: Date,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(freeSpinCampaigns)
    .values({ ...campaign, createdAt: now })
    .returning();
  return row;
}

/** The user's free spins of every status, newest first. */
export function freeSpinsOfUser(db: Executor, userId: number): Promise<UserFreeSpinRow[]> {
  return db
    .select()
    .from(userFreeSpins)
    .where(eq(userFreeSpins.userId, userId))
    .orderBy(desc(userFreeSpins.id));
}
