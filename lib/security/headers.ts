/**
 * The security headers of every web response (next.config.ts sets them on all paths; the middleware
 * replaces the Content-Security-Policy of a page when the API address is the `api.` subdomain of the
 * visited host, which no static header can name).
 *
 * Why the script policy is `'self' 'unsafe-inline'` plus exact third-party hosts, not nonces or hashes:
 * pages are pre-rendered once per language and served as static files (STACK-NOTES: ≈ 730 req/s static
 * against ≈ 140 rendered per request). Next.js puts its bootstrap and RSC payload in inline `<script>`
 * tags; a nonce has to be new on every response and be written into those tags, which Next.js only does
 * when it renders the page per request (its CSP guide: "you must use dynamic rendering to add nonces").
 * Hashes would have to cover every page's own payload script and change with each build and content;
 * Next.js emits none. So inline scripts are allowed, and what the policy still enforces is where scripts,
 * frames and connections may come from: only this origin, the API, the games' hosts, hCaptcha (when a site key is built in),
 * the support-chat provider and the customer-messaging script's (when configured), with no plugins (`object-src 'none'`), no `<base>` hijack, no form
 * posts elsewhere, and no framing (`frame-ancestors 'none'`). Analytics goes through `/ingest` on this
 * origin (lib/analytics.ts), so it needs no host of its own.
 *
 * Pure: no Next.js, no Node APIs (it runs in next.config.ts and on the edge).
 */
import { API_SERVICES, deriveApiBaseUrl, type ApiEnv, type LocationLike } from '../api/base-url';
import { CUSTOMER_IO_DEFAULT_CDN } from '../constants/customer-messaging';

export type CspDirective =
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'media-src'
  | 'form-action';

export type CspSources = Partial<Record<CspDirective, readonly string[]>>;

/**
 * The Intercom Messenger's hosts, as its CSP guide lists them for source allowlists ("Using Intercom
 * with Content Security Policy"): the default chat (`SUPPORT_CHAT_SCRIPT_URL` =
 * `https://widget.intercom.io/widget/{app_id}`).
 */
export const INTERCOM_SOURCES: CspSources = {
  'script-src': ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  'connect-src': [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api.au.intercom.io',
    'https://api.eu.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
    'https://api-ping.intercom.io',
    'https://*.intercom-messenger.com',
    'wss://*.intercom-messenger.com',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://nexus-europe-websocket.intercom.io',
    'wss://nexus-europe-websocket.intercom.io',
    'https://nexus-australia-websocket.intercom.io',
    'wss://nexus-australia-websocket.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.eu.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  'frame-src': [
    'https://share.intercom.io',
    'https://intercom-sheets.com',
    'https://www.intercom-reporting.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
    'https://fast.wistia.net',
  ],
  'font-src': ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  'form-action': [
    'https://intercom.help',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
  ],
  'media-src': ['https://js.intercomcdn.com'],
  'img-src': [
    'blob:',
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://*.intercom-attachments.com',
    'https://*.intercom-attachments-5.com',
    'https://*.intercom-attachments-6.com',
    'https://*.intercom-attachments-9.com',
  ],
};

/** hCaptcha's hosts, as its integration guide lists them for a CSP. */
export const HCAPTCHA_SOURCES: CspSources = {
  'script-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  'frame-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  'style-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  'connect-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
};

/**
 * Customer.io's hosts for its JavaScript source (the customer-messaging script,
 * features/customer-messaging), as its CSP guide lists them for the JavaScript client: the library and
 * its calls on the region's CDN (`cdn`, `https://cdp.customer.io` or `https://cdp-eu.customer.io`), the
 * in-app messages' API and live updates on Gist (`*.api.gist.build`, `*.cloud.gist.build`) and their
 * frames (`renderer.gist.build`, `code.gist.build`).
 */
export function customerIoSources(cdn: string = CUSTOMER_IO_DEFAULT_CDN): CspSources {
  return {
    'script-src': [cdn],
    'connect-src': [cdn, 'https://*.api.gist.build', 'https://*.cloud.gist.build'],
    'frame-src': ['https://renderer.gist.build', 'https://code.gist.build'],
  };
}

/** The directives a chat origin named in `NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS` is allowed in. */
const CHAT_DIRECTIVES: readonly CspDirective[] = [
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'media-src',
];

