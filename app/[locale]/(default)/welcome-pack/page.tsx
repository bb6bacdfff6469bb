import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('welcomePack');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell path={ROUTES.welcomePack} title={t('pages.welcomePack.title')} description={t('pages.welcomePack.description')}>
      <EmptyState title={t('empty.welcomePackGuest')}>
        <DialogTrigger modal="signup" className={buttonClass.primary}>
          {t('header.signup')}
        </DialogTrigger>
      </EmptyState>
    </PageShell>
  );
}
