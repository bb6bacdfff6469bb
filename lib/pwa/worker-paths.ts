import type { Locale } from '@/lib/i18n/locales';

/** The offline page of a language, precached by the worker (app/[locale]/offline/page.tsx). */
export const offlinePath = (locale: Locale) => `/${locale}/offline`;

/** Where the worker keeps what the background sync fetched (never served for a fetch). */
export const SYNC_CACHE = 'sync-data';
export const SYNC_MIRROR_KEY = '/__sync/mirror.json';

/** The worker's message to the pages after a background sync: `{ type, buildId }`. */
export const SYNC_DATA_MESSAGE = 'sync-data';

/** The page's message that lets a waiting worker take over (serwist's `skipWaiting: false` listens for it). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

/** The worker's address (a rewrite of the route @serwist/turbopack serves at /serwist/sw.js). */
export const SW_URL = '/sw.js';
export const SW_BUILT_URL = '/serwist/sw.js';

/** `GET /builds/latest.json`: the build id (spec section 4 "Build check", section 7). */
export const BUILD_INFO_PATH = '/builds/latest.json';
