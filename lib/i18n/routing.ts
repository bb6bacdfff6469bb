import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALES } from './locales';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from './cookie';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  // Every path carries its language (/ru, /en, /kz): pages stay static and cacheable per language.
  localePrefix: 'always',
  localeDetection: true,
  localeCookie: { name: LOCALE_COOKIE_NAME, maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax' },
  // hreflang links are emitted by the layout's metadata with ISO tags (kk-KZ, not kz).
  alternateLinks: false,
});
