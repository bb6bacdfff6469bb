'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { profileQueryOptions } from '@/lib/session/get-profile';
import { userCurrency } from '@/lib/api/schemas/user';
import { isCurrency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';
import { MODAL, selectModalPayload, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import type { SuccessPaymentPayload } from './invoice-watcher';

function readPayload(value: unknown): SuccessPaymentPayload | null {
  if (!value || typeof value !== 'object') return null;
  const { amount, currency } = value as Record<string, unknown>;
  return typeof amount === 'number' && isCurrency(currency) ? { amount, currency } : null;
}

/** The SuccessPayment dialog's content: the amount credited, the new balance, and a close button. */
export function SuccessPayment() {
  const t = useTranslations('billing');
  const format = useFormat();
  const payload = readPayload(useModalStore(selectModalPayload(MODAL.SuccessPayment)));
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const profile = useQuery({ ...profileQueryOptions(), enabled: isLoggedIn });
  const user = profile.data?.user;
  const balanceCurrency = userCurrency(user);

  return (
    <div className="mt-4 space-y-4" data-testid="success-payment">
      <p className="text-muted">{t('successText')}</p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        {payload ? (
          <>
            <dt className="text-muted">{t('credited')}</dt>
            <dd className="text-right text-lg font-bold tabular-nums" data-testid="success-amount">
              {format.money(payload.amount, payload.currency)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('newBalance')}</dt>
        <dd
          className="text-right font-semibold tabular-nums"
          data-testid="success-balance"
          aria-busy={profile.isFetching || undefined}
        >
          {user && !profile.isFetching
            ? format.money(user.balance, balanceCurrency)
            : profile.isError
              ? t('balanceUnavailable')
              : t('balanceUpdating')}
        </dd>
      </dl>
      <button
        type="button"
        className={`${buttonClass.primary} w-full`}
        onClick={() => useModalStore.getState().close(MODAL.SuccessPayment)}
        data-testid="success-close"
      >
        {t('successClose')}
      </button>
    </div>
  );
}
