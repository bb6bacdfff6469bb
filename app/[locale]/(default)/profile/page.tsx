import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('profile');

/** The profile is personal and read with the session token in the browser: no server prefetch. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.profile');
  return (
    <PageShell path={ROUTES.profile} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['profile', 'error', 'vip.badge']}>
        <ProfileScreen />
      </ScopedMessages>
    </PageShell>
  );
}
