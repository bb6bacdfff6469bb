import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { TournamentTabs } from '@/features/tournaments/components/tournament-tabs';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('tournaments');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell
      path={ROUTES.tournaments}
      title={t('pages.tournaments.title')}
      description={t('pages.tournaments.description')}
    >
      <TournamentTabs current={null} />
      <EmptyState title={t('empty.tournamentsEmpty')} />
    </PageShell>
  );
}
