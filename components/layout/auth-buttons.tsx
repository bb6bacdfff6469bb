'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { VipBadge } from '@/components/ui/vip-badge';
import { userCurrency } from '@/lib/user-currency';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The header's account corner: log-in and sign-up for a guest; balance, deposit, profile and log-out
 * for a logged-in user (the bonus balance beside the cash one when there is any; the VIP club level on the
 * profile button when there is one). Log-out's code (the
 * API client) loads when it is used.
 */
export function AuthButtons() {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const user = useSessionStore((state) => state.user);
  const format = useFormat();

  if (!isLoggedIn) {
    return (
      <div className="flex items-center gap-2" data-guest-only>
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
  const bonusBalance = user?.bonus_balance ?? user?.bonus ?? 0;
  const vipLevel = user?.vip_level ?? 0;
  return (
    <div className="flex min-w-0 items-center gap-1.5 sm:gap-2" data-testid="account-area">
      {user ? (
        // The wallet: always in view, on phones too; a tap opens it (the PayIn dialog). On phones the
        // labels are for screen readers only and the bonus balance sits under the cash one.
        <DialogTrigger
          modal="PayIn"
          className="flex min-h-10 shrink-0 flex-col items-end justify-center rounded-xl px-1.5 text-right text-sm leading-tight transition hover:bg-panel-2 sm:flex-row sm:items-center sm:gap-3 sm:px-2"
          testId="header-wallet"
        >
          <span className="block whitespace-nowrap" data-testid="header-balance">
            <span className="sr-only sm:not-sr-only sm:block sm:text-muted">{t('account.balance')} </span>
            <span className="font-semibold tabular-nums">{format.money(user.balance, currency)}</span>
          </span>
          {bonusBalance > 0 ? (
            <span className="block whitespace-nowrap text-xs sm:text-sm" data-testid="header-bonus-balance">
              <span className="sr-only sm:not-sr-only sm:block sm:text-muted">{t('account.bonus')} </span>
              <span className="font-semibold tabular-nums text-gold">
                {format.money(bonusBalance, currency)}
              </span>
            </span>
          ) : null}
        </DialogTrigger>
      ) : null}
      <DialogTrigger modal="PayIn" className={buttonClass.primary} testId="deposit-button">
        <svg viewBox="0 0 24 24" className="h-5 w-5 sm:hidden" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t('header.deposit')}</span>
      </DialogTrigger>
      <Link
        href={ROUTES.profile}
        className={`${buttonClass.secondary} relative`}
        aria-label={
          vipLevel > 0
            ? `${t('account.profile')}, ${t('vip.badge.label', { level: vipLevel })}`
            : t('account.profile')
        }
        data-testid="profile-link"
      >
        <VipBadge level={vipLevel} variant="corner" />
        <svg viewBox="0 0 24 24" className="h-5 w-5 sm:hidden" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z"
          />
        </svg>
        <span className="hidden sm:inline">{t('account.profile')}</span>
      </Link>
      <button
        type="button"
        className={buttonClass.ghost}
        onClick={() => void import('@/lib/session/logout').then(({ logout }) => logout(queryClient))}
        aria-label={t('auth.logout')}
        title={t('auth.logout')}
        data-testid="logout-button"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 3h9a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-9v-2h9V5h-9V3Zm-.6 4.6L10.8 9l-2 2H16v2H8.8l2 2-1.4 1.4L5 12l4.4-4.4Z"
          />
        </svg>
      </button>
    </div>
  );
}
