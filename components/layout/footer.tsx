import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { LocaleLink } from '@/components/i18n/locale-link';
import { LanguageSwitcher } from './language-switcher';
import { SiteConfig, SiteLinks } from './site-config';
import { ROUTES } from '@/lib/routes';

export async function Footer() {
  const t = await getTranslations('footer');
  const links = [
    { href: ROUTES.policyUserAgreementEn, label: t('userAgreementEn') },
    { href: ROUTES.policyUserAgreementRu, label: t('userAgreementRu') },
    { href: ROUTES.policyConfidential, label: t('confidential') },
    { href: ROUTES.policyKyc, label: t('kyc') },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-panel/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2">
        <nav aria-labelledby="footer-documents">
          <h2 id="footer-documents" className="footer-heading">
            {t('policies')}
          </h2>
          <ul className="footer-links">
            {links.map((link) => (
              <li key={link.href}>
                <LocaleLink href={link.href}>{link.label}</LocaleLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="footer-heading">
            {t('help')}
          </h2>
          <ul className="footer-links">
            <li>
              <LocaleLink href={ROUTES.faq}>{t('faq')}</LocaleLink>
            </li>
            <SiteLinks partnersLabel={t('partners')} telegramLabel={t('telegram')} />
          </ul>
          <SiteConfig />
        </nav>
        <div className="sm:hidden">
          <Suspense fallback={null}>
            <LanguageSwitcher testId="language-switcher-footer" />
          </Suspense>
        </div>
        <div className="text-sm text-muted sm:col-span-2">
          <p>{t('age')}</p>
          <p className="mt-1">{t('rights', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