/** `https://host`, `https://host:port`, `https://*.host`, `wss://host`: a CSP host source, nothing more. */
const HOST_SOURCE =
  /^(https?|wss?):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/**
 * The support chat's sources from `NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS` (build time, like the rest of the
 * policy): unset → Intercom's hosts (the API's default `SUPPORT_CHAT_SCRIPT_URL`); `none` → no chat
 * host; otherwise the listed origins (comma or space separated), each allowed to serve the chat's
 * script, styles, images, fonts, media, frames and connections. Anything that is not a plain origin
 * is refused (thrown), so the setting cannot smuggle a directive or a keyword into the policy.
 */
export function chatSources(setting: string | undefined): CspSources {
  const origins = originList('NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS', setting);
  if (origins === null) return INTERCOM_SOURCES;
  return origins.length ? Object.fromEntries(CHAT_DIRECTIVES.map((directive) => [directive, origins])) : {};
}

/**
 * The customer-messaging script's sources (build time, like the rest of the policy): none unless it is
 * `enabled` (its public key and site id are set); then from `NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS`:
 * unset → Customer.io's hosts for the configured CDN (`cdnUrl`, its origin; the US one by default);
 * `none` → no host; otherwise the listed origins (comma or space separated), each allowed to serve its
 * scripts, styles, images, fonts, media, frames and connections (a proxy of your own, another region). Anything
 * that is not a plain origin is refused (thrown).
 */
export function customerMessagingSources(
  setting: string | undefined,
  { enabled, cdnUrl }: { enabled: boolean; cdnUrl?: string },
): CspSources {
  if (!enabled) return {};
  const origins = originList('NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS', setting);
  if (origins === null) {
    const cdn = cdnUrl?.trim() ? originOf(cdnUrl.trim()) : CUSTOMER_IO_DEFAULT_CDN;
    if (!cdn) throw new Error(`NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN: "${cdnUrl}" is not an http(s) address`);
    return customerIoSources(cdn);
  }
  return origins.length ? Object.fromEntries(CHAT_DIRECTIVES.map((directive) => [directive, origins])) : {};
}

/**
 * The origins a `variable` lists (comma or space separated): null when unset (the caller's default), none
 * for `none`. Anything that is not a plain origin (nor one of `alsoAllowed`) is refused (thrown), so the
 * setting cannot smuggle a directive or a keyword into the policy.
 */
function originList(
  variable: string,
  setting: string | undefined,
  alsoAllowed: readonly string[] = [],
): string[] | null {
  const value = setting?.trim();
  if (!value) return null;
  if (value.toLowerCase() === 'none') return [];
  const origins = value.split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    if (!alsoAllowed.includes(origin) && !HOST_SOURCE.test(origin)) {
      const also = alsoAllowed.length ? ` nor ${alsoAllowed.join(', ')}` : '';
      throw new Error(`${variable}: "${origin}" is not an origin (https://host[:port])${also}`);
    }
  }
  return origins;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins the browser calls the API on (spec section 7): the main address and each game service's.
 * Addresses derived from the page's host (no `NEXT_PUBLIC_API_URL`) are known only with `location`;
 * without it they are left out.
 */
export function apiOrigins(env: ApiEnv, location: LocationLike | null): string[] {
  const configured = env.apiUrl?.trim();
  const main = configured || (location ? deriveApiBaseUrl(location) : null);
  const bases: string[] = main ? [main] : [];
  for (const service of API_SERVICES) {
    const { url, port } = env.services[service] ?? {};
    const base = url?.trim() || main;
    if (!base) continue;
    if (!port?.trim()) {
      bases.push(base);
      continue;
    }
    try {
      const withPort = new URL(base);
      withPort.port = port.trim();
      bases.push(withPort.toString());
    } catch {
      // an unusable address: the client cannot call it either
    }
  }
  return [...new Set(bases.map(originOf).filter((origin): origin is string => origin !== null))];
}

/** The game studio's address when `NEXT_PUBLIC_GAME_ORIGINS` is unset (`npm start` runs it there). */
export const DEFAULT_GAME_ORIGINS = ['http://localhost:4100', 'http://127.0.0.1:4100'] as const;

/**
 * Where the games of the aggregator (issue 17) are served from: their launch URLs open in a frame and
 * their thumbnails are images, so these origins go into `frame-src` and `img-src`. From
 * `NEXT_PUBLIC_GAME_ORIGINS` (build time, like the rest of the policy): unset → the local studio
 * (DEFAULT_GAME_ORIGINS); `none` → no game host; otherwise the listed origins (comma or space separated),
 * or `https:` for an aggregator whose providers serve games from many hosts. Anything else is refused.
 */
