import type NextLink from 'next/link';
import { getLocale } from 'next-intl/server';
import type { ComponentProps } from 'react';
import { getPathname } from '@/lib/i18n/navigation';
import { PlainLink } from './plain-link';

type LocaleLinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale' | 'prefetch'> & {
  href: string;
};

/**
 * The i18n `Link` (lib/i18n/navigation.ts) for server components: the same address in the page's locale
 * (`/games/dice` → `/ru/games/dice`), resolved on the server, and Next's own `Link` in the browser.
 * A server component's links are sent twice, in the HTML and in the RSC payload with every prop the
 * client component gets; next-intl's Link adds `ref`, `locale` and `localeCookie` to each, which only a
 * link to another locale uses (issue 14: a page carries 25 to 40 links). Links that switch the locale,
 * and links in client components, keep next-intl's `Link`.
 *
 * It does not prefetch when it scrolls into view (PlainLink): the route is prefetched when the player
 * reaches for the link (components/layout/intent-prefetch.tsx).
 */
export async function LocaleLink({ href, ...props }: LocaleLinkProps) {
  const locale = await getLocale();
  return <PlainLink href={getPathname({ href, locale })} {...props} />;
}
