'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import { statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { PASSWORD_MAX, PASSWORD_MIN, phone as phoneRule } from '@/lib/contracts/auth';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { notify } from '@/lib/stores/notification-store';
import { resetTokenCheckQueryOptions } from '../api/check-reset-token';
import { resetByEmailToken } from '../api/restore-by-email';
import { resetByPhone } from '../api/restore-by-phone';
import { newPasswordSchema, type NewPasswordValues } from '../schemas';
import { useValidationMessages } from './use-validation-messages';

/**
 * The `phone` query value in E.164, or null when it is not a phone. A `+` written raw in a query
 * reads back as a space, so a number without its plus gets it back.
 */
export function phoneFromQuery(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const parsed = phoneRule.safeParse(/^\d/.test(trimmed) ? `+${trimmed}` : trimmed);
  return parsed.success ? parsed.data : null;
}

/**
 * Answers that mean "this token is not good" (the server's 422 on `token`, or any other client error)
 * rather than "the check could not run" (no answer, 5xx, a timeout or a rate limit: try again).
 */
const isRejection = (error: unknown) => {
  const status = statusOf(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
};

/**
 * `/reset-password/{token}` (spec sections 2 and 7). With a `phone` in the query the phone restore token
 * is checked first and a failed check goes to /error; otherwise the e-mail token is checked and a failed
 * check says the link expired or was used. Then a new password is set, the user is told so, and the
 * login dialog opens on the home page.
 */
export function ResetPasswordScreen({ token, phone: phoneQuery }: { token: string; phone: string | null }) {
  const t = useTranslations('password.reset');
  const router = useRouter();
  const phone = phoneFromQuery(phoneQuery);
  const phoneFlow = phoneQuery !== null;
  const badPhone = phoneFlow && phone === null;
  const check = useQuery({ ...resetTokenCheckQueryOptions(token, phone), enabled: !badPhone });
  const [usedUp, setUsedUp] = useState(false);
  const phoneCheckFailed = phoneFlow && (badPhone || check.isError);

  useEffect(() => {
    if (phoneCheckFailed) router.replace(ROUTES.error);
  }, [phoneCheckFailed, router]);

  if (phoneCheckFailed) return <Status text={t('redirecting')} />;
  if (check.isPending) return <Status text={t('checking')} />;
  if (usedUp || (check.isError && isRejection(check.error))) {
    return (
      <EmptyState title={t('expiredTitle')} hint={t('expiredHint')}>
        <Link href={ROUTES.passwordReset} className={buttonClass.primary}>
          {t('requestNew')}
        </Link>
      </EmptyState>
    );
  }
  if (check.isError) {
    return (
      <EmptyState title={t('checkFailedTitle')} hint={t('checkFailedHint')}>
        <PendingButton
          type="button"
          onClick={() => check.refetch()}
          pending={check.isFetching}
          pendingLabel={t('checking')}
          className={buttonClass.primary}
        >
          {t('retry')}
        </PendingButton>
      </EmptyState>
    );
  }
  return (
    <NewPasswordForm
      token={token}
      phone={phone}
      onTokenRejected={() => (phoneFlow ? router.replace(ROUTES.error) : setUsedUp(true))}
    />
  );
}

function Status({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 rounded-2xl border border-line bg-panel p-6"
    >
      <span
        aria-hidden="true"
        className="inline-block size-5 animate-spin rounded-full border-2 border-gold border-r-transparent"
      />
      <span>{text}</span>
    </div>
  );
}

function NewPasswordForm({
  token,
  phone,
  onTokenRejected,
}: {
  token: string;
  phone: string | null;
  onTokenRejected: () => void;
}) {
  const t = useTranslations('password.reset');
  const translator = useErrorTranslator();
  const router = useRouter();
  const messages = useValidationMessages();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema(messages)),
    defaultValues: { password: '', confirm: '' },
  });
  const save = useMutation({
    mutationFn: ({ password, confirm }: NewPasswordValues) =>
      phone
        ? resetByPhone({ phone, token, password, password_confirm: confirm })
        : resetByEmailToken({ token, password, password_confirm: confirm }),
    onSuccess: () => {
      notify({ kind: 'success', title: t('successTitle'), text: t('success') });
      router.replace(ROUTES.home);
      useModalStore.getState().open(MODAL.login);
    },
    onError: (error) => {
      // A token used up or expired meanwhile: the screen says so instead of a notification.
      if (validationErrorsOf(error)?.token) onTokenRejected();
      else notifyRequestError(error, translator);
    },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="space-y-4 rounded-2xl border border-line bg-panel p-4 sm:p-6"
    >
      <p className="text-sm text-muted">{t('formIntro')}</p>
      <TextField
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        hint={t('passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <PendingButton
        type="submit"
        pending={save.isPending || save.isSuccess}
        pendingLabel={t('saving')}
        className={`${buttonClass.primary} w-full`}
      >
        {t('submit')}
      </PendingButton>
    </form>
  );
}
