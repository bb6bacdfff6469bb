import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('passwordReset');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell path={ROUTES.passwordReset} title={t('pages.passwordReset.title')} description={t('pages.passwordReset.description')}>
      <EmptyState title={t('passwordReset.unavailable')} />
    </PageShell>
  );
}
