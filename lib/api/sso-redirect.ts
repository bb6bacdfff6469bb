import { SSO_RETURN_URL_PARAM } from '@/lib/constants/http';

/**
 * The SSO address with the current address encoded in its `url` query parameter (spec section 4):
 * `https://sso.example/login?x=1` + `https://site.com/a?b=c` →
 * `https://sso.example/login?x=1&url=https%3A%2F%2Fsite.com%2Fa%3Fb%3Dc`. A fragment of the SSO address
 * stays at the end.
 */
export function buildSsoRedirectUrl(ssoLink: string, currentUrl: string): string {
  const hashAt = ssoLink.indexOf('#');
  const base = hashAt >= 0 ? ssoLink.slice(0, hashAt) : ssoLink;
  const hash = hashAt >= 0 ? ssoLink.slice(hashAt) : '';
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${SSO_RETURN_URL_PARAM}=${encodeURIComponent(currentUrl)}${hash}`;
}
