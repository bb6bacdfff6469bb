import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { LOCALES } from '@/lib/i18n/locales';
import { siteOrigin } from '@/lib/seo/site-origin';

/**
 * /robots.txt for whichever mirror serves it (rendered per request: the sitemap's address is absolute
 * on the requested host). The public site is open; the player's pages and the API-like paths are not.
 */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = siteOrigin(await headers());
  if (!origin) notFound();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/profile', ...LOCALES.map((locale) => `/${locale}/profile`)],
    },
    sitemap: `${origin}/sitemap.xml`,
  };
}
