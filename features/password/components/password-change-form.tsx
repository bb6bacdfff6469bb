'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import { validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/contracts/auth';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { notify } from '@/lib/stores/notification-store';
import { passwordChangeErrorNotifications } from '@/lib/validation-errors';
import { updatePassword } from '../api/update-password';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import { useValidationMessages } from './use-validation-messages';

const EMPTY: ChangePasswordValues = { oldPassword: '', password: '', confirm: '' };

/**
 * Password change (`POST /password/update`). A 422 shows one notification per field among
 * old_password, new_password and password_confirm (spec section 5); success is announced and the form
 * is cleared.
 */
export function PasswordChangeForm() {
  const t = useTranslations('password.change');
  const translator = useErrorTranslator();
  const messages = useValidationMessages();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema(messages)),
    defaultValues: EMPTY,
  });
  const save = useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      updatePassword({
        old_password: values.oldPassword,
        password: values.password,
        password_confirm: values.confirm,
      }),
    onSuccess: () => {
      notify({ kind: 'success', text: t('success') });
      form.reset(EMPTY);
    },
    onError: (error) => {
      const errors = validationErrorsOf(error);
      const perField = passwordChangeErrorNotifications(errors, translator);
      if (perField.length === 0) {
        notifyRequestError(error, translator);
        return;
      }
      for (const { field, message } of perField) {
        notify({ kind: 'error', title: t(`fieldTitles.${field}`), text: message });
      }
    },
  });
  const { errors } = form.formState;
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="mt-4 space-y-4"
      >
        <TextField
          label={t('oldPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
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
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PendingButton
            type="submit"
            pending={save.isPending}
            pendingLabel={t('saving')}
            className={buttonClass.primary}
          >
            {t('submit')}
          </PendingButton>
          <Link href={ROUTES.passwordReset} className="text-sm text-muted underline hover:text-white">
            {t('forgot')}
          </Link>
        </div>
      </form>
    </section>
  );
}
