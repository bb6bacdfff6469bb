import { isLocale, LOCALE_RECORDS } from '@/lib/i18n/locales';

/** The BCP 47 tag of an interface locale (`kz` → `kk-KZ`), English for anything unknown. */
export const isoOf = (locale: string) => LOCALE_RECORDS[isLocale(locale) ? locale : 'en'].iso;

/** A date and time in the locale and the user's timezone (the browser's when the user has none or a bad one). */
export function formatDateTime(value: string | number, iso: string, timeZone?: string | null): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(iso, { ...options, timeZone: timeZone || undefined }).format(date);
  } catch {
    return new Intl.DateTimeFormat(iso, options).format(date);
  }
}

/** A plain number in the locale (`35` → `35`, `1.5` → `1,5` in Russian), for wagers and counts. */
export const formatNumber = (value: number, iso: string) => new Intl.NumberFormat(iso).format(value);
