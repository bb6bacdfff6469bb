import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { AuthButtons } from './auth-buttons';
import { LanguageSwitcher } from './language-switcher';
import { LogoMark } from './logo';
import { MainNav } from './main-nav';

export async function Header() {
  const t = await getTranslations();
  return (
    <header className="header-bar">
      <div className="header-row">
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
        <div className="header-nav">
          <MainNav />
        </div>
        {/* On phones it fills the rest of the row (justified right), so its edge does not move when the
            guest's buttons give way to a signed-in player's. */}
        <div className="header-account">
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
