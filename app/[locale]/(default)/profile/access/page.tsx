import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';
import { AccessScreen } from './_components/access-screen';

export const generateMetadata = pageMetadata('profileAccess');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.profileAccess');
  return (
    <PageShell path={ROUTES.profileAccess} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['profile', 'password', 'error']}>
        <AccessScreen />
      </ScopedMessages>
    </PageShell>
  );
}
