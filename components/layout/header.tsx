import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { AuthButtons } from './auth-buttons';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';
import { MainNav } from './main-nav';

export async function Header() {
  const t = await getTranslations();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 lg:flex-nowrap">
        <LocaleLink
          href="/"
          className="flex items-center gap-2 text-lg font-bold"
          aria-label={t('header.logoLabel')}
        >
          <LogoMark />
          <span aria-hidden="true" className="hidden sm:inline">
            {t('app.name')}
          </span>
        </LocaleLink>
        <div className="order-3 w-full lg:order-none lg:w-auto lg:min-w-0 lg:flex-1">
          <MainNav />
        </div>
        {/* On phones it fills the rest of the row (justified right), so its edge does not move when the
            guest's buttons give way to a signed-in player's. */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 lg:flex-initial lg:shrink-0">
          {/* On phones the language switcher lives in the footer, to keep the header on one line. */}
          <div className="hidden sm:block">
            <LanguageSwitcher />
          </div>
          <AuthButtons />
        </div>
      </div>
    </header>
  );
}
