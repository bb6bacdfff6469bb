import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { vipLevelsFirstScreen } from '@/features/vip/api/first-screen';
import { VipPage } from '@/features/vip/components/vip-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

/** The levels in the HTML are read again at most this often (VIP_REVALIDATE_S). */
export const revalidate = 300;

export const generateMetadata = pageMetadata('vipClub');

/**
 * /vip-club (issue 19): the levels and their benefits for everyone; a guest is invited to sign up, a
 * signed-in player sees their level, claims, requests and the join form (loaded in the browser).
 */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const [t, levels] = await Promise.all([getTranslations('pages.vipClub'), vipLevelsFirstScreen()]);
  return (
    <PageShell path={ROUTES.vipClub} title={t('title')} description={t('description')}>
      <VipPage levels={levels} />
    </PageShell>
  );
}
