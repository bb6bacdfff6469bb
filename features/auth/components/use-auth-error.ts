'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { capture } from '@/lib/analytics';
import { joinedErrorMessages, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notify } from '@/lib/stores/notification-store';
import { formatValidationErrors } from '@/lib/validation-errors';

/**
 * Shows a failed log-in or registration as the spec says (sections 5 and 8): one multi-line error
 * notification with the server's messages translated by key (raw key as fallback, the h-captcha
 * message hidden), and an analytics error event with the joined messages or 'error 500'; a promo
 * error sends an extra promo error event.
 */
export function useAuthError(kind: 'login' | 'signup') {
  const t = useTranslations();
  return useCallback(
    (error: unknown) => {
      const errors = validationErrorsOf(error);
      capture(`${kind}_error`, { message: joinedErrorMessages(error) });
      if (errors?.promo)
        capture('promo_error', { message: ([] as string[]).concat(errors.promo ?? []).join(', ') });
      const title = t(kind === 'login' ? 'auth.loginFailed' : 'auth.signupFailed');
      if (statusOf(error) === 429) {
        notify({ kind: 'error', title, text: t('auth.tooManyAttempts') });
        return;
      }
      const text = errors
        ? formatValidationErrors(errors, { t: (key) => t(key as never), has: (key) => t.has(key as never) })
        : t('auth.genericError');
      if (text) notify({ kind: 'error', title, text });
    },
    [kind, t],
  );
}
