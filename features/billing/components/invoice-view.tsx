'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { INVOICE_COUNTDOWN_TICK_MS } from '@/lib/constants/timing';
import { useFormat } from '@/lib/i18n/use-format';
import { formatCardNumber, formatPhone } from '@/lib/masks';
import { notify } from '@/lib/stores/notification-store';
import { invoiceStatusQueryOptions } from '../api/get-invoice-status';
import { billingKeys } from '../api/query-keys';
import { formatCountdown } from '../format';
import { sandboxInvoiceUrl } from '../sandbox';
import { secondsLeft, useInvoiceStore, type InvoiceConfig } from '../stores/invoice-store';

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
    <button type="button" onClick={copy} className={`${buttonClass.secondary} text-sm`} aria-label={label}>
      {t('copy')}
    </button>
  );
}

/**
 * An invoice waiting for payment (spec section 4): what to pay and where, and a countdown ticking every
 * second. The status polling and what happens when the invoice ends live in InvoiceWatcher, which keeps
 * working while this dialog is closed; this view only reads the same status query.
 */
export function InvoiceView({ config }: { config: InvoiceConfig }) {
  const t = useTranslations('billing');
  const format = useFormat();
  const queryClient = useQueryClient();
  const end = useInvoiceStore((state) => state.end);
  const { invoice, currency, expiresAt } = config;
  const left = useSecondsLeft(expiresAt);
  // An observer of the watcher's query: same data and error, no second poller.
  const status = useQuery({ ...invoiceStatusQueryOptions(invoice.id), enabled: false });

  const money = (value: number) => format.money(value, currency);
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
        <p
          role="alert"
          className="rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-sm"
          data-testid="invoice-sum-changed"
        >
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
      {invoice.pay_url ? (
        <a
          href={invoice.pay_url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonClass.primary} block w-full text-center`}
          data-testid="invoice-pay-url"
        >
          {t('payOnPage')} <span className="sr-only">({t('opensInNewWindow')})</span>
        </a>
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
        <a
          href={sandbox}
          target="_blank"
          rel="noreferrer"
          className="block text-xs text-gold underline"
          data-testid="invoice-sandbox-link"
        >
          {t('sandboxLink')}
        </a>
      ) : null}
      <button
        type="button"
        className={`${buttonClass.ghost} w-full`}
        onClick={() => {
          queryClient.removeQueries({ queryKey: billingKeys.invoiceStatus(invoice.id) });
          end('cancelled');
        }}
        data-testid="invoice-cancel"
      >
        {t('anotherAmount')}
      </button>
    </div>
  );
}
