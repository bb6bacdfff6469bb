import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button-styles';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('noAccess');

export default async function NoAccessPage(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('noAccess');
  return (
    <section
      className="rounded-3xl border border-line bg-panel p-6 text-center sm:p-10"
      aria-labelledby="no-access-title"
    >
      <h1 id="no-access-title" className="text-2xl font-bold sm:text-3xl">
        {t('title')}
      </h1>
      <p className="mt-4 text-muted">{t('text')}</p>
      <p className="mt-3 text-muted">{t('travel')}</p>
      <p className="mt-3 text-sm text-muted">{t('vpn')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <LocaleLink href={ROUTES.policyUserAgreementEn} className={buttonClass.secondary}>
          {t('agreement')}
        </LocaleLink>
      </div>
    </section>
  );
}
