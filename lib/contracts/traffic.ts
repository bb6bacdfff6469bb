import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/locales';

/**
 * The traffic contract (spec sections 2, 3, 4, 7; issue 6): mirror data per domain, path redirect rules,
 * and the attribution calls (affiliate visit, client report, source attachment, UTM click, page-open
 * event). One source for the API server's validation and the web app's parsing. Validation failures
 * answer 422 in the DESIGN.md format. Pure: imports nothing from React, Next or the server.
 */

// The limits live in a module without zod, for the web's first screen (lib/contracts/traffic-limits.ts).
import {
  DOMAIN_MAX,
  PARAM_KEY_MAX,
  PARAMS_MAX_KEYS,
  PATH_MAX,
  TEXT_MAX,
  URL_MAX,
  USER_AGENT_MAX,
} from './traffic-limits';
export { DOMAIN_MAX, PARAM_KEY_MAX, PARAMS_MAX_KEYS, PATH_MAX, TEXT_MAX, URL_MAX, USER_AGENT_MAX };

// ---------------------------------------------------------------------------------------------------
// Normalisation shared by the server (storage, lookup) and the web (building requests)

/**
 * A site domain as mirrors are keyed: lower-case (IDN as punycode), without scheme, port, path,
 * trailing dot and leading `www.`. Accepts `Aurum-Mirror1.example:3000`, `www.x.example`,
 * `https://x.example/path`. Null when it is not a host name.
 */
export function normalizeDomain(raw: string): string | null {
  const input = raw.trim();
  if (input === '' || input.length > DOMAIN_MAX + 16) return null;
  let hostname: string;
  try {
    hostname = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `http://${input}`).hostname;
  } catch {
    return null;
  }
  hostname = hostname.replace(/\.$/, '');
  if (hostname.startsWith('www.')) hostname = hostname.slice(4);
  if (hostname.length === 0 || hostname.length > DOMAIN_MAX) return null;
  // Host names (letters, digits, hyphens in dot-separated labels) or an IP literal.
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  if (new RegExp(`^${label}(?:\\.${label})*$`).test(hostname)) return hostname;
  if (/^\[[0-9a-f:.]+\]$/.test(hostname)) return hostname;
  return null;
}

/**
 * A path as redirect rules are keyed: the path part only (query and hash dropped), leading `/`, repeated
 * slashes collapsed, no trailing slash except for the root, lower-case (matching is case-insensitive).
 * Null for something that is not a path (`//host`, a URL, control characters, too long).
 */
export function normalizePath(raw: string): string | null {
  const pathPart = raw.trim().split(/[?#]/, 1)[0];
  if (pathPart.length > PATH_MAX) return null;
  if (!pathPart.startsWith('/') || pathPart.startsWith('//')) return null;
  if (/[\u0000-\u001f\u007f\s\\]/.test(pathPart)) return null;
  const collapsed = pathPart.replace(/\/{2,}/g, '/');
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return (trimmed || '/').toLowerCase();
}

export type PathLocale = (typeof LOCALES)[number];

/** `/en/promo` → `{ locale: 'en', path: '/promo' }`; `/kz` → `{ locale: 'kz', path: '/' }`. */
export function splitLocale(path: string): { locale: PathLocale | null; path: string } {
  for (const locale of LOCALES) {
    if (path === `/${locale}`) return { locale, path: '/' };
    if (path.startsWith(`/${locale}/`)) return { locale, path: path.slice(locale.length + 1) };
  }
  return { locale: null, path };
}

/** An absolute http(s) URL without credentials, as typed (trimmed); null otherwise. */
export function parseHttpUrl(raw: string): URL | null {
  const input = raw.trim();
  if (input.length === 0 || input.length > URL_MAX) return null;
  try {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || !url.hostname) return null;
    return url;
  } catch {
    return null;
  }
}

/** `https://New.example/` → `https://new.example`; null for anything with a path, query or hash. */
export function parseOrigin(raw: string): string | null {
  const url = parseHttpUrl(raw);
  if (!url || url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}

// ---------------------------------------------------------------------------------------------------
// Mirror data

const domainField = z
  .string()
  .max(DOMAIN_MAX + 16)
  .transform((value, ctx) => {
    const domain = normalizeDomain(value);
    if (domain === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_domain: The domain field must be a domain name.' });
      return z.NEVER;
    }
    return domain;
  });

/** `POST /middleware/mirror` and `POST /middleware/mirrorRedirect`: `{ domain }`. */
export const mirrorBody = z.object({ domain: domainField });

/** `GET mirror` / `GET /api/mirror`: `?domain=` (else the request's host). */
export const mirrorQuery = z.object({ domain: domainField.optional() });

/**
 * Mirror data (spec section 3). `redirect.newLink`: the origin (`https://new.example`) visitors of this
 * domain are sent to with path and query kept (301), or null. `sso`: an SSO address or null.
 * `verification`: the search-engine verification meta value or null. The two site links come from the
 * domain's record, else from the site-wide settings; null when neither is set.
 */
export const mirrorReply = z.object({
  redirect: z.object({ newLink: z.string().nullable() }),
  sso: z.string().nullable(),
  verification: z.string().nullable(),
  revshare_service_frontend_url: z.string().nullable(),
  telegram_channel_url: z.string().nullable(),
});
export type MirrorReply = z.infer<typeof mirrorReply>;

// ---------------------------------------------------------------------------------------------------
// Path redirect rules

/** `GET /middleware/redirect?path=/some/path`. */
export const redirectQuery = z.object({
  path: z
    .string()
    .min(1)
    .max(PATH_MAX + 512)
    .refine((value) => normalizePath(value) !== null, {
      message: 'invalid_path: The path field must be a path starting with /.',
    }),
});

export const REDIRECT_STATUSES = [301, 302] as const;

/**
 * `{ redirect: null }` or the rule's answer: `to` is an internal path (starting with `/`, with the
 * visitor's locale prefix when the request had one) or, with `external: true`, an absolute http(s) URL
 * the browser navigates to fully. `status`: 301 or 302.
 */
export const redirectReply = z.object({
  redirect: z
    .object({
      to: z.string(),
      external: z.boolean(),
      status: z.union([z.literal(301), z.literal(302)]),
    })
    .nullable(),
});
export type RedirectReply = z.infer<typeof redirectReply>;

// ---------------------------------------------------------------------------------------------------
// Attribution

/** Acknowledgement of the attribution calls: nothing else is revealed. */
export const okReply = z.object({ ok: z.literal(true) });

const paramValue = z.string().max(TEXT_MAX);

/** At most PARAMS_MAX_KEYS keys, each at most PARAM_KEY_MAX characters. */
function limitKeys(params: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const keys = Object.keys(params);
  if (keys.length > PARAMS_MAX_KEYS) {
    ctx.addIssue({
      code: 'custom',
      message: `too_many: At most ${PARAMS_MAX_KEYS} query parameters are accepted.`,
    });
  }
  for (const key of keys) {
    if (key.length > PARAM_KEY_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: [key.slice(0, PARAM_KEY_MAX)],
        message: `too_long: A query parameter name must not be longer than ${PARAM_KEY_MAX} characters.`,
      });
    }
  }
}

