import { createSerwistRoute } from '@serwist/turbopack';
import { LOCALES } from '@/lib/i18n/locales';
import { offlinePath } from '@/lib/pwa/worker-paths';

const distDir = (process.env.NEXT_DIST_DIR || '.next').replace(/^\.?\/+|\/+$/g, '');
// Any value new with each build: the offline pages are fetched again by a new worker.
const revision = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The offline worker (app/sw.ts), bundled when the app is built and served at /serwist/sw.js; the
 * browser registers it at /sw.js (a rewrite in next.config.ts, `Cache-Control: no-cache`). Precached: the
 * shell's styles, fonts and icons and the offline pages; the scripts are cached as they are used, so
 * the install downloads little on a phone.
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'app/sw.ts',
  useNativeEsbuild: true,
  globPatterns: [`${distDir}/static/**/*.{css,woff2}`, 'public/icons/*.png', 'public/favicon.ico'],
  additionalPrecacheEntries: LOCALES.map((locale) => ({ url: offlinePath(locale), revision })),
});
