import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { DiceGame } from '@/features/games/dice/dice-game';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('dice');

/** /games/dice: the page is static; the game (limits, bets, balance) runs in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.dice');
  return (
    <PageShell path={ROUTES.dice} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.dice} />
      <ScopedMessages namespaces={gameNamespaces('dice')}>
        <DiceGame />
      </ScopedMessages>
    </PageShell>
  );
}
