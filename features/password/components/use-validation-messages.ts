'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/contracts/auth';
import type { PasswordValidationMessages } from '../schemas';

/** The translated texts of the password forms' client-side checks. */
export function useValidationMessages(): PasswordValidationMessages {
  const t = useTranslations('password.validation');
  return useMemo(
    () => ({
      required: t('required'),
      email: t('email'),
      code: t('code'),
      passwordTooShort: t('passwordTooShort', { min: PASSWORD_MIN }),
      passwordTooLong: t('passwordTooLong', { max: PASSWORD_MAX }),
      mismatch: t('mismatch'),
    }),
    [t],
  );
}
