import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { LOCALES } from '@/lib/i18n/locales';
import { alternateLinks, localizedPath } from '@/lib/seo/links';
import { PUBLIC_ROUTES } from '@/lib/seo/public-routes';
import { siteOrigin } from '@/lib/seo/site-origin';

/**
 * /sitemap.xml for whichever mirror serves it (rendered per request: the addresses are absolute on the
 * requested host): every public route in every language, each with its hreflang alternates and
 * x-default, the same ones the pages' Link header names (lib/seo/links.ts).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteOrigin(await headers());
  if (!origin) notFound();
  return PUBLIC_ROUTES.flatMap((path) => {
    const languages = Object.fromEntries(
      alternateLinks(origin, path).map(({ hreflang, href }) => [hreflang, href]),
    );
    return LOCALES.map((locale) => ({
      url: `${origin}${localizedPath(locale, path)}`,
      alternates: { languages },
    }));
  });
}
