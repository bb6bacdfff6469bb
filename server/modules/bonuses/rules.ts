/**
 * The pure rules of bonuses (no database): which promo applies, the terms of an offer in a currency,
 * a deposit's bonus and its wagering requirement, a campaign's bet, texts in the caller's language.
 * The rules themselves are told in full in service.ts.
 */
import { promoCode } from '@/lib/contracts/bonuses';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { ValidationError } from '../../lib/errors';
import type { MessageLocale } from '../../lib/locale';
import type { Region } from '../../lib/region';
import type { BonusLimits, CampaignRow, PromoRow } from './schema';

export type Locale = MessageLocale;

export const DAY_MS = 86_400_000;
/** How long the free spins of a welcome-pack stage stay usable. */
export const STAGE_FREE_SPIN_DAYS = 7;
/** Operator setting with the welcome pack's public title: `{ en, ru?, kz? }`. */
export const WELCOME_PACK_TITLE_SETTING = 'welcome_pack_title';

/** The text in the locale, English when that translation is missing. */
export function pick(locale: Locale, en: string, ru: string | null, kz: string | null): string {
  return (locale === 'ru' ? ru : locale === 'kz' ? kz : null) || en;
}

/** The currency a guest sees offers in: KZT in Kazakhstan, RUB elsewhere. */
export function defaultCurrencyFor(region: Region): Currency {
  return region === 'KZ' ? 'KZT' : 'RUB';
}

export const secondsUntil = (at: Date, now: Date) =>
  Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** An account's currency; RUB when it is none the site knows. */
export const accountCurrency = (user: { currency: string }): Currency =>
  isCurrency(user.currency) ? user.currency : 'RUB';

/** The currency offers are shown in: the one asked for, else the signed-in caller's, else the region's. */
export function offerCurrency(
  asked: Currency | undefined,
  user: { currency: string } | null,
  region: Region,
): Currency {
  if (asked) return asked;
  if (user && isCurrency(user.currency)) return user.currency;
  return defaultCurrencyFor(region);
}

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

/** Whether a promo applies now: enabled, started, not ended, in the region, covering the currency. */
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

/** The campaign's bet in a currency (minor units), or null when it does not cover that currency. */
export function betFor(campaign: CampaignRow, currency: string): bigint | null {
  if (!isCurrency(currency)) return null;
  const bet = campaign.bet[currency];
  return typeof bet === 'number' && Number.isSafeInteger(bet) && bet > 0 ? BigInt(bet) : null;
}

/** 422 `promo: invalid`: the code is unknown, or does not apply (disabled, dates, currency, region). */
export const invalidPromo = () => ValidationError.field('promo', 'invalid', 'The promo code is invalid.');
