'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useTransition } from 'react';
import { LOCALE_RECORDS, LOCALES, type Locale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { withoutPrivateParams } from '@/lib/private-query';

/** Switches the interface language; next-intl keeps the choice in the locale cookie for 365 days. */
export function LanguageSwitcher({ testId = 'language-switcher' }: { testId?: string }) {
  const t = useTranslations('language');
  const locale = useLocale();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function change(next: Locale) {
    const query = withoutPrivateParams(searchParams.toString()).toString();
    startTransition(() => {
      router.replace(`${pathname}${query ? `?${query}` : ''}`, { locale: next, scroll: false });
    });
  }

  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">{t('label')}</span>
      <select
        value={locale}
        disabled={pending}
        onChange={(event) => change(event.target.value as Locale)}
        className="min-h-10 rounded-lg border border-line bg-panel-2 px-2 py-1 text-white"
        data-testid={testId}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LOCALE_RECORDS[code].iso}>
            {LOCALE_RECORDS[code].name}
          </option>
        ))}
      </select>
    </label>
  );
}
