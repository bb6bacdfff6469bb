/**
 * The promo-code rule of the bonus contract (lib/contracts/bonuses.ts builds its zod `promoCode` from it),
 * in a module without zod for the bonus bar of every page (issue 14): letters, digits, `-` and `_`,
 * 1 to 64 characters once trimmed.
 */
export const PROMO_CODE_MAX = 64;
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Whether `text`, trimmed, is a well-formed promo code (what `promoCode.safeParse(text).success` says). */
export function isPromoCode(text: string): boolean {
  const code = text.trim();
  return code.length >= 1 && code.length <= PROMO_CODE_MAX && PROMO_CODE_PATTERN.test(code);
}
