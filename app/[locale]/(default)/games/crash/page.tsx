import { getTranslations } from 'next-intl/server';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { GameScreen } from '@/features/casino-lobby/components/game-screen';
import { CrashFairness } from '@/features/games/crash/crash-fairness';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('crash');

/**
 * /games/crash: the round engine is not connected yet (the placeholder says so), but the game's fairness
 * works today: the published chain, the last games and the in-browser verifier.
 */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.crash');
  return (
    <PageShell path={ROUTES.crash} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.crash} />
      <GameScreen game="crash" />
      <CrashFairness />
    </PageShell>
  );
}
