import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { EmptyState } from '@/components/ui/empty-state';
import { resetPasswordPath, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ token: string }>;

export const generateMetadata = pageMetadata('resetPassword');

export default async function Page(props: Props) {
  const { token } = await enterPage(props);
  if (!validate.resetToken(token)) notFound();
  const t = await getTranslations();
  return (
    <PageShell path={resetPasswordPath(token)} title={t('pages.resetPassword.title')} description={t('pages.resetPassword.description')}>
      <EmptyState title={t('passwordReset.unavailable')} />
    </PageShell>
  );
}
