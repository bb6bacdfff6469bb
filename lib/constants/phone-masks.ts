/** Country phone masks of spec section 3, written exactly as the spec writes them. */

export const PHONE_COUNTRIES = ['ru', 'kz', 'by'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export interface PhoneMask {
  /** Dialling code with the plus sign. */
  code: string;
  /** The mask as the spec gives it. */
  mask: string;
}

export const PHONE_MASKS: Readonly<Record<PhoneCountry, PhoneMask>> = {
  ru: { code: '+7', mask: '(###) ### ## ##' },
  kz: { code: '+7', mask: '(###) ### ## ##' },
  by: { code: '+375', mask: '___ __ __' },
};

/**
 * The mask in the `#`/`@`/`*` token language of `applyMask` (lib/masks.ts). The spec writes the
 * Belarus mask with `_` placeholders, which are not mask tokens; here each `_` becomes a digit `#`.
 */
export function phoneInputMask(country: PhoneCountry): string {
  return PHONE_MASKS[country].mask.replaceAll('_', '#');
}
