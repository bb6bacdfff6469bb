import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ResetPasswordScreen } from '@/features/password/components/reset-password-screen';
import { resetPasswordPath, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ token: string }> & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = pageMetadata('resetPassword');

/** `?phone=<E.164>` marks the phone restore flow (spec section 2); the screen checks the token first. */
export default async function Page(props: Props) {
  const { token } = await enterPage(props);
  if (!validate.resetToken(token)) notFound();
  const query = await props.searchParams;
  const phone =
    typeof query.phone === 'string'
      ? query.phone
      : Array.isArray(query.phone)
        ? (query.phone[0] ?? null)
        : null;
  const t = await getTranslations('pages.resetPassword');
  return (
    <PageShell path={resetPasswordPath(token)} title={t('title')} description={t('description')}>
      <div className="mx-auto max-w-md">
        <ScopedMessages namespaces={['password', 'error']}>
          <ResetPasswordScreen token={token} phone={phone} />
        </ScopedMessages>
      </div>
    </PageShell>
  );
}
