import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { lobbyFirstPage } from '@/features/casino-lobby/api/first-page';
import { CasinoLobbyPage } from '@/features/casino-lobby/components/casino-lobby-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

/** The first page of games in the HTML is rendered again at most this often (first-page.ts). */
export const revalidate = 60;

export const generateMetadata = pageMetadata('slots');

/** /games/slots: the aggregator's slots (issue 17); the list is fetched in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const [t, firstPage] = await Promise.all([getTranslations('pages.slots'), lobbyFirstPage('slots')]);
  return (
    <PageShell path={ROUTES.slots} title={t('title')} description={t('description')}>
      <CasinoLobbyPage lobby="slots" firstPage={firstPage} />
    </PageShell>
  );
}
