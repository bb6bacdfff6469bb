import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('vipClub');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations();
  return (
    <PageShell
      path={ROUTES.vipClub}
      title={t('pages.vipClub.title')}
      description={t('pages.vipClub.description')}
    >
      <EmptyState title={t('empty.vipGuest')}>
        <DialogTrigger modal="signup" className={buttonClass.primary}>
          {t('header.signup')}
        </DialogTrigger>
      </EmptyState>
    </PageShell>
  );
}
