import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { CasinoLobbyPage } from '@/features/casino-lobby/components/casino-lobby-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('liveCasino');

/** /games/live-casino: the aggregator's live tables with their state (issue 17). */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.liveCasino');
  return (
    <PageShell path={ROUTES.liveCasino} title={t('title')} description={t('description')}>
      <CasinoLobbyPage lobby="live" />
    </PageShell>
  );
}
