import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { splitLocale } from './lib/contracts/traffic';
import { GEO_COOKIE, serializeGeoCookie } from './lib/traffic/geo-cookie';
import { GuardCache, runGuards } from './lib/traffic/guards';
import { middlewareApiBase, NO_API_ADDRESS_MESSAGE, visitedUrl } from './lib/traffic/middleware-api';
import { VERIFIED_HOME_HEADER, verificationToken } from './lib/traffic/verification-meta';
import { readApiEnv } from './lib/api/base-url';
import { LOCALES, normalizeAcceptLanguage, type Locale } from './lib/i18n/locales';
import { apiAddressFollowsHost, contentSecurityPolicy, cspConfigFromEnv } from './lib/security/headers';
import { pageLinkHeader } from './lib/seo/links';
import { routing } from './lib/i18n/routing';

const handleI18n = createMiddleware(routing);

/** Answers of the guard calls, shared by the requests this middleware instance serves. */
const guardCache = new GuardCache();

/** Headers the API needs to see the visitor rather than the web server. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-ipcountry', 'cf-connecting-ip', 'user-agent'];

function forwardedHeaders(request: NextRequest): Record<string, string> {
  const forward: Record<string, string> = {};
  const countryHeader = process.env.GEO_COUNTRY_HEADER?.toLowerCase();
  for (const name of countryHeader ? [...FORWARDED_HEADERS, countryHeader] : FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) forward[name] = value;
  }
  return forward;
}

let warnedNoApiAddress = false;

/** Without a configured API address the guards are off: said once per middleware instance. */
function warnNoApiAddress(): void {
  if (warnedNoApiAddress) return;
  warnedNoApiAddress = true;
  console.error(NO_API_ADDRESS_MESSAGE);
}

/**
 * A page load, a client navigation or its prefetch; not a form post or a server action. Prefetches are
 * guarded too: a client navigation to a prefetched page sends no request of its own, and the router
 * follows a redirected prefetch (an internal target becomes the page it shows; an external one fails
 * the fetch, and the router then loads the page fully, which the guards redirect). Answers are cached,
 * so the many prefetches of a page cost little.
 */
function isNavigation(request: NextRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

const apiEnv = readApiEnv();
const policyFollowsHost = apiAddressFollowsHost(apiEnv);

/**
 * What a page's response carries for the host it is served on (the HTML is the same for every mirror):
 * the absolute hreflang alternates with x-default and the canonical address in a `Link` header
 * (lib/seo/links.ts) and, when the browser calls the API on the `api.` subdomain of that host, a
 * Content-Security-Policy naming it (next.config.ts's static one cannot). The host is the visitor's
 * (validated), used as data: it names this response's own links, nothing is fetched from it.
 */
function withPageHeaders(response: NextResponse, visited: URL, locale: Locale, path: string): NextResponse {
  response.headers.set('link', pageLinkHeader(visited.origin, locale, path));
  if (policyFollowsHost) {
    response.headers.set('content-security-policy', contentSecurityPolicy(cspConfigFromEnv(apiEnv, visited)));
  }
  return response;
}

/**
 * Locale routing (next-intl) first, then the guard chain of spec section 2 and the geo check of section 4
 * on the request it lets through: a mirror with a new link → 301 there (path and query kept); a blocked
 * country → /no-access before any page is rendered; a redirect rule → its target. The geo data goes to
 * the browser in a cookie (region for the Region header). A failing API lets the visitor through.
 * The home page of a mirror with a search-engine verification value gets that value's token in a
 * request header, which next.config.ts's rewrite turns into the home page with the meta tag in its
 * HTML (lib/traffic/verification-meta.ts); a client's own header of that name is dropped.
 */
/** The offline page of a language (app/[locale]/offline), kept by the offline worker. */
const OFFLINE_PAGE = new RegExp(`^/(${LOCALES.join('|')})/offline$`);

export default async function middleware(request: NextRequest) {
  // A browser that asks for Kazakh says `kk`; the product's code for it is `kz`.
  const accept = request.headers.get('accept-language');
  const normalized = normalizeAcceptLanguage(accept);
  let i18nRequest = request;
  if ((normalized !== accept && normalized) || request.headers.has(VERIFIED_HOME_HEADER)) {
    const headers = new Headers(request.headers);
    if (normalized) headers.set('accept-language', normalized);
    // Only this middleware names the home page's verification value.
    headers.delete(VERIFIED_HOME_HEADER);
    i18nRequest = new NextRequest(request.url, { headers, method: request.method });
  }
  const response = handleI18n(i18nRequest);
  if (OFFLINE_PAGE.test(request.nextUrl.pathname)) {
    // The offline worker fetches every language's offline page to keep it: those fetches must not move
    // the visitor's language cookie (next-intl sets it for the page's language), nor run the guards.
    response.headers.delete('set-cookie');
    response.headers.delete('x-middleware-set-cookie');
    return response;
  }
  // next-intl sends a path without a locale to its localised form: the guards run on that request.
  if (response.headers.has('location') || !isNavigation(request)) return response;

  const { locale, path } = splitLocale(request.nextUrl.pathname);
  if (!locale) return response;

  const visited = visitedUrl(request.url, request.headers);
  // The router's cache-busting parameter of RSC requests belongs to this request, not to a redirect.
  visited.searchParams.delete('_rsc');
  // The API address comes from configuration only, never from the request's host (middleware-api.ts).
  const apiBase = middlewareApiBase();
  if (!apiBase) {
    warnNoApiAddress();
    return withPageHeaders(response, visited, locale, path);
  }
  const decision = await runGuards(
    { url: visited, locale, pathWithoutLocale: path, forward: forwardedHeaders(request) },
    { apiBase, fetch, cache: guardCache },
  );
  let target = response;
  if (decision.kind === 'redirect') {
    target = NextResponse.redirect(decision.location, decision.status);
  } else if (decision.verification && path === '/') {
    // next-intl hands the request's headers on to the page: the same answer, with the token among them.
    const headers = new Headers(i18nRequest.headers);
    headers.set(VERIFIED_HOME_HEADER, verificationToken(decision.verification));
    target = handleI18n(new NextRequest(request.url, { headers, method: request.method }));
  }
  if (decision.geo) {
    const value = serializeGeoCookie(decision.geo);
    if (request.cookies.get(GEO_COOKIE)?.value !== value) {
      target.cookies.set(GEO_COOKIE, value, { path: '/', sameSite: 'lax' });
    }
  }
  return decision.kind === 'redirect' ? target : withPageHeaders(target, visited, locale, path);
}

export const config = {
  // Everything but API-like paths, Next internals and files with an extension.
  matcher: ['/((?!api|ingest|_next|_vercel|serwist|.*\\..*).*)'],
};
