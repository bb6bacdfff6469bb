import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { CoinflipGame } from '@/features/games/coinflip/coinflip-game';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('coinflip');

/** /games/coinflip: the page is static; the game (limits, bets, balance) runs in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.coinflip');
  return (
    <PageShell path={ROUTES.coinflip} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.coinflip} />
      <ScopedMessages namespaces={gameNamespaces('coinflip')}>
        <CoinflipGame />
      </ScopedMessages>
    </PageShell>
  );
}
