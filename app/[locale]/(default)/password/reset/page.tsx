import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ForgotPasswordFlow } from '@/features/password/components/forgot-password-flow';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('passwordReset');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.passwordReset');
  return (
    <PageShell path={ROUTES.passwordReset} title={t('title')} description={t('description')}>
      <div className="mx-auto max-w-md">
        <ScopedMessages namespaces={['password', 'error', 'auth']}>
          <ForgotPasswordFlow />
        </ScopedMessages>
      </div>
    </PageShell>
  );
}
