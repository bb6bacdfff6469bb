'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { INVOICE_STATUS_PAID } from '@/lib/constants/payments';
import { INVOICE_COUNTDOWN_TICK_MS } from '@/lib/constants/timing';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { invoiceStatusQueryOptions } from '../api/get-invoice-status';
import { billingKeys } from '../api/query-keys';
import { secondsLeft, useInvoiceStore, type InvoiceConfig, type InvoiceEnd } from '../stores/invoice-store';

/** What SuccessPayment is opened with. */
export interface SuccessPaymentPayload {
  amount: number;
  currency: InvoiceConfig['currency'];
}

/** True once `expiresAt` has passed, checked on the countdown's one-second tick. */
function useExpired(expiresAt: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), INVOICE_COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now >= expiresAt;
}

function Watch({ config }: { config: InvoiceConfig }) {
  const queryClient = useQueryClient();
  const { invoice, currency, expiresAt } = config;
  const expired = useExpired(expiresAt);
  const status = useQuery({ ...invoiceStatusQueryOptions(invoice.id), enabled: !expired });
  const statusCode = status.data?.status;
  const serverLeft = status.data?.life_time;
  const paidAmount = status.data?.amount;

  // The server's seconds left are the truth while the invoice waits: follow them when the clocks drift.
  useEffect(() => {
    const waiting = statusCode === INVOICE_STATUS.created || statusCode === INVOICE_STATUS.processing;
    if (!waiting || serverLeft === undefined || serverLeft <= 0) return;
    if (Math.abs(secondsLeft(expiresAt) - serverLeft) > 2) useInvoiceStore.getState().syncExpiry(serverLeft);
  }, [statusCode, serverLeft, expiresAt, status.dataUpdatedAt]);

  useEffect(() => {
    const statusKey = billingKeys.invoiceStatus(invoice.id);
    const store = useInvoiceStore.getState();
    if (store.config?.invoice.id !== invoice.id) return; // already ended
    if (statusCode === INVOICE_STATUS_PAID) {
      void queryClient.cancelQueries({ queryKey: statusKey });
      queryClient.removeQueries({ queryKey: statusKey });
      store.end('paid');
      const modals = useModalStore.getState();
      modals.close(MODAL.PayIn);
      modals.open(MODAL.SuccessPayment, {
        amount: paidAmount ?? invoice.amount,
        currency,
      } satisfies SuccessPaymentPayload);
      invalidateBalances(queryClient);
      for (const queryKey of [billingKeys.histories(), billingKeys.data()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return;
    }
    // 404: not this user's invoice (another account logged in on this tab) or gone: nothing to follow.
    const gone = isAxiosError(status.error) && status.error.response?.status === 404;
    const why: InvoiceEnd | null =
      expired || statusCode === INVOICE_STATUS.expired
        ? 'expired'
        : statusCode === INVOICE_STATUS.failed
          ? 'failed'
          : gone
            ? 'cancelled'
            : null;
    if (why) {
      queryClient.removeQueries({ queryKey: statusKey });
      store.end(why);
    }
  }, [statusCode, expired, status.error, paidAmount, invoice, currency, queryClient]);

  return null;
}

/**
 * Follows the current deposit invoice wherever the player is (spec section 4): its status is polled
 * every 5 s whether PayIn is open or not, and survives a reload. Paid (status 3): polling stops, the
 * invoice config is cleared, PayIn closes, SuccessPayment opens, and the profile, the history and the
 * welcome-pack data are refetched. At 0 s left (or expired / failed from the server) the config is
 * dropped and the reason kept for PayIn to explain. Mounted once, by the modal host.
 */
export function InvoiceWatcher() {
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const config = useInvoiceStore((state) => state.config);
  if (!isLoggedIn || !config) return null;
  return <Watch key={config.invoice.id} config={config} />;
}
