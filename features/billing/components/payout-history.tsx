'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { isCurrency } from '@/lib/constants/currencies';
import { useSessionStore } from '@/lib/stores/session-store';
import { usePayouts } from '../api/payouts';
import { PayoutList } from './payout-list';

/**
 * The player's withdrawal requests with their status, on /profile/history (issue 15); nothing when they
 * have none. Polled while one is on its way, and a change of status is announced.
 */
export function PayoutHistory() {
  const t = useTranslations('billing.withdraw');
  const currency = useSessionStore((state) => state.user?.currency);
  const payouts = usePayouts(Boolean(currency));
  if (!currency || !isCurrency(currency) || payouts.isPending) return null;
  if (payouts.isError) {
    return (
      <p
        className="flex flex-wrap items-center gap-3 py-2 text-sm text-muted"
        data-testid="payout-history-error"
      >
        {t('unavailable')}
        <button type="button" className={buttonClass.secondary} onClick={() => void payouts.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  return (
    <div className="mb-6" data-testid="payout-history">
      <PayoutList requests={payouts.data.requests} currency={currency} headingLevel={2} />
    </div>
  );
}
