/**
 * The guard chain of spec section 2 and the geo check of section 4, as the edge middleware runs them
 * before a page is served (so a blocked visitor never sees the page flash first):
 *
 * 1. mirror check: `POST /middleware/mirrorRedirect { domain }`; a `redirect.newLink` on another host
 *    sends the visitor there with 301, path and query kept;
 * 2. geo check: `GET /geo_ip` with the visitor's address and country header; 451 → `/{locale}/no-access`
 *    (and the geo data in a cookie), a successful check while on `/no-access` → `/{locale}`;
 * 3. redirect rule: `GET /middleware/redirect?path=`; an external answer is a full navigation there, an
 *    internal one a redirect on this site (the rule at `/` is the root redirect to a configured page).
 *
 * Pure except for the injected `fetch`: no Next.js, no Node APIs, so it runs on the edge and in tests.
 * Every call has a short timeout; a failed or slow API lets the visitor through (spec section 8: geo
 * and mirror errors are logged only) and is remembered for a few seconds so a dead API costs one timeout
 * per `FAILURE_TTL_MS`, not one per request.
 */
import { regionForCountry, type Region } from '@/lib/constants/regions';
import { TEXT_MAX } from '@/lib/contracts/traffic';

export interface GeoData {
  ip: string;
  country_code: string | null;
  region: Region;
}

export type GuardDecision =
  | {
      kind: 'next';
      geo: GeoData | null;
      /** The mirror's search-engine verification value (the home page puts it in its HTML), or null. */
      verification: string | null;
    }
  | {
      kind: 'redirect';
      location: string;
      status: 301 | 302 | 307 | 308;
      geo: GeoData | null;
      reason: GuardReason;
    };

export type GuardReason = 'mirror' | 'geo-blocked' | 'geo-allowed' | 'rule';

export interface GuardRequest {
  /** The full URL the visitor asked for (the host they typed, path with locale, query). */
  url: URL;
  /** The locale of the path (`ru`, `en`, `kz`), for the no-access and home redirects. */
  locale: string;
  /** The path without its locale prefix (`/faq`, `/` for the home page). */
  pathWithoutLocale: string;
  /** Headers to forward to the API so it sees the visitor, not the web server (X-Forwarded-For, country). */
  forward: Record<string, string>;
}

export interface GuardOptions {
  apiBase: string;
  fetch: typeof fetch;
  cache: GuardCache;
  now?: () => number;
  timeoutMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** How long answers are reused: operators' changes show within a minute. */
export const GUARD_CACHE_TTL_MS = 30_000;
/** How long a failed call is not retried. */
export const FAILURE_TTL_MS = 5_000;
/** The most a guard call may take before the visitor is let through. */
export const GUARD_TIMEOUT_MS = 800;
const CACHE_MAX_ENTRIES = 5_000;

/** A small TTL cache, one per middleware instance (module scope), bounded in size. */
export class GuardCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();

