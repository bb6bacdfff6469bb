'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { Link } from '@/lib/i18n/navigation';

export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  const t = useTranslations('errorPage');
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
      <p className="text-6xl font-black text-gold" aria-hidden="true">
        !
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-muted">{t('text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={
            onRetry ?? (() => (window.history.length > 1 ? window.history.back() : window.location.reload()))
          }
        >
          {t('retry')}
        </button>
        <Link href="/" className={buttonClass.primary}>
          {t('home')}
        </Link>
      </div>
      <p className="mt-6 text-sm text-muted">{t('support')}</p>
    </div>
  );
}
