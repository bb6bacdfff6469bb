/**
 * The interface languages of spec section 3 ("Locale record"): code, iso, direction, optional domain.
 * The URL and cookie code of Kazakh is `kz` (as the spec names it); its ISO tag is `kk-KZ`, which is
 * what `<html lang>`, hreflang and browser language detection use (STACK-NOTES trap 5).
 */
export const LOCALES = ['ru', 'en', 'kz'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

export interface LocaleRecord {
  code: Locale;
  iso: string;
  direction: 'ltr' | 'rtl';
  domain?: string;
  /** The language's own name, shown in the language switcher. */
  name: string;
}

export const LOCALE_RECORDS: Record<Locale, LocaleRecord> = {
  ru: { code: 'ru', iso: 'ru-RU', direction: 'ltr', name: 'Русский' },
  en: { code: 'en', iso: 'en-US', direction: 'ltr', name: 'English' },
  kz: { code: 'kz', iso: 'kk-KZ', direction: 'ltr', name: 'Қазақша' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Rewrites an Accept-Language header so that Kazakh (`kk`, `kk-KZ`) matches the `kz` locale code.
 * Everything else is kept as it is, quality values included.
 */
export function normalizeAcceptLanguage(header: string | null): string | null {
  if (!header) return header;
  return header.replace(/(^|,)\s*kk(-[A-Za-z]+)?(?=\s*(;|,|$))/gi, '$1kz');
}
