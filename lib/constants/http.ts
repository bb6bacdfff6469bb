/** HTTP client constants of spec sections 7, 8 and 9. */

/** Response statuses that are retried (spec section 9). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * Default retry count on {@link RETRY_STATUSES}, by lower-case method: one retry for methods without a
 * body, none for POST, PUT, PATCH and DELETE. A method not listed is not retried.
 */
export const DEFAULT_RETRIES_BY_METHOD: Readonly<Record<string, number>> = {
  get: 1,
  head: 1,
  options: 1,
  post: 0,
  put: 0,
  patch: 0,
  delete: 0,
};

/** The token refresh call (spec section 7). Its 401 is never answered with another refresh. */
export const REFRESH_TOKEN_PATH = '/auth/refresh-token';

/** Query parameter that carries the encoded current address to the SSO link. */
export const SSO_RETURN_URL_PARAM = 'url';

/** Error message of a failed token refresh (spec section 8). */
export const REFRESH_TOKEN_ERROR_MESSAGE = 'Cant refresh token';

/**
 * Messages of the HTTP client's own errors (spec section 8). Axios produces them; they reach callers
 * unchanged. The unsupported-protocol message is followed by the protocol (`Unsupported protocol ftp:`).
 */
export const HTTP_CLIENT_ERROR_MESSAGES = {
  aborted: 'Request aborted',
  network: 'Network Error',
  unsupportedProtocol: 'Unsupported protocol',
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
} as const;

/**
 * How long the HTTP client waits for an answer (issue 20): past it the call fails with
 * `timeout of 20000ms exceeded`, shown translated (lib/api/client-messages.ts).
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Locale codes sent under another name in the Accept-Language header (spec: br is sent as pt-BR). */
export const ACCEPT_LANGUAGE_ALIASES: Readonly<Record<string, string>> = { br: 'pt-BR' };

/** The Accept-Language value for a locale code: the code itself (`ru`, `en`, `kz`), except the aliases. */
export function toAcceptLanguage(locale: string): string {
  return Object.hasOwn(ACCEPT_LANGUAGE_ALIASES, locale) ? ACCEPT_LANGUAGE_ALIASES[locale] : locale;
}
