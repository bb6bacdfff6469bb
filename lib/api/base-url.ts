/**
 * Base addresses of the API (spec section 7).
 *
 * Main API: `NEXT_PUBLIC_API_URL` when set (required in development); otherwise the `api.` subdomain of
 * the current host without a leading `www.`, keeping protocol and port (`https://www.site.com` →
 * `https://api.site.com`). Outside a browser (`location` null) with nothing configured:
 * {@link SERVER_FALLBACK_API_URL}.
 *
 * Services (crash, cases, miner, general, coinflip, keno, dice): `NEXT_PUBLIC_<SERVICE>_API_URL` when set,
 * otherwise the main API address; `NEXT_PUBLIC_<SERVICE>_API_PORT`, when set, replaces the port of that
 * address.
 */

export const API_SERVICES = ['crash', 'cases', 'miner', 'general', 'coinflip', 'keno', 'dice'] as const;
export type ApiService = (typeof API_SERVICES)[number];

/** Used outside a browser (server rendering, scripts) when `NEXT_PUBLIC_API_URL` is unset. */
export const SERVER_FALLBACK_API_URL = 'http://localhost:4000';

export interface ServiceEnv {
  url?: string;
  port?: string;
}

export interface ApiEnv {
  apiUrl?: string;
  services: Partial<Record<ApiService, ServiceEnv>>;
}

/** The subset of `Location` the derivation needs. */
export interface LocationLike {
  protocol: string;
  hostname: string;
  port: string;
}

/**
 * The public configuration. Every variable is written out literally: Next.js inlines
 * `process.env.NEXT_PUBLIC_*` into the browser bundle only in that form.
 */
export function readApiEnv(): ApiEnv {
  return {
    apiUrl: process.env.NEXT_PUBLIC_API_URL,
    services: {
      crash: { url: process.env.NEXT_PUBLIC_CRASH_API_URL, port: process.env.NEXT_PUBLIC_CRASH_API_PORT },
      cases: { url: process.env.NEXT_PUBLIC_CASES_API_URL, port: process.env.NEXT_PUBLIC_CASES_API_PORT },
      miner: { url: process.env.NEXT_PUBLIC_MINER_API_URL, port: process.env.NEXT_PUBLIC_MINER_API_PORT },
      general: {
        url: process.env.NEXT_PUBLIC_GENERAL_API_URL,
        port: process.env.NEXT_PUBLIC_GENERAL_API_PORT,
      },
      coinflip: {
        url: process.env.NEXT_PUBLIC_COINFLIP_API_URL,
        port: process.env.NEXT_PUBLIC_COINFLIP_API_PORT,
      },
      keno: { url: process.env.NEXT_PUBLIC_KENO_API_URL, port: process.env.NEXT_PUBLIC_KENO_API_PORT },
      dice: { url: process.env.NEXT_PUBLIC_DICE_API_URL, port: process.env.NEXT_PUBLIC_DICE_API_PORT },
    },
  };
}

function browserLocation(): LocationLike | null {
  return typeof window === 'undefined' ? null : window.location;
}

function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `https://www.site.com:8443` → `https://api.site.com:8443`. */
export function deriveApiBaseUrl(location: LocationLike): string {
  const host = location.hostname.replace(/^www\./i, '');
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//api.${host}${port}`;
}

/** The main API base address. */
export function resolveApiBaseUrl(
  env: Pick<ApiEnv, 'apiUrl'> = readApiEnv(),
  location: LocationLike | null = browserLocation(),
): string {
  const configured = env.apiUrl?.trim();
  if (configured) return trimTrailingSlash(configured);
  return location ? deriveApiBaseUrl(location) : SERVER_FALLBACK_API_URL;
}

function withPort(url: string, port: string): string {
  const parsed = new URL(url);
  parsed.port = port;
  return trimTrailingSlash(parsed.toString());
}

/** The base address of one service. */
export function resolveServiceBaseUrl(
  service: ApiService,
  env: ApiEnv = readApiEnv(),
  location: LocationLike | null = browserLocation(),
): string {
  const { url, port } = env.services[service] ?? {};
  const base = url?.trim() ? trimTrailingSlash(url.trim()) : resolveApiBaseUrl(env, location);
  return port?.trim() ? withPort(base, port.trim()) : base;
}

/** The base addresses of every service. */
export function resolveServiceBaseUrls(
  env: ApiEnv = readApiEnv(),
  location: LocationLike | null = browserLocation(),
): Record<ApiService, string> {
  return Object.fromEntries(
    API_SERVICES.map((service) => [service, resolveServiceBaseUrl(service, env, location)]),
  ) as Record<ApiService, string>;
}

/**
 * A service's base address as the web server itself reaches it (a page's server-rendered first screen):
 * the service's own address when one is configured (`NEXT_PUBLIC_<SERVICE>_API_URL`), else the API's
 * private address (`API_INTERNAL_URL`, as the middleware uses), else the public one (`NEXT_PUBLIC_API_URL`,
 * or the local default). Without a trailing slash.
 */
export function serverServiceBaseUrl(service: ApiService): string {
  const env = readApiEnv();
  if (env.services[service]?.url?.trim()) return resolveServiceBaseUrl(service, env, null);
  const internal = process.env.API_INTERNAL_URL?.trim();
  return (internal || resolveApiBaseUrl(env, null)).replace(/\/+$/, '');
}
