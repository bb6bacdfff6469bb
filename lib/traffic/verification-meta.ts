/**
 * The search-engine verification meta tag of a mirror (spec section 3, mirror data). Verifiers read the
 * home page's HTML as served, so the home page of a mirror with a value is served from a variant that
 * has the tag (`app/[locale]/(default)/site-verified/[token]`), cached per value like a static page:
 *
 * 1. the middleware, whose mirror check returns the value, sets {@link VERIFIED_HOME_HEADER} on the
 *    request for `/{locale}` to the value's token (and strips a header of that name a client sent);
 * 2. a `beforeFiles` rewrite in next.config.ts sends a home request carrying the header to
 *    `/{locale}/site-verified/{token}`; one without it that asks for that address directly gets the 404
 *    page.
 *
 * (A rewrite returned by the middleware itself is not used: Next 16 proxies it over the network when
 * the server is bound to 127.0.0.1, vercel/next.js#94745.)
 */

/** The name of the verification meta tag the mirror data's value fills. */
export const VERIFICATION_META_NAME = 'google-site-verification';

/** Request header the middleware sets to the home page's verification token. */
export const VERIFIED_HOME_HEADER = 'x-aurum-home-verification';

/** First path segment (after the locale) of the home page variant with the tag. */
export const VERIFIED_HOME_SEGMENT = 'site-verified';

/** Token of a verification value for a path segment: its UTF-8 bytes in base64url (no padding). */
export function verificationToken(value: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The value of a token, or null when it is not one `verificationToken` makes. */
export function verificationFromToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length % 4 === 1) return null;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return verificationToken(value) === token ? value : null;
  } catch {
    return null;
  }
}
