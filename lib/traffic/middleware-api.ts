/**
 * The API address the server side of the web app (the edge middleware, `/api/mirror`) calls:
 * `API_INTERNAL_URL` (a private address of the API, e.g. inside the cluster) when set, else the public
 * `NEXT_PUBLIC_API_URL`, else none (null).
 *
 * Never derived from the request: the browser may use the `api.` subdomain of the host it is on (spec
 * section 7), but on the server the host comes from the `Host` / `X-Forwarded-Host` headers, which
 * anyone can forge. Deriving the address from them would let one request choose which server the web
 * app calls (an SSRF through `/api/mirror`) and have its answer cached for every visitor (an open
 * redirect for everybody). With neither variable set, the callers do without the API and log it.
 */
export function middlewareApiBase(
  env: { internal?: string; public?: string } = {
    internal: process.env.API_INTERNAL_URL,
    public: process.env.NEXT_PUBLIC_API_URL,
  },
): string | null {
  for (const candidate of [env.internal, env.public]) {
    const value = candidate?.trim();
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}

/** Why the server side has no API address, for the log. */
export const NO_API_ADDRESS_MESSAGE =
  'API_INTERNAL_URL and NEXT_PUBLIC_API_URL are unset or invalid: the web server does not know the API ' +
  'address (it never derives it from the request host), so the mirror, geo and redirect guards are off ' +
  'and /api/mirror answers 503';

/** Dot-separated labels of letters, digits and hyphens (not leading), then an optional port. */
const HOST_PATTERN = /^([a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62})*)(?::(\d{1,5}))?$/i;

/**
 * A host as a visitor can name it in `Host` / `X-Forwarded-Host`: a syntactically valid host name or
 * IPv4 address with an optional port, lower-cased; null for anything else (spaces, slashes, quotes,
 * markup...). It is data about the visit (which mirror), never an address to call.
 */
export function parseHost(value: string | null | undefined): { hostname: string; port: string } | null {
  const match = value ? HOST_PATTERN.exec(value.trim()) : null;
  if (!match || match[1].length > 253) return null;
  const port = match[2] ?? '';
  if (port && Number(port) > 65_535) return null;
  return { hostname: match[1].toLowerCase(), port };
}

/**
 * The address the visitor asked for. Next.js builds a middleware request's URL from the address the
 * server listens on, so the host comes from the proxy's X-Forwarded-Host, else the Host header (a
 * mirror is a host name), and the scheme from X-Forwarded-Proto. Used as data only: which mirror the
 * visitor is on, where a redirect on this site points, the absolute links of the page.
 */
export function visitedUrl(requestUrl: string, headers: Pick<Headers, 'get'>): URL {
  const url = new URL(requestUrl);
  const host = parseHost(headers.get('x-forwarded-host')?.split(',')[0]) ?? parseHost(headers.get('host'));
  if (host) {
    url.hostname = host.hostname;
    url.port = host.port;
  }
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
  return url;
}
