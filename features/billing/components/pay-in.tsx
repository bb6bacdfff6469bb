'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { userCurrency } from '@/lib/api/schemas/user';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useBillingData } from '../api/get-billing-data';
import { useInvoiceStore } from '../stores/invoice-store';
import { DepositForm } from './deposit-form';
import { InvoiceView } from './invoice-view';

/**
 * The PayIn dialog's content. A guest is asked to log in. A user with a living invoice sees it;
 * otherwise the deposit form (methods from the billing data). When the invoice ended without payment the
 * form comes back with the reason (kept by the invoice store until a new invoice).
 */
export function PayIn() {
  const t = useTranslations('billing');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const user = useSessionStore((state) => state.user);
  const config = useInvoiceStore((state) => state.config);
  const setInvoice = useInvoiceStore((state) => state.setInvoice);
  const billing = useBillingData(isLoggedIn);
  const ended = useInvoiceStore((state) => state.lastEnd);

  if (!isLoggedIn) {
    return (
      <div className="mt-4">
        <EmptyState title={t('guestTitle')} hint={t('guestText')}>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => useModalStore.getState().open(MODAL.login)}
            data-testid="pay-login"
          >
            {t('guestLogin')}
          </button>
        </EmptyState>
      </div>
    );
  }

  if (config) return <InvoiceView key={config.invoice.id} config={config} />;

  if (billing.isPending) {
    return (
      <div className="mt-4 space-y-3" aria-busy="true" data-testid="pay-loading">
        <span className="sr-only">{t('loading')}</span>
        <div className="h-14 animate-pulse rounded-xl bg-panel-2" />
        <div className="h-11 animate-pulse rounded-xl bg-panel-2" />
      </div>
    );
  }
  if (billing.isError) {
    return (
      <div className="mt-4">
        <EmptyState title={t('payInUnavailable')}>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void billing.refetch()}
            data-testid="pay-retry"
          >
            {t('retry')}
          </button>
        </EmptyState>
      </div>
    );
  }
  const methods = billing.data.payments.methods;
  if (methods.length === 0) {
    return (
      <div className="mt-4">
        <EmptyState title={t('noMethods')} />
      </div>
    );
  }
  const currency = userCurrency(user);
  return (
    <DepositForm
      methods={methods}
      currency={currency}
      notice={ended === 'expired' ? t('invoiceExpired') : ended === 'failed' ? t('invoiceFailed') : null}
      onCreated={(invoice) => setInvoice(invoice, currency)}
    />
  );
}