export function gameOrigins(setting: string | undefined): string[] {
  return originList('NEXT_PUBLIC_GAME_ORIGINS', setting, ['https:']) ?? [...DEFAULT_GAME_ORIGINS];
}

export interface CspConfig {
  /** Origins of the API and its game services (connections, the player's picture). */
  apiOrigins: readonly string[];
  /** Origins of the aggregator's games (their frames and thumbnails; gameOrigins). */
  games: readonly string[];
  /** The support chat provider's sources. */
  chat: CspSources;
  /** The customer-messaging script's sources (customerMessagingSources). */
  messaging: CspSources;
  /** Whether hCaptcha is built in (a site key is set). */
  hcaptcha: boolean;
  /** `next dev`: React and the dev overlay evaluate code. */
  development: boolean;
}

/** The WebSocket origin of an http(s) origin: `https://api.site.com` → `wss://api.site.com`. */
const socketOrigin = (origin: string) => origin.replace(/^http(s?):/i, 'ws$1:');

/** The Content-Security-Policy header value. */
export function contentSecurityPolicy(config: CspConfig): string {
  const extra = (directive: CspDirective) => [
    ...(config.hcaptcha ? (HCAPTCHA_SOURCES[directive] ?? []) : []),
    ...(config.chat[directive] ?? []),
    ...(config.messaging[directive] ?? []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", "'unsafe-inline'", ...(config.development ? ["'unsafe-eval'"] : []), ...extra('script-src')],
    ],
    ['style-src', ["'self'", "'unsafe-inline'", ...extra('style-src')]],
    ['img-src', ["'self'", 'data:', ...config.apiOrigins, ...config.games, ...extra('img-src')]],
    ['font-src', ["'self'", ...extra('font-src')]],
    // The API's realtime hub (lib/realtime) is a WebSocket on the same addresses: ws(s) is a scheme of its
    // own for CSP, so `http://api` alone would block `ws://api/socket`.
    [
      'connect-src',
      ["'self'", ...config.apiOrigins, ...config.apiOrigins.map(socketOrigin), ...extra('connect-src')],
    ],
    ['media-src', ["'self'", ...extra('media-src')]],
    ['frame-src', [...config.games, ...extra('frame-src')]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...extra('form-action')]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .map(([name, sources]) => `${name} ${sources.length ? [...new Set(sources)].join(' ') : "'none'"}`)
    .join('; ');
}

/** The policy's inputs as this build has them (every variable written out so Next.js inlines it). */
export function cspConfigFromEnv(apiEnv: ApiEnv, location: LocationLike | null): CspConfig {
  return {
    apiOrigins: apiOrigins(apiEnv, location),
    games: gameOrigins(process.env.NEXT_PUBLIC_GAME_ORIGINS),
    chat: chatSources(process.env.NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS),
    messaging: customerMessagingSources(process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_ORIGINS, {
      enabled: Boolean(
        process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY?.trim() &&
          process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID?.trim(),
      ),
      cdnUrl: process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN,
    }),
    hcaptcha: Boolean(process.env.NEXT_PUBLIC_HCAPTCHA_SITE_KEY),
    development: process.env.NODE_ENV === 'development',
  };
}

/** Whether the browser's API address depends on the host it is on (no `NEXT_PUBLIC_API_URL`). */
export function apiAddressFollowsHost(apiEnv: ApiEnv): boolean {
  return !apiEnv.apiUrl?.trim();
}

/** One year: browsers remember to use HTTPS for the site and its subdomains (the API's `api.`). */
export const HSTS_MAX_AGE_S = 31_536_000;

/** Features no page uses, refused to the page and to every frame in it. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** Every security header with its value, lower-case names (the middleware's replace the same ones). */
export function securityHeaders(csp: string): { key: string; value: string }[] {
  return [
    { key: 'content-security-policy', value: csp },
    { key: 'strict-transport-security', value: `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` },
    { key: 'x-frame-options', value: 'DENY' },
    { key: 'x-content-type-options', value: 'nosniff' },
    { key: 'referrer-policy', value: 'strict-origin-when-cross-origin' },
    { key: 'permissions-policy', value: PERMISSIONS_POLICY },
  ];
}
