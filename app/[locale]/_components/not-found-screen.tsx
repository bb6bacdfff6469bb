'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { buttonClass } from '@/components/ui/button-styles';
import { Link } from '@/lib/i18n/navigation';

/**
 * The 404 screen. `withPath` gives the missing-page message 'Page not found: {path}'; without it the
 * invalid-route message 'Page Not Found' (spec sections 2 and 8).
 */
export function NotFoundScreen({ withPath }: { withPath: boolean }) {
  const t = useTranslations('notFound');
  const path = usePathname();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-status="404">
      <p className="text-6xl font-black text-gold">404</p>
      <h1 className="mt-4 text-2xl font-bold" data-testid="not-found-message">
        {withPath ? t('pathMessage', { path }) : t('invalidMessage')}
      </h1>
      <p className="mt-2 text-muted">{t('hint')}</p>
      <Link href="/" className={`${buttonClass.primary} mt-6`}>
        {t('home')}
      </Link>
    </div>
  );
}
