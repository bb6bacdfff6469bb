import {
  ADPLACE_COOKIE_MAX_AGE_S,
  ADVERTISE_COOKIE_MAX_AGE_S,
  COOKIE,
  ONE_DAY_COOKIE_MAX_AGE_S,
  PARTNER_COOKIE_MAX_AGE_S,
  type CookieName,
} from '@/lib/constants/cookies';
import type { QueryParameters } from '@/lib/contracts/traffic';
import { PARAM_KEY_MAX, PARAMS_MAX_KEYS, TEXT_MAX } from '@/lib/contracts/traffic-limits';

/**
 * Attribution capture, the pure half (spec sections 3, 4 "Attribution capture" and 9 "Cookie lifetimes").
 *
 * Accepted query parameters (the spec names only `pr`, `simple_auth`, `subH` and the four `utm_*`; the
 * other spellings are ours, and follow what the API server's `POST /middleware/affiliate` reads):
 *
 * | query parameter(s), first non-empty wins       | cookie            | lifetime                  | rule                |
 * |------------------------------------------------|-------------------|---------------------------|---------------------|
 * | `pr`                                           | `prHash`          | 1 day                     | only when unset     |
 * | `simple_auth`                                  | `simpleAuth`      | 1 day                     | only when unset     |
 * | `stag`                                         | `stag`            | 1 day                     | a new link replaces |
 * | `partner`, `partnerId`, `partner_id`           | `partnerId`       | configured (partner)      | a new link replaces |
 * | `adplace`                                      | `adplace`         | configured (adplace)      | a new link replaces |
 * | `advertise_uid`, `advertiseUid`                | `advertiseUid`    | 30 days                   | a new link replaces |
 * | `advertise_source`, `advertiseSource`          | `advertiseSource` | 30 days                   | a new link replaces |
 * | `cpa_uid`, `cpaOneUid`, `cpa_one_uid`          | `cpaOneUid`       | 30 days                   | a new link replaces |
 *
 * Values are trimmed; an empty value is ignored (as if absent); a value is cut to
 * {@link ATTRIBUTION_VALUE_MAX} characters.
 *
 * `utm_source`, `utm_medium`, `utm_campaign`, `utm_term` drive the UTM call, `subH` (or `sub_h`, for the
 * affiliate visit only) the page-open event; neither sets a cookie here.
 */

/** Longest value kept in an attribution cookie. */
export const ATTRIBUTION_VALUE_MAX = 256;

export interface AttributionCookie {
  name: CookieName;
  value: string;
  /** Lifetime in seconds (js-cookie wants days: `cookieExpiresDays`). */
  maxAgeS: number;
}

interface CookieRule {
  name: CookieName;
  params: readonly string[];
  maxAgeS: number;
  /** Set only when the cookie has no value yet (first touch wins). */
  onlyWhenUnset: boolean;
}

const COOKIE_RULES: readonly CookieRule[] = [
  { name: COOKIE.prHash, params: ['pr'], maxAgeS: ONE_DAY_COOKIE_MAX_AGE_S, onlyWhenUnset: true },
  {
    name: COOKIE.simpleAuth,
    params: ['simple_auth'],
    maxAgeS: ONE_DAY_COOKIE_MAX_AGE_S,
    onlyWhenUnset: true,
  },
  { name: COOKIE.stag, params: ['stag'], maxAgeS: ONE_DAY_COOKIE_MAX_AGE_S, onlyWhenUnset: false },
  {
    name: COOKIE.partnerId,
    params: ['partner', 'partnerId', 'partner_id'],
    maxAgeS: PARTNER_COOKIE_MAX_AGE_S,
    onlyWhenUnset: false,
  },
  { name: COOKIE.adplace, params: ['adplace'], maxAgeS: ADPLACE_COOKIE_MAX_AGE_S, onlyWhenUnset: false },
  {
    name: COOKIE.advertiseUid,
    params: ['advertise_uid', 'advertiseUid'],
    maxAgeS: ADVERTISE_COOKIE_MAX_AGE_S,
    onlyWhenUnset: false,
  },
  {
    name: COOKIE.advertiseSource,
    params: ['advertise_source', 'advertiseSource'],
    maxAgeS: ADVERTISE_COOKIE_MAX_AGE_S,
    onlyWhenUnset: false,
  },
  {
    name: COOKIE.cpaOneUid,
    params: ['cpa_uid', 'cpaOneUid', 'cpa_one_uid'],
    maxAgeS: ADVERTISE_COOKIE_MAX_AGE_S,
    onlyWhenUnset: false,
  },
];

