import { isLocale, LOCALE_RECORDS } from '@/lib/i18n/locales';

/** The BCP 47 tag of an interface locale (`kz` → `kk-KZ`), English for anything unknown. */
export const isoOf = (locale: string) => LOCALE_RECORDS[isLocale(locale) ? locale : 'en'].iso;

/** A multiplier as the games show it: `1.98×`, `36×`, up to four decimals. */
export const formatMultiplier = (value: number, iso: string) =>
  `${new Intl.NumberFormat(iso, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value)}×`;

/** A percentage with two decimals: `49.50%`. */
export const formatChance = (value: number, iso: string) =>
  `${new Intl.NumberFormat(iso, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}%`;

/** The time of day of a bet, in the browser's timezone. */
export function formatBetTime(value: string, iso: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(iso, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}
