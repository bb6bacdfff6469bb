import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { sportsFirstScreen } from '@/features/sportsbook/api/first-screen';
import { SportsBookPage } from '@/features/sportsbook/components/sports-book-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

/** The events in the HTML are read again at most this often (SPORTS_REVALIDATE_S of first-screen.ts). */
export const revalidate = 30;

export const generateMetadata = pageMetadata('betting');

/** /betting: sports and leagues, live and upcoming events with their odds (issue 18). */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const [t, firstScreen] = await Promise.all([getTranslations('pages.betting'), sportsFirstScreen()]);
  return (
    <PageShell path={ROUTES.betting} title={t('title')} description={t('description')}>
      <SportsBookPage firstScreen={firstScreen} />
    </PageShell>
  );
}
