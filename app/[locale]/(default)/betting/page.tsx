import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('betting');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell
      path={ROUTES.betting}
      title={t('pages.betting.title')}
      description={t('pages.betting.description')}
    >
      <EmptyState title={t('empty.bettingEmpty')} hint={t('empty.bettingEmptyHint')} />
    </PageShell>
  );
}
