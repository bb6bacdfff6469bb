import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { readApiEnv } from './lib/api/base-url';
import { LOCALES } from './lib/i18n/locales';
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
      afterFiles: host
        ? [
            {
              source: '/ingest/static/:path*',
              destination: `${host.replace('://', '://us-assets.')}/static/:path*`,
            },
            { source: '/ingest/:path*', destination: `${host}/:path*` },
          ]
        : [],
      fallback: [],
    };
  },
};

export default withNextIntl(nextConfig);