  get<T>(key: string, now: number): { value: T } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: hit.value as T };
  }

  set(key: string, value: unknown, ttlMs: number, now: number): void {
    if (this.entries.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: now + ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

interface CallResult<T> {
  ok: boolean;
  value: T | null;
}

async function cached<T>(key: string, options: GuardOptions, load: () => Promise<T>): Promise<CallResult<T>> {
  const now = (options.now ?? Date.now)();
  const hit = options.cache.get<CallResult<T>>(key, now);
  if (hit) return hit.value;
  let result: CallResult<T>;
  try {
    result = { ok: true, value: await load() };
    options.cache.set(key, result, GUARD_CACHE_TTL_MS, now);
  } catch (error) {
    (options.log ?? defaultLog)(`guard call ${key.split('|')[0]} failed`, error);
    result = { ok: false, value: null };
    options.cache.set(key, result, FAILURE_TTL_MS, now);
  }
  return result;
}

const defaultLog = (message: string, error?: unknown) => console.error(message, error);

async function call(
  options: GuardOptions,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
): Promise<Response> {
  const url = `${options.apiBase.replace(/\/$/, '')}${path}`;
  return options.fetch(url, {
    method: init.method,
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(options.timeoutMs ?? GUARD_TIMEOUT_MS),
    cache: 'no-store',
  });
}

/** The host visitors of `newLink` should land on, or null when it is not a usable absolute URL. */
function parseNewLink(newLink: unknown): URL | null {
  if (typeof newLink !== 'string' || !newLink) return null;
  try {
    const url = new URL(newLink);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * A verification value fit for a meta tag and a path segment: a non-empty string of at most
 * TEXT_MAX characters (what the admin command accepts) without control characters, `<`, `>` or `"`; null otherwise.
 */
export function parseVerification(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= TEXT_MAX && !/[\u0000-\u001f\u007f<>"]/.test(trimmed) ? trimmed : null;
}

/** `https://new.example` + the visitor's path and query (spec: "with path and query kept"). */
export function mirrorTarget(newLink: URL, visited: URL): string {
  const base = newLink.origin;
  return `${base}${visited.pathname}${visited.search}`;
}

const hostOf = (url: URL) => url.host.toLowerCase().replace(/^www\./, '');

/** Runs the chain; the first guard that redirects wins. */
export async function runGuards(request: GuardRequest, options: GuardOptions): Promise<GuardDecision> {
  const domain = request.url.hostname.toLowerCase();

  // 1. Mirror check.
  // Every cache key names the API it asked and everything the answer depends on, so an answer is only
  // ever reused for a request that would have got the same one.
  const api = options.apiBase.replace(/\/$/, '');
  const mirror = await cached(`mirror|${api}|${domain}`, options, async () => {
    const response = await call(options, '/middleware/mirrorRedirect', { method: 'POST', body: { domain } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = (await response.json()) as {
      redirect?: { newLink?: unknown } | null;
      verification?: unknown;
    };
    return {
      newLink: parseNewLink(data.redirect?.newLink)?.toString() ?? null,
      verification: parseVerification(data.verification),
    };
  });
  const verification = mirror.value?.verification ?? null;
  if (mirror.value?.newLink) {
    const newLink = new URL(mirror.value.newLink);
    if (hostOf(newLink) !== hostOf(request.url)) {
      return {
        kind: 'redirect',
        status: 301,
        location: mirrorTarget(newLink, request.url),
        geo: null,
        reason: 'mirror',
      };
    }
  }

  // 2. Geo check (keyed by what the API sees of the visitor: every forwarded header but the user agent).
  const geoKey = `geo|${api}|${JSON.stringify(
    Object.entries(request.forward)
      .filter(([name]) => name.toLowerCase() !== 'user-agent')
      .map(([name, value]) => [name.toLowerCase(), value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )}`;
  const geo = await cached(geoKey, options, async () => {
    const response = await call(options, '/geo_ip', { method: 'GET', headers: request.forward });
    if (response.status !== 200 && response.status !== 451) throw new Error(`HTTP ${response.status}`);
    const data = (await response.json()) as Partial<GeoData>;
    const geoData: GeoData = {
      ip: typeof data.ip === 'string' ? data.ip : '',
      country_code: typeof data.country_code === 'string' ? data.country_code : null,
      region:
        data.region === 'KZ' || data.region === 'RU' ? data.region : regionForCountry(data.country_code),
    };
    return { blocked: response.status === 451, geo: geoData };
  });
  const geoData = geo.value?.geo ?? null;
  const onNoAccess = request.pathWithoutLocale === '/no-access';
  if (geo.value?.blocked && !onNoAccess) {
    return {
      kind: 'redirect',
      status: 307,
      location: new URL(`/${request.locale}/no-access`, request.url).toString(),
      geo: geoData,
      reason: 'geo-blocked',
    };
  }
  if (geo.value && !geo.value.blocked && onNoAccess) {
    return {
      kind: 'redirect',
      status: 307,
      location: new URL(`/${request.locale}`, request.url).toString(),
      geo: geoData,
      reason: 'geo-allowed',
    };
  }
  if (onNoAccess) return { kind: 'next', geo: geoData, verification };

  // 3. Path redirect rule (the rule of `/` is the root redirect).
  const path = `/${request.locale}${request.pathWithoutLocale === '/' ? '' : request.pathWithoutLocale}`;
  const rule = await cached(`rule|${api}|${path}`, options, async () => {
    const response = await call(options, `/middleware/redirect?path=${encodeURIComponent(path)}`, {
      method: 'GET',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = (await response.json()) as {
      redirect?: { to?: unknown; external?: unknown; status?: unknown } | null;
    };
    const found = data.redirect;
    if (!found || typeof found.to !== 'string') return null;
    return {
      to: found.to,
      external: found.external === true,
      status: found.status === 301 ? 301 : 302,
    } as const;
  });
  if (rule.value) {
    const target = rule.value.external ? new URL(rule.value.to) : new URL(rule.value.to, request.url);
    if (!rule.value.external) target.search = request.url.search;
    if (target.toString() !== request.url.toString()) {
      return {
        kind: 'redirect',
        status: rule.value.status,
        location: target.toString(),
        geo: geoData,
        reason: 'rule',
      };
    }
  }
  return { kind: 'next', geo: geoData, verification };
}
