'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { logout } from '@/features/auth/lib/logout';
import { userCurrency } from '@/lib/api/schemas/user';
import { Link } from '@/lib/i18n/navigation';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The header's account corner: log-in and sign-up for a guest; balance, deposit, profile and log-out
 * for a logged-in user.
 */
export function AuthButtons() {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const user = useSessionStore((state) => state.user);

  if (!isLoggedIn) {
    return (
      <div className="flex items-center gap-2">
        <DialogTrigger modal="login" className={buttonClass.secondary} testId="login-button">
          {t('header.login')}
        </DialogTrigger>
        <DialogTrigger modal="signup" className={buttonClass.primary} testId="signup-button">
          {t('header.signup')}
        </DialogTrigger>
      </div>
    );
  }
  const currency = userCurrency(user);
  return (
    <div className="flex items-center gap-2" data-testid="account-area">
      {user ? (
        <p className="hidden text-right text-sm leading-tight sm:block" data-testid="header-balance">
          <span className="block text-muted">{t('account.balance')}</span>
          <span className="font-semibold tabular-nums">{formatMoney(user.balance, currency)}</span>
        </p>
      ) : null}
      <DialogTrigger modal="PayIn" className={buttonClass.primary} testId="deposit-button">
        {t('header.deposit')}
      </DialogTrigger>
      <Link href={ROUTES.profile} className={buttonClass.secondary} data-testid="profile-link">
        {t('account.profile')}
      </Link>
      <button
        type="button"
        className={buttonClass.ghost}
        onClick={() => void logout(queryClient)}
        data-testid="logout-button"
      >
        {t('auth.logout')}
      </button>
    </div>
  );
}
