'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { INVOICE_STATUS_PAID } from '@/lib/constants/payments';
import { INVOICE_COUNTDOWN_TICK_MS } from '@/lib/constants/timing';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import { isLocale, LOCALE_RECORDS } from '@/lib/i18n/locales';
import { formatCardNumber, formatPhone } from '@/lib/masks';
import { formatMoney } from '@/lib/money';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { notify } from '@/lib/stores/notification-store';
import { invoiceStatusQueryOptions } from '../api/get-invoice-status';
import { billingKeys } from '../api/query-keys';
import { formatCountdown } from '../format';
import { sandboxInvoiceUrl } from '../sandbox';
import { secondsLeft, useInvoiceStore, type InvoiceConfig } from '../stores/invoice-store';

/** What SuccessPayment is opened with. */
export interface SuccessPaymentPayload {
  amount: number;
  currency: InvoiceConfig['currency'];
}

export type InvoiceEnd = 'expired' | 'failed' | 'cancelled';

/** Whole seconds left until `expiresAt`, re-read every second. */
function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A new end (the server's seconds left) shows at once, not on the next tick.
    const now = setTimeout(() => setNow(Date.now()), 0);
    const id = setInterval(() => setNow(Date.now()), INVOICE_COUNTDOWN_TICK_MS);
    return () => {
      clearTimeout(now);
      clearInterval(id);
    };
  }, [expiresAt]);
  return secondsLeft(expiresAt, now);
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('billing');
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      notify({ kind: 'error', text: t('copyFailed') });
      return;
    }
    clipboard.writeText(value).then(
      () => notify({ kind: 'success', text: t('copied') }),
      () => notify({ kind: 'error', text: t('copyFailed') }),
    );
  };
  return (
    <button type="button" onClick={copy} className={`${buttonClass.secondary} min-h-9 px-3 py-1 text-sm`} aria-label={label}>
      {t('copy')}
    </button>
  );
}

/**
 * An invoice waiting for payment (spec section 4): what to pay and where, a countdown ticking every
 * second, and the status polled every 5 s. Paid (status 3): polling stops, the invoice is cleared,
 * PayIn closes, SuccessPayment opens and the profile (balance) and history are refetched. At 0 s left
 * (or status expired / failed from the server) the invoice is dropped and `onEnded` tells why.
 */
export function InvoiceView({ config, onEnded }: { config: InvoiceConfig; onEnded: (why: InvoiceEnd) => void }) {
  const t = useTranslations('billing');
  const locale = useLocale();
  const iso = LOCALE_RECORDS[isLocale(locale) ? locale : 'en'].iso;
  const queryClient = useQueryClient();
  const clear = useInvoiceStore((state) => state.clear);
  const { invoice, currency, expiresAt } = config;
  const left = useSecondsLeft(expiresAt);
  const ended = useRef(false);
  const status = useQuery({ ...invoiceStatusQueryOptions(invoice.id), enabled: left > 0 });
  const statusCode = status.data?.status;
  const serverLeft = status.data?.life_time;

  // The server's seconds left are the truth while the invoice waits: follow them when the clocks drift.
  useEffect(() => {
    const waiting = statusCode === INVOICE_STATUS.created || statusCode === INVOICE_STATUS.processing;
    if (!waiting || serverLeft === undefined || serverLeft <= 0) return;
    if (Math.abs(secondsLeft(expiresAt) - serverLeft) > 2) useInvoiceStore.getState().syncExpiry(serverLeft);
  }, [statusCode, serverLeft, expiresAt, status.dataUpdatedAt]);

  useEffect(() => {
    if (ended.current) return;
    const statusKey = billingKeys.invoiceStatus(invoice.id);
    if (statusCode === INVOICE_STATUS_PAID) {
      ended.current = true;
      void queryClient.cancelQueries({ queryKey: statusKey });
      queryClient.removeQueries({ queryKey: statusKey });
      clear();
      const modals = useModalStore.getState();
      modals.close(MODAL.PayIn);
      modals.open(MODAL.SuccessPayment, {
        amount: status.data?.amount ?? invoice.amount,
        currency,
      } satisfies SuccessPaymentPayload);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void queryClient.invalidateQueries({ queryKey: billingKeys.histories() });
      return;
    }
    const why: InvoiceEnd | null =
      left === 0 || statusCode === INVOICE_STATUS.expired
        ? 'expired'
        : statusCode === INVOICE_STATUS.failed
          ? 'failed'
          : null;
    if (why) {
      ended.current = true;
      queryClient.removeQueries({ queryKey: statusKey });
      clear();
      onEnded(why);
    }
  }, [statusCode, left, status.data?.amount, invoice, currency, clear, onEnded, queryClient]);

  const money = (value: number) => formatMoney(value, currency, iso);
  const card = invoice.card.card_number ? formatCardNumber(invoice.card.card_number) : null;
  const phone = invoice.card.phone_number ? formatPhone(invoice.card.phone_number) : null;
  const sandbox = sandboxInvoiceUrl(invoice.id);

  return (
    <div className="mt-4 space-y-4" data-testid="invoice-view">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('invoiceAmount')}</dt>
        <dd className="text-right text-lg font-bold tabular-nums" data-testid="invoice-amount">
          {money(invoice.amount)}
        </dd>
        <dt className="text-muted">{t('invoiceCommission')}</dt>
        <dd className="text-right tabular-nums" data-testid="invoice-commission">
          {money(invoice.commission)}
        </dd>
        <dt className="text-muted">{t('invoiceShopAmount')}</dt>
        <dd className="text-right tabular-nums" data-testid="invoice-shop-amount">
          {money(invoice.shop_amount)}
        </dd>
      </dl>
      {invoice.sum_was_changed ? (
        <p role="alert" className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm" data-testid="invoice-sum-changed">
          {t('sumWasChanged', { amount: money(invoice.amount) })}
        </p>
      ) : null}
      {card ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-panel-2 px-3 py-2">
          <div>
            <p className="text-xs text-muted">{t('cardNumber')}</p>
            <p className="font-mono text-lg tabular-nums" data-testid="invoice-card">
              {card}
            </p>
          </div>
          <CopyButton value={card.replace(/\s/g, '')} label={t('copyCard')} />
        </div>
      ) : null}
      {phone ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-panel-2 px-3 py-2">
          <div>
            <p className="text-xs text-muted">{t('phoneNumber')}</p>
            <p className="font-mono text-lg tabular-nums" data-testid="invoice-phone">
              {phone}
            </p>
          </div>
          <CopyButton value={`+${phone.replace(/\D/g, '')}`} label={t('copyPhone')} />
        </div>
      ) : null}
      <p className="text-sm">
        {t('timeLeft')}{' '}
        <span className="font-mono font-semibold tabular-nums" data-testid="invoice-countdown" role="timer">
          {formatCountdown(left)}
        </span>
      </p>
      <p className="text-sm text-muted" aria-live="polite" data-testid="invoice-status">
        {status.isError ? t('statusCheckFailed') : t('waitingForPayment')}
      </p>
      {sandbox ? (
        <a href={sandbox} target="_blank" rel="noreferrer" className="block text-xs text-gold underline" data-testid="invoice-sandbox-link">
          {t('sandboxLink')}
        </a>
      ) : null}
      <button
        type="button"
        className={`${buttonClass.ghost} w-full`}
        onClick={() => {
          ended.current = true;
          queryClient.removeQueries({ queryKey: billingKeys.invoiceStatus(invoice.id) });
          clear();
          onEnded('cancelled');
        }}
        data-testid="invoice-cancel"
      >
        {t('anotherAmount')}
      </button>
    </div>
  );
}
