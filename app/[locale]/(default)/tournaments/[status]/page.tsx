import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { tournamentsFirstScreen } from '@/features/tournaments/api/first-screen';
import { TournamentsPage } from '@/features/tournaments/components/tournaments-page';
import { TOURNAMENT_STATUSES, tournamentsByStatusPath, validate } from '@/lib/routes';
import { LOCALES } from '@/lib/i18n/locales';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ status: string }>;

/** The tournaments in the HTML are read again at most this often (TOURNAMENTS_REVALIDATE_S). */
export const revalidate = 30;

export function generateStaticParams() {
  return LOCALES.flatMap((locale) => TOURNAMENT_STATUSES.map((status) => ({ locale, status })));
}

export const generateMetadata = pageMetadata('tournaments');

/** /tournaments/{status}: the active, upcoming or finished (and cancelled) tournaments (issue 19). */
export default async function Page(props: Props) {
  const { status } = await enterPage(props);
  if (!validate.tournamentStatus(status)) notFound();
  const [t, first] = await Promise.all([getTranslations(), tournamentsFirstScreen(status)]);
  return (
    <PageShell
      path={tournamentsByStatusPath(status)}
      title={`${t('pages.tournaments.title')}: ${t(`tournaments.${status}`)}`}
      description={t('pages.tournaments.description')}
    >
      <TournamentsPage status={status} first={first} />
    </PageShell>
  );
}
