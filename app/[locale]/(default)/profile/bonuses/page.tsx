import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ProfileBonuses } from '@/features/bonuses/components/profile-bonuses';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('profileBonuses');

/** The user's bonuses and free spins are personal and read with the session token in the browser: no server prefetch. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.profileBonuses');
  return (
    <PageShell path={ROUTES.profileBonuses} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['bonuses', 'error']}>
        <ProfileBonuses />
      </ScopedMessages>
    </PageShell>
  );
}
