import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('liveCasino');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell
      path={ROUTES.liveCasino}
      title={t('pages.liveCasino.title')}
      description={t('pages.liveCasino.description')}
    >
      <EmptyState title={t('empty.lobbyEmpty')} hint={t('empty.lobbyEmptyHint')} />
    </PageShell>
  );
}
