import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { TournamentTabs } from '@/features/tournaments/components/tournament-tabs';
import { TOURNAMENT_STATUSES, tournamentsByStatusPath, validate } from '@/lib/routes';
import { LOCALES } from '@/lib/i18n/locales';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ status: string }>;

export function generateStaticParams() {
  return LOCALES.flatMap((locale) => TOURNAMENT_STATUSES.map((status) => ({ locale, status })));
}

export const generateMetadata = pageMetadata('tournaments');

export default async function Page(props: Props) {
  const { status } = await enterPage(props);
  if (!validate.tournamentStatus(status)) notFound();
  const t = await getTranslations();
  return (
    <PageShell
      path={tournamentsByStatusPath(status)}
      title={`${t('pages.tournaments.title')}: ${t(`tournaments.${status}`)}`}
      description={t('pages.tournaments.description')}
    >
      <TournamentTabs current={status} />
      <EmptyState title={t('empty.tournamentsEmpty')} />
    </PageShell>
  );
}
