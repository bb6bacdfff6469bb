import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { GameScreen } from '@/features/games/components/game-screen';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('dice');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.dice');
  return (
    <PageShell path={ROUTES.dice} title={t('title')} description={t('description')}>
      <GameScreen game="dice" />
    </PageShell>
  );
}
