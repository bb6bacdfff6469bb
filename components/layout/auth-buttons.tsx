'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';

export function AuthButtons() {
  const t = useTranslations('header');
  return (
    <div className="flex items-center gap-2">
      <DialogTrigger modal="login" className={buttonClass.secondary} testId="login-button">
        {t('login')}
      </DialogTrigger>
      <DialogTrigger modal="signup" className={buttonClass.primary} testId="signup-button">
        {t('signup')}
      </DialogTrigger>
    </div>
  );
}
