/** Currencies of spec sections 1 and 9. All five have two decimals (DESIGN.md, "Conventions of the API"). */

export const CURRENCIES = ['RUB', 'USD', 'KZT', 'INR', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'RUB';

export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  RUB: '₽',
  USD: '$',
  KZT: '₸',
  INR: '₹',
  EUR: '€',
};

/** Decimal places of every currency. */
export const CURRENCY_DECIMALS = 2;
/** Minor units (kopecks, cents, tiyn, paise) in one major unit. */
export const MINOR_UNITS_PER_MAJOR = 100;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