/**
 * The visit's query parameters: any keys (at most PARAMS_MAX_KEYS, names up to PARAM_KEY_MAX
 * characters), string values up to TEXT_MAX characters. A repeated parameter is sent once (the first).
 */
export const queryParameters = z.record(z.string(), paramValue).superRefine(limitKeys);
export type QueryParameters = z.infer<typeof queryParameters>;

/** `POST /middleware/affiliate`: the query parameters of the visit, as the body. */
export const affiliateBody = queryParameters;

/** `POST middleware/ip`: the page's host and the browser's user agent. */
export const clientReportBody = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(DOMAIN_MAX + 16),
  userAgent: z.string().trim().min(1).max(USER_AGENT_MAX),
});
/** The client's IP as the API saw it (the web keeps it in the userVersion cookie). */
export const clientReportReply = z.object({ ip: z.string() });

const sourceValue = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .nullish()
  .transform((value) => (value ? value : null));

/** `POST attachSource`: every attribution value the browser holds, each null if absent. */
export const attachSourceBody = z.object({
  stag: sourceValue,
  promo: sourceValue,
  partnerId: sourceValue,
  advId: sourceValue,
  advertiseUid: sourceValue,
  advertiseSource: sourceValue,
  cpaOneUid: sourceValue,
  prHash: sourceValue,
});
export type AttachSourceBody = z.infer<typeof attachSourceBody>;

const utmValue = z.string().trim().min(1).max(TEXT_MAX);

/**
 * `POST /middleware/utm`: all query parameters. Meaningful only with utm_source, utm_medium,
 * utm_campaign and utm_term all present (spec section 4); a missing one answers 422 for that field.
 */
export const utmBody = z
  .object({
    utm_source: utmValue,
    utm_medium: utmValue,
    utm_campaign: utmValue,
    utm_term: utmValue,
  })
  .catchall(paramValue)
  .superRefine(limitKeys);
export type UtmBody = z.infer<typeof utmBody>;

/** Promo types an advertising campaign can carry (kept by the web in adBonusType/adBonusValue). */
export const UTM_PROMO_TYPES = ['bonus_percent', 'free_spins', 'promo_code'] as const;
export type UtmPromoType = (typeof UTM_PROMO_TYPES)[number];

/** Spec section 3, "UTM response": the click's id and the campaign's promo, if any. */
export const utmReply = z.object({
  advId: z.string(),
  promo: z.object({ type: z.string(), value: z.union([z.string(), z.number()]) }).nullable(),
});
export type UtmReply = z.infer<typeof utmReply>;

/** `POST middleware/registerPageOpenEvent`: `subH` required; the fingerprint and the clicked URL. */
export const registerPageOpenBody = z.object({
  subH: z.string().trim().min(1).max(TEXT_MAX),
  uuid: z.string().trim().max(TEXT_MAX).nullish(),
  click_url: z.string().trim().max(URL_MAX).nullish(),
});
