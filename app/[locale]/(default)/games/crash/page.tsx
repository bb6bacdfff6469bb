import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { CrashFairness } from '@/features/games/crash/crash-fairness';
import { CrashGameIsland } from '@/features/games/islands';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('crash');

/**
 * /games/crash: the page is static; the live round (socket, curve, bets, balance) runs in the browser,
 * and the game's fairness section (the published chain, the last games, the verifier) sits below it.
 */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.crash');
  return (
    <PageShell path={ROUTES.crash} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.crash} />
      <ScopedMessages namespaces={['games.shared', 'games.crash', 'error']}>
        <CrashGameIsland />
      </ScopedMessages>
      <CrashFairness />
    </PageShell>
  );
}