/** The four parameters the UTM call needs, all non-empty (spec section 4). */
export const UTM_REQUIRED_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'] as const;

/** Parameters that make a visit an affiliate visit (besides any `utm_*`). */
const AFFILIATE_PARAMS: ReadonlySet<string> = new Set([
  ...COOKIE_RULES.filter((rule) => rule.name !== COOKIE.simpleAuth).flatMap((rule) => rule.params),
  'subH',
  'sub_h',
]);

/** First non-empty (trimmed) value among `names`, cut to ATTRIBUTION_VALUE_MAX; null when none. */
function firstValue(query: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    for (const raw of query.getAll(name)) {
      const value = raw.trim();
      if (value) return value.slice(0, ATTRIBUTION_VALUE_MAX);
    }
  }
  return null;
}

/**
 * The cookies a visit's query sets, with their lifetimes. `existing(name)` reads a cookie; an empty
 * value counts as unset.
 */
export function attributionCookies(
  query: URLSearchParams,
  existing: (name: CookieName) => string | undefined,
): AttributionCookie[] {
  const cookies: AttributionCookie[] = [];
  for (const rule of COOKIE_RULES) {
    const value = firstValue(query, rule.params);
    if (value === null) continue;
    if (rule.onlyWhenUnset && existing(rule.name)) continue;
    cookies.push({ name: rule.name, value, maxAgeS: rule.maxAgeS });
  }
  return cookies;
}

/** Whether the query carries an affiliate parameter, so that `POST /middleware/affiliate` records the visit. */
export function hasAffiliateParams(query: URLSearchParams): boolean {
  for (const [name, value] of query) {
    if (!value.trim()) continue;
    if (AFFILIATE_PARAMS.has(name) || name.startsWith('utm_')) return true;
  }
  return false;
}

/**
 * Whether the query carries anything the capture acts on: a cookie's parameter (`simple_auth` included),
 * an affiliate or UTM parameter, or `subH`.
 */
export function carriesAttribution(query: URLSearchParams): boolean {
  return hasAffiliateParams(query) || COOKIE_RULES.some((rule) => firstValue(query, rule.params) !== null);
}

/** Whether utm_source, utm_medium, utm_campaign and utm_term are all present and non-empty. */
export function hasUtmParams(query: URLSearchParams): boolean {
  return UTM_REQUIRED_PARAMS.every((name) => firstValue(query, [name]) !== null);
}

/** The `subH` of the page-open event, or null. */
export function pageOpenSubH(query: URLSearchParams): string | null {
  const value = query.get('subH')?.trim();
  return value ? value.slice(0, TEXT_MAX) : null;
}

/**
 * The query as the body of `POST /middleware/affiliate` and `POST /middleware/utm`: one value per
 * parameter (the first non-empty one, as the cookies take it), kept within the contract's limits (at most
 * PARAMS_MAX_KEYS names of at most PARAM_KEY_MAX characters, values cut to TEXT_MAX) so that a long link
 * is not refused as a whole.
 */
export function queryParametersBody(query: URLSearchParams): QueryParameters {
  const values = new Map<string, string>();
  for (const [name, value] of query) {
    if (!name || name.length > PARAM_KEY_MAX) continue;
    const known = values.get(name);
    if (known === undefined) {
      if (values.size >= PARAMS_MAX_KEYS) continue;
      values.set(name, value.slice(0, TEXT_MAX));
    } else if (!known.trim() && value.trim()) {
      values.set(name, value.slice(0, TEXT_MAX));
    }
  }
  // fromEntries defines own properties, so even a `__proto__` parameter is sent as sent.
  return Object.fromEntries(values);
}
