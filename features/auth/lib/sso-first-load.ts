import { buildSsoRedirectUrl } from '@/lib/api/sso-redirect';

/** Crawlers see the interface at once and are never sent to the SSO address (spec section 4). */
export const BOT_USER_AGENT =
  /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|yandex|lighthouse/i;

export interface FirstLoadSsoInput {
  ssoAddress: string | null | undefined;
  hasToken: boolean;
  query: URLSearchParams;
  ssoRedirectedCookie: string | undefined;
  isDevelopment: boolean;
  userAgent: string;
  currentUrl: string;
}

/**
 * The first-load SSO redirect (spec section 4): where to send the browser, or null to show the
 * interface. All five conditions must hold: the mirror data has an SSO address, there is no token, the
 * query lacks `no_sso`, the ssoRedirected cookie is unset, and this is not development. Bots skip it.
 * When it returns an address the caller sets the cookie and navigates; otherwise it clears the cookie.
 */
export function firstLoadSsoTarget(input: FirstLoadSsoInput): string | null {
  if (BOT_USER_AGENT.test(input.userAgent)) return null;
  if (!input.ssoAddress || input.hasToken || input.query.has('no_sso')) return null;
  if (input.ssoRedirectedCookie || input.isDevelopment) return null;
  return buildSsoRedirectUrl(input.ssoAddress, input.currentUrl);
}
