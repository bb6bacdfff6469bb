import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('top');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell path={ROUTES.top} title={t('pages.top.title')} description={t('pages.top.description')}>
      <EmptyState title={t('empty.topEmpty')} />
    </PageShell>
  );
}
