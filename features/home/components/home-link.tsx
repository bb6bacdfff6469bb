import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import { PlainLink } from '@/components/i18n/plain-link';
import { getPathname } from '@/lib/i18n/navigation';

/**
 * A link of the home page's rows, in the page's locale (`/games/dice` → `/ru/games/dice`): the address is
 * resolved where the row renders (on the server) and only Next's plain link goes to the browser, as
 * components/i18n/locale-link.tsx does, but usable from components that are not async.
 */
export function HomeLink({
  href,
  ...props
}: Omit<ComponentProps<typeof PlainLink>, 'href'> & { href: string }) {
  const locale = useLocale();
  return <PlainLink href={getPathname({ href, locale })} {...props} />;
}
