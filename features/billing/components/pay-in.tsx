'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { userCurrency } from '@/lib/api/schemas/user';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useBillingData } from '../api/get-billing-data';
import { useInvoiceStore } from '../stores/invoice-store';
import { CashierLoading, CashierUnavailable } from './cashier-states';
import { DepositForm } from './deposit-form';
import { InvoiceView } from './invoice-view';
import { WithdrawPanel } from './withdraw-panel';

type Tab = 'deposit' | 'withdraw';

/**
 * The PayIn dialog's content. A guest is asked to log in. A user chooses between depositing (the
 * default tab) and withdrawing (withdraw-panel.tsx).
 */
export function PayIn() {
  const t = useTranslations('billing');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const user = useSessionStore((state) => state.user);
  const [tab, setTab] = useState<Tab>('deposit');

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

  const tabs: { id: Tab; label: string }[] = [
    { id: 'deposit', label: t('tabDeposit') },
    { id: 'withdraw', label: t('tabWithdraw') },
  ];
  return (
    <div>
      <div
        role="tablist"
        aria-label={t('tabsLabel')}
        className="mt-2 grid grid-cols-2 gap-1 rounded-xl bg-panel-2 p-1"
      >
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`pay-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`pay-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`min-h-10 rounded-lg text-sm font-semibold ${tab === id ? 'bg-gold text-ink' : 'text-muted hover:text-white'}`}
            onClick={() => setTab(id)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next: Tab = tab === 'deposit' ? 'withdraw' : 'deposit';
              setTab(next);
              document.getElementById(`pay-tab-${next}`)?.focus();
            }}
            data-testid={`pay-tab-${id}`}
          >
            {label}
          </button>
        ))}
      </div>
      <TabPanel id={tab}>
        {tab === 'deposit' ? <DepositTab /> : <WithdrawPanel currency={userCurrency(user)} />}
      </TabPanel>
    </div>
  );
}

function TabPanel({ id, children }: { id: Tab; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`pay-panel-${id}`} aria-labelledby={`pay-tab-${id}`}>
      {children}
    </div>
  );
}

/**
 * A user with a living invoice sees it; otherwise the deposit form (methods from the billing data). When
 * the invoice ended without payment the form comes back with the reason (kept by the invoice store until
 * a new invoice).
 */
function DepositTab() {
  const t = useTranslations('billing');
  const user = useSessionStore((state) => state.user);
  const config = useInvoiceStore((state) => state.config);
  const setInvoice = useInvoiceStore((state) => state.setInvoice);
  const billing = useBillingData(true);
  const ended = useInvoiceStore((state) => state.lastEnd);

  if (config) return <InvoiceView key={config.invoice.id} config={config} />;

  if (billing.isPending) return <CashierLoading label={t('loading')} testId="pay-loading" />;
  if (billing.isError) {
    return (
      <CashierUnavailable
        title={t('payInUnavailable')}
        retryLabel={t('retry')}
        onRetry={() => void billing.refetch()}
        retryTestId="pay-retry"
      />
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
