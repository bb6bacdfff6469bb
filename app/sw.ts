/// <reference lib="webworker" />
/**
 * The offline worker (spec section 4), built by @serwist/turbopack (app/serwist/[path]/route.ts) and
 * served at /sw.js (next.config.ts) with scope `/`.
 *
 * - Precache: the shell's styles, fonts and icons and the offline page of each language.
 * - Navigations go to the network; when it fails, the offline page in the address's language answers.
 * - Runtime caching is for this origin's static files only (Next's hashed chunks, images, fonts). Nothing
 *   else is routed, so API answers (the API origin, /api/*, /ingest, /dev/outbox: money, personal data)
 *   never touch a cache.
 * - Update: installed, then waiting until the page says it may take over (SKIP_WAITING, sent when no
 *   dialog is open and no bet or deposit is in flight: lib/pwa/update-flow.ts); on the first install it
 *   takes control at once (clientsClaim).
 * - Background sync `sync-data` (periodic, one-off, or the `syncMirrors` message: lib/pwa/background-sync.ts)
 *   refreshes the mirror data (GET /api/mirror on this host) and the build id, and tells the pages.
 */
import type { PrecacheEntry, RouteMatchCallbackOptions, SerwistGlobalConfig } from 'serwist';
import { CacheFirst, ExpirationPlugin, NetworkOnly, Serwist, StaleWhileRevalidate } from 'serwist';
import { BACKGROUND_SYNC_TAG, SYNC_MIRRORS_MESSAGE } from '@/lib/constants/timing';
import { LOCALES } from '@/lib/i18n/locales';
import {
  BUILD_INFO_PATH,
  offlinePath,
  SYNC_CACHE,
  SYNC_DATA_MESSAGE,
  SYNC_MIRROR_KEY,
} from '@/lib/pwa/worker-paths';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** Paths that are never cached, whatever they look like. */
const NEVER_CACHED = /^\/(api|ingest|dev|builds|serwist|sw\.js)(\/|$)/;

const staticFile = ({ url }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && url.pathname.startsWith('/_next/static/');
const image = ({ url, request }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && !NEVER_CACHED.test(url.pathname) && request.destination === 'image';
const font = ({ url, request }: RouteMatchCallbackOptions) =>
  sameOrigin(url) && !NEVER_CACHED.test(url.pathname) && request.destination === 'font';

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: staticFile,
      handler: new CacheFirst({
        cacheName: 'next-static',
        plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: image,
      handler: new StaleWhileRevalidate({
        cacheName: 'images',
        plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: font,
      handler: new CacheFirst({
        cacheName: 'fonts',
        plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 365 * 24 * 60 * 60 })],
      }),
    },
    { matcher: ({ request }) => request.mode === 'navigate', handler: new NetworkOnly() },
  ],
  fallbacks: {
    // The offline page of the address's language (the first one listed for any other address).
    entries: LOCALES.map((locale, index) => ({
      url: offlinePath(locale),
      matcher: ({ request }: { request: Request }) => {
        if (request.destination !== 'document') return false;
        const first = new URL(request.url).pathname.split('/')[1];
        return first === locale || (index === 0 && !(LOCALES as readonly string[]).includes(first));
      },
    })),
  },
});

serwist.addEventListeners();

/** The mirror data and the build id, fetched fresh; the pages are told the build id. */
async function syncData(): Promise<void> {
  const [mirror, build] = await Promise.allSettled([
    fetch('/api/mirror', { cache: 'no-store', headers: { Accept: 'application/json' } }),
    fetch(BUILD_INFO_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } }),
  ]);
  if (mirror.status === 'fulfilled' && mirror.value.ok) {
    // Kept under a key of its own, which no fetch is ever answered from: an installed app reads it to
    // find the current domain when the one it was installed from is blocked.
    const cache = await caches.open(SYNC_CACHE);
    await cache.put(SYNC_MIRROR_KEY, mirror.value.clone());
  }
  let buildId: string | null = null;
  if (build.status === 'fulfilled' && build.value.ok) {
    buildId = ((await build.value.json().catch(() => null)) as { id?: string } | null)?.id ?? null;
  }
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ type: SYNC_DATA_MESSAGE, buildId });
}

interface TaggedEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as TaggedEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(syncData());
});
self.addEventListener('periodicsync', (event) => {
  const sync = event as TaggedEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(syncData());
});
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SYNC_MIRRORS_MESSAGE) event.waitUntil(syncData());
});
