import type { Currency } from '@/lib/constants/currencies';

/**
 * Query keys of the bonus feature, generic to specific: every one starts with {@link bonusKeys.all}, so
 * `invalidateQueries({ queryKey: bonusKeys.all })` refreshes everything bonus-related (the offer of a
 * promo code, the welcome pack, the user's bonuses and free spins), as a paid deposit must (spec section 4).
 * Invalidate with these, never a hand-written array (STYLE.md).
 *
 * The user's own data lives under {@link bonusKeys.mine}, so it can be dropped in one go when the
 * session ends.
 */
export const bonusKeys = {
  all: ['bonuses'] as const,
  /** The offer behind a promo code; promo codes are case-insensitive, so the key is upper-cased. */
  offers: () => [...bonusKeys.all, 'offer'] as const,
  offer: (promo: string, currency?: Currency) =>
    [...bonusKeys.offers(), promo.trim().toUpperCase(), { currency: currency ?? null }] as const,
  /** The welcome pack as a guest sees it. */
  guestWelcomePack: (currency?: Currency) =>
    [...bonusKeys.all, 'welcome-pack', 'guest', { currency: currency ?? null }] as const,
  /** A free-spin campaign as the operator described it (not personal). */
  freeSpinCampaign: (id: number, currency?: Currency) =>
    [...bonusKeys.all, 'free-spin-campaign', id, { currency: currency ?? null }] as const,
  /** Everything personal: the logged-in user's bonuses, welcome-pack progress and free spins. */
  mine: () => [...bonusKeys.all, 'mine'] as const,
  waiting: () => [...bonusKeys.mine(), 'waiting'] as const,
  activations: () => [...bonusKeys.mine(), 'activations'] as const,
  userWelcomePack: () => [...bonusKeys.mine(), 'welcome-pack'] as const,
  freeSpins: () => [...bonusKeys.mine(), 'free-spins'] as const,
};
