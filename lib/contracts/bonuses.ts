import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { PROMO_CODE_MAX, PROMO_CODE_PATTERN } from './promo-code';

/**
 * The bonus contract (spec sections 3, 4, 7; issue 4): registration-and-deposit bonuses by promo code,
 * the welcome pack, and free spins. Money is a JSON number in major units (two decimals); names and
 * descriptions come in the request's `Accept-Language` (ru, en, kz; English otherwise).
 */
const money = z.number().multipleOf(0.01);
const currency = z.enum(CURRENCIES);

/**
 * A promo code as typed by a player: letters, digits, `-` and `_`, 1 to 64 characters; case-insensitive
 * (lib/contracts/promo-code.ts: the same rule without zod, `isPromoCode`).
 */
export const promoCode = z.string().trim().min(1).max(PROMO_CODE_MAX).regex(PROMO_CODE_PATTERN);

/**
 * Bonus (spec section 3: name, expires_in, region): a registration-and-deposit offer. The first
 * deposit of at least `min_deposit` made while it waits credits `percent` % of the deposit, at most
 * `max_bonus`, to the bonus balance; it becomes cash once `wager` × bonus has been bet with real money.
 * `expires_in`: seconds until the offer (or, for an activation, the wait for a deposit) ends.
 */
export const bonus = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  percent: z.number().int(),
  min_deposit: money,
  max_bonus: money,
  wager: z.number(),
  currency,
  expires_in: z.number().int(),
  region: z.enum(['KZ', 'RU']).nullable(),
});
export type Bonus = z.infer<typeof bonus>;

/** `GET /bonus-system/bonus/{promo}?currency=`: the offer behind a promo code (404 when there is none). */
export const bonusQuery = z.object({ currency: currency.optional() });

export const BONUS_STATUSES = ['waiting', 'active', 'wagered', 'cancelled', 'expired'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/**
 * A bonus of a user: `waiting` for the qualifying deposit, `active` (credited, being wagered),
 * `wagered` (turned into cash), `cancelled` by the player, or `expired` unused. `source` says whether
 * a promo code, a welcome-pack stage or the winnings of free rounds (held until wagered) gave it.
 */
export const bonusActivation = bonus.extend({
  id: z.number().int(),
  source: z.enum(['promo', 'welcome_pack', 'free_spins', 'reward']),
  status: z.enum(BONUS_STATUSES),
  /** Credited bonus (0 while waiting). */
  amount: money,
  /** Real-money bets still counting towards `wager_required`. */
  wager_required: money,
  wagered: money,
  created_at: z.string(),
});
export type BonusActivation = z.infer<typeof bonusActivation>;

/** `GET /bonus-system/bonus-activation/waiting-reg-and-dep`: the user's waiting bonus, if any. */
export const waitingBonusReply = z.object({ bonus: bonusActivation.nullable() });

/** `GET /bonus-system/bonus-activations`: every bonus of the user, newest first. */
export const bonusActivationsReply = z.object({ items: z.array(bonusActivation) });

/**
 * `POST /bonus-system/bonus-activation`: a logged-in player activates a promo code; the reply is the new
 * (waiting) activation. 422 on `promo`: `invalid`, `already_waiting` (one waits already), `already_used`.
 */
export const activateBonusBody = z.object({ promo: promoCode });
export const activateBonusReply = bonusActivation;

/**
 * `PUT /bonus-system/bonus-activation/cancel/{id}`: the user's waiting or active bonus, cancelled (an
 * active one forfeits what is left of the bonus balance). 422 on `id`: `not_cancellable`; 404 otherwise.
 */
export const cancelBonusReply = bonusActivation;

/** One stage of the welcome pack: the bonus on the user's `deposit_number`-th deposit. */
export const welcomePackStage = z.object({
  stage: z.number().int(),
  deposit_number: z.number().int(),
  title: z.string(),
  percent: z.number().int(),
  min_deposit: money,
  max_bonus: money,
  wager: z.number(),
  free_spins: z.number().int(),
  /** For a logged-in user: `done` (paid out), `current` (the next deposit gets it), `locked`; guests get null. */
  status: z.enum(['done', 'current', 'locked']).nullable(),
});

/**
 * `GET /api/v3/welcome-pack/get-welcome-packs-guest?currency=` (spec section 3 "Welcome pack (guest)":
 * publicTitle) and, for a logged-in user, `GET /api/v3/welcome-pack/get-welcome-packs` with the stage
 * statuses and the deposits made. `publicTitle` is null when no welcome pack is offered.
 */
export const welcomePackReply = z.object({
  publicTitle: z.string().nullable(),
  currency,
  deposits_made: z.number().int().nullable(),
  stages: z.array(welcomePackStage),
});
export type WelcomePack = z.infer<typeof welcomePackReply>;

/** Free spin (spec section 3: game.id, expiration_at): spins granted to the user in a campaign's game. */
export const freeSpin = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  name: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  count: z.number().int(),
  bet: money,
  currency,
  expiration_at: z.string(),
});
export type FreeSpin = z.infer<typeof freeSpin>;

/** `GET /profile/freeSpins`: the user's usable free spins, soonest expiry first. */
export const freeSpinsReply = z.object({ data: z.array(freeSpin) });

/** `GET /api/freeSpinsCampaigns/{id}?currency=`: a campaign as the operator described it. */
export const freeSpinCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  game: z.object({ id: z.string(), name: z.string() }),
  count: z.number().int(),
  bet: money,
  currency,
  wager: z.number(),
  ends_at: z.string().nullable(),
});
export type FreeSpinCampaign = z.infer<typeof freeSpinCampaign>;

/** `PUT /api/v2/freeSpinsCampaigns/cancel/{id}` (the campaign id): gives up the user's spins of it. */
export const cancelFreeSpinsReply = z.object({ success: z.literal(true) });
