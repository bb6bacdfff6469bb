/**
 * Absolute hreflang alternates (with `x-default`) and the canonical address of a page, for whichever
 * mirror host serves it.
 *
 * Pages are static, rendered once per language for every mirror, so their HTML cannot know the host.
 * The middleware, which runs per request, sends these links in an HTTP `Link` header instead (RFC 8288),
 * which search engines read like `<link>` elements in the head (Google: "HTTP headers" is one of the
 * three ways to give hreflang and rel=canonical; Lighthouse's link audits read the header too). The
 * HTML head carries none, so the two never disagree.
 *
 * Pure: runs on the edge and in tests.
 */
import { LOCALE_RECORDS, LOCALES, type Locale } from '../i18n/locales';

/** A path as it may appear inside `<…>` of a Link header: no `<`, `>`, `,`, `;`, quotes or spaces. */
function safePath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+=:@/%]/g, (char) => encodeURIComponent(char));
}

/** `/ru/faq` for (`ru`, `/faq`); `/ru` for the home page. */
export function localizedPath(locale: Locale, pathWithoutLocale: string): string {
  return pathWithoutLocale === '/' ? `/${locale}` : `/${locale}${pathWithoutLocale}`;
}

/** The alternates of one page: every language by its ISO tag, and `x-default` (language detection). */
export function alternateLinks(
  origin: string,
  pathWithoutLocale: string,
): { hreflang: string; href: string }[] {
  const path = safePath(pathWithoutLocale);
  return [
    ...LOCALES.map((locale) => ({
      hreflang: LOCALE_RECORDS[locale].iso,
      href: `${origin}${localizedPath(locale, path)}`,
    })),
    // The address without a language: next-intl sends each visitor to their language from there.
    { hreflang: 'x-default', href: `${origin}${path}` },
  ];
}

/** The `Link` header value of a page: its alternates and its canonical address (no query). */
export function pageLinkHeader(origin: string, locale: Locale, pathWithoutLocale: string): string {
  const path = safePath(pathWithoutLocale);
  return [
    ...alternateLinks(origin, pathWithoutLocale).map(
      ({ hreflang, href }) => `<${href}>; rel="alternate"; hreflang="${hreflang}"`,
    ),
    `<${origin}${localizedPath(locale, path)}>; rel="canonical"`,
  ].join(', ');
}
