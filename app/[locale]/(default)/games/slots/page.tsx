import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { CasinoLobbyPage } from '@/features/casino-lobby/components/casino-lobby-page';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('slots');

/** /games/slots: the aggregator's slots (issue 17); the list is fetched in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.slots');
  return (
    <PageShell path={ROUTES.slots} title={t('title')} description={t('description')}>
      <CasinoLobbyPage lobby="slots" />
    </PageShell>
  );
}
