'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { isActive, MAIN_NAV } from './nav-items';

export function MainNav() {
  const t = useTranslations('nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('mainLabel')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex min-w-max gap-1">
        {MAIN_NAV.map((item) => {
          const active = isActive(pathname, item);
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                // Prefetched when reached for (intent-prefetch.tsx), not all at once on load.
                prefetch={false}
                aria-current={active ? 'page' : undefined}
                className={active ? 'nav-link bg-panel-2 text-gold' : 'nav-link text-muted hover:text-white'}
              >
                {t(item.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
