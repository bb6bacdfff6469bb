import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { HiloGame } from '@/features/games/hilo/hilo-game';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('hilo');

/** /games/hilo: the page is static; the game (limits, the open round, bets, balance) runs in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.hilo');
  return (
    <PageShell path={ROUTES.hilo} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.hilo} />
      <ScopedMessages namespaces={gameNamespaces('hilo')}>
        <HiloGame />
      </ScopedMessages>
    </PageShell>
  );
}
