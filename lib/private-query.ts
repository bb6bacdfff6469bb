/**
 * Query parameters that carry a secret: the simple-auth token (spec section 4, "Simple-auth flow") signs
 * in whoever holds it. It is taken out of the address as soon as the page runs (features/auth simple-auth),
 * and whatever turns the query into a request or a new address (page views, attribution calls, the
 * removal of query flags) leaves it out, so it never reaches analytics, the API's logs, the history or a
 * Referer.
 */
export const SIMPLE_AUTH_TOKEN_PARAM = 'simpleAuthToken';

export const PRIVATE_QUERY_PARAMS: readonly string[] = [SIMPLE_AUTH_TOKEN_PARAM];

/** A copy of `query` without the private parameters. */
export function withoutPrivateParams(query: URLSearchParams | string): URLSearchParams {
  const copy = new URLSearchParams(query);
  for (const name of PRIVATE_QUERY_PARAMS) copy.delete(name);
  return copy;
}

/** `href` (absolute) without the private parameters of its query; hash and everything else kept. */
export function withoutPrivateParamsInUrl(href: string): string {
  const url = new URL(href);
  if (!PRIVATE_QUERY_PARAMS.some((name) => url.searchParams.has(name))) return href;
  url.search = withoutPrivateParams(url.searchParams).toString();
  return url.toString();
}
