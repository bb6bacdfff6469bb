import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { BonusesScreen } from '@/features/bonuses/components/bonuses-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('bonuses');

/**
 * The welcome pack, the promo-code form and (logged in) the current bonus. All of it depends on the
 * session, read in the browser, so nothing is prefetched on the server and the page stays static.
 */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.bonuses');
  return (
    <PageShell path={ROUTES.bonuses} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['bonuses', 'error']}>
        <BonusesScreen />
      </ScopedMessages>
    </PageShell>
  );
}
