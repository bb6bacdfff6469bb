/**
 * Promo codes (registration-and-deposit bonuses): the offer behind a code and its activation by a
 * player, which then waits for a qualifying deposit (deposit-bonus.ts pays it).
 */
import type { Bonus } from '@/lib/contracts/bonuses';
import type { Currency } from '@/lib/constants/currencies';
import type { Database, Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, ValidationError } from '../../lib/errors';
import type { Region } from '../../lib/region';
import { lockUserMoney, minorToMajor } from '../ledger/service';
import { expireWaiting, findPromo, insertActivation, promoCreditedTo, waitingPromoOf } from './repository';
import {
  DAY_MS,
  invalidPromo,
  normalizePromoCode,
  pick,
  promoApplies,
  secondsUntil,
  termsFor,
  type Locale,
} from './rules';
import type { ActivationRow, PromoRow } from './schema';

export async function findPromoByCode(db: Executor, code: string): Promise<PromoRow | undefined> {
  const normalized = normalizePromoCode(code);
  if (!normalized) return undefined;
  return findPromo(db, normalized);
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
  await lockUserMoney(tx, input.userId);
  await expireWaiting(tx, input.userId, input.now);
  if (await waitingPromoOf(tx, input.userId)) {
    throw ValidationError.field(
      'promo',
      'already_waiting',
      'You already have a bonus waiting for a deposit.',
    );
  }
  if (await promoCreditedTo(tx, input.userId, promo.id)) {
    throw ValidationError.field('promo', 'already_used', 'You have already used this promo code.');
  }
  return insertActivation(tx, {
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
  });
}

/** `POST /bonus-system/bonus-activation`: the signed-in player activates a code in their account's currency. */
export function activatePromoForPlayer(
  db: Database,
  input: { userId: number; currency: string; code: string; region: Region; now: Date },
): Promise<ActivationRow> {
  return runTransaction(db, (tx) => activatePromo(tx, input));
}
