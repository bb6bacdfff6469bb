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
import { notify } from '@/lib/stores/notification-store';
import { passwordSetErrorMessage } from '@/lib/validation-errors';
import { setPassword } from '../api/set-password';
import { newPasswordSchema, type NewPasswordValues } from '../schemas';
import { useValidationMessages } from './use-validation-messages';

const EMPTY: NewPasswordValues = { password: '', confirm: '' };

/**
 * A first password for an account without one (`POST /api/v2/auth/password/set`, e.g. after a social
 * sign-up). A 422 shows the first password message, or else the confirmation message (spec section 5).
 */
export function PasswordSetForm({ onSet }: { onSet?: () => void }) {
  const t = useTranslations('password.set');
  const translator = useErrorTranslator();
  const messages = useValidationMessages();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema(messages)),
    defaultValues: EMPTY,
  });
  const save = useMutation({
    mutationFn: ({ password, confirm }: NewPasswordValues) =>
      setPassword({ password, confirm_password: confirm }),
    onSuccess: () => {
      notify({ kind: 'success', text: t('success') });
      form.reset(EMPTY);
      onSet?.();
    },
    onError: (error) => {
      const message = passwordSetErrorMessage(validationErrorsOf(error), translator);
      if (message) notify({ kind: 'error', text: message });
      else notifyRequestError(error, translator);
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
          pending={save.isPending}
          pendingLabel={t('saving')}
          className={buttonClass.primary}
        >
          {t('submit')}
        </PendingButton>
      </form>
    </section>
  );
}
