import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // A second build (the e2e stack's, with its own API address inlined) can live beside the default one.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `npm test` type-checks the whole repository (tsc --noEmit); the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  async rewrites() {
    // Analytics events go to /ingest on the product's own origin (spec section 7).
    const host = process.env.POSTHOG_HOST;
    return host
      ? [
          { source: '/ingest/static/:path*', destination: `${host.replace('://', '://us-assets.')}/static/:path*` },
          { source: '/ingest/:path*', destination: `${host}/:path*` },
        ]
      : [];
  },
};

export default withNextIntl(nextConfig);
