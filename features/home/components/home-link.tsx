import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import { getPathname } from '@/lib/i18n/navigation';

/**
 * A link of the home page's rows, in the page's locale (`/games/dice` → `/ru/games/dice`), resolved where
 * the row renders (on the server). A plain anchor, not a Next `Link`: the lobby has some sixty of them,
 * and hydrating each was the page's main-thread time on a phone. SoftNavigation (one listener) sends
 * their clicks through the router; IntentPrefetch prefetches them when the player reaches for one.
 */
export function HomeLink({ href, ...props }: Omit<ComponentProps<'a'>, 'href'> & { href: string }) {
  const locale = useLocale();
  return <a href={getPathname({ href, locale })} data-soft="" {...props} />;
}
