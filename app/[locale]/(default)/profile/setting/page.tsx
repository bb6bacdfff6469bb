import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { SettingsScreen } from '@/features/profile/components/settings-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('profileSetting');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.profileSetting');
  return (
    <PageShell path={ROUTES.profileSetting} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['profile', 'settings', 'error']}>
        <SettingsScreen />
      </ScopedMessages>
    </PageShell>
  );
}
