import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { RouletteGame } from '@/features/games/roulette/roulette-game';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('roulette');

/** /games/roulette: the page is static; the game (limits, bets, balance) runs in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.roulette');
  return (
    <PageShell path={ROUTES.roulette} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.roulette} />
      <ScopedMessages namespaces={gameNamespaces('roulette')}>
        <RouletteGame />
      </ScopedMessages>
    </PageShell>
  );
}
