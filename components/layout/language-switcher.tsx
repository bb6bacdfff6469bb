'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { LOCALE_RECORDS, LOCALES, type Locale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { withoutPrivateParams } from '@/lib/private-query';

/** Switches the interface language; next-intl keeps the choice in the locale cookie for 365 days. */
export function LanguageSwitcher({ testId = 'language-switcher' }: { testId?: string }) {
  const t = useTranslations('language');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function change(next: Locale) {
    // The query as it is at the change (read here, not with useSearchParams: the switcher then renders
    // in the server HTML instead of after hydration).
    const query = withoutPrivateParams(window.location.search.slice(1)).toString();
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
