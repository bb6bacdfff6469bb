import { getTranslations } from 'next-intl/server';
import { OriginalsStrip } from '@/components/layout/originals-strip';
import { PageShell } from '@/components/layout/page-shell';
import { GameScreen } from '@/features/casino-lobby/components/game-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('crash');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.crash');
  return (
    <PageShell path={ROUTES.crash} title={t('title')} description={t('description')}>
      <OriginalsStrip current={ROUTES.crash} />
      <GameScreen game="crash" />
    </PageShell>
  );
}
