import type { NextConfig } from 'next';
import { withSerwist } from '@serwist/turbopack';
import createNextIntlPlugin from 'next-intl/plugin';
import { readApiEnv } from './lib/api/base-url';
import { LOCALES } from './lib/i18n/locales';
import { BUILD_INFO_PATH, SW_BUILT_URL, SW_URL } from './lib/pwa/worker-paths';
import { contentSecurityPolicy, cspConfigFromEnv, securityHeaders } from './lib/security/headers';
import { VERIFIED_HOME_HEADER, VERIFIED_HOME_SEGMENT } from './lib/traffic/verification-meta';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A second build (the e2e stack's, with its own API address inlined) can live beside the default one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `ANALYZE=1 next build`: browser source maps, to see which modules make up each chunk
  // (scripts/analyze-chunks.mjs).
  productionBrowserSourceMaps: process.env.ANALYZE === '1',
  // `npm test` type-checks the whole repository (tsc --noEmit); the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  // Security headers on every response: pages, static files, API routes, redirects (lib/security/headers.ts).
  // The policy names the API by its configured address; when the browser derives it from the host it is
  // on, the middleware replaces a page's policy with one naming that host's `api.` origin.
  async headers() {
    const csp = contentSecurityPolicy(cspConfigFromEnv(readApiEnv(), null));
    return [
      { source: '/:path*', headers: securityHeaders(csp) },
      // The game art (public/art, written by `npm run art`): a day fresh, then revalidated in the background.
      {
        source: '/art/:file*',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=86400, stale-while-revalidate=604800' }],
      },
      // The offline worker and the build check: never from an HTTP cache (spec section 7), so an update
      // is seen at the next check.
      { source: SW_URL, headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      { source: SW_BUILT_URL, headers: [{ key: 'Cache-Control', value: 'no-cache' }] },
      { source: BUILD_INFO_PATH, headers: [{ key: 'Cache-Control', value: 'no-store' }] },
    ];
  },
  async rewrites() {
    const locale = `:locale(${LOCALES.join('|')})`;
    // Analytics events go to /ingest on the product's own origin (spec section 7).
    const host = process.env.POSTHOG_HOST;
    return {
      // The home page of a mirror with a search-engine verification value (lib/traffic/verification-meta.ts).
      beforeFiles: [
        {
          source: `/${locale}/${VERIFIED_HOME_SEGMENT}/:rest*`,
          missing: [{ type: 'header', key: VERIFIED_HOME_HEADER }],
          destination: `/:locale/${VERIFIED_HOME_SEGMENT}-not-found`,
        },
        {
          source: `/${locale}`,
          has: [{ type: 'header', key: VERIFIED_HOME_HEADER, value: '(?<token>[A-Za-z0-9_-]+)' }],
          destination: `/:locale/${VERIFIED_HOME_SEGMENT}/:token`,
        },
      ],
      afterFiles: [
        // The offline worker, built by @serwist/turbopack at /serwist/sw.js, is registered at /sw.js.
        { source: SW_URL, destination: SW_BUILT_URL },
        ...(host
          ? [
              {
                source: '/ingest/static/:path*',
                destination: `${host.replace('://', '://us-assets.')}/static/:path*`,
              },
              { source: '/ingest/:path*', destination: `${host}/:path*` },
            ]
          : []),
      ],
      fallback: [],
    };
  },
};

export default withSerwist(withNextIntl(nextConfig));
