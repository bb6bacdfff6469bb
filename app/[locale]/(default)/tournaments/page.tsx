import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { tournamentsFirstScreen } from '@/features/tournaments/api/first-screen';
import { TournamentsPage } from '@/features/tournaments/components/tournaments-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

/** The tournaments in the HTML are read again at most this often (TOURNAMENTS_REVALIDATE_S). */
export const revalidate = 30;

export const generateMetadata = pageMetadata('tournaments');

/** /tournaments: every tournament, active and upcoming first (issue 19). */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const [t, first] = await Promise.all([getTranslations(), tournamentsFirstScreen(null)]);
  return (
    <PageShell
      path={ROUTES.tournaments}
      title={t('pages.tournaments.title')}
      description={t('pages.tournaments.description')}
    >
      <TournamentsPage status={null} first={first} />
    </PageShell>
  );
}
