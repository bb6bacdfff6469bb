'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';

const TABS = [
  { key: 'profile', href: ROUTES.profile },
  { key: 'access', href: ROUTES.profileAccess },
  { key: 'bonuses', href: ROUTES.profileBonuses },
  { key: 'history', href: ROUTES.profileHistory },
  { key: 'setting', href: ROUTES.profileSetting },
] as const;

export function ProfileNav() {
  const t = useTranslations('profileNav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="overflow-x-auto">
      <ul className="flex min-w-max gap-2 border-b border-line pb-3">
        {TABS.map((tab) => {
          const active = pathname === tab.href;
          return (
            <li key={tab.key}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm ${active ? 'bg-panel-2 text-gold' : 'text-muted hover:text-white'}`}
              >
                {t(tab.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
