import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { invoiceStatusReply } from '@/lib/contracts/billing';
import { INVOICE_STATUS_PAID } from '@/lib/constants/payments';
import { INVOICE_POLL_MS } from '@/lib/constants/timing';
import { billingKeys } from './query-keys';

export type InvoiceStatus = z.infer<typeof invoiceStatusReply>;

/** `GET /billing/payment/status/{invoiceId}` (spec section 4). */
export const getInvoiceStatus = (id: number): Promise<InvoiceStatus> =>
  api.get(`/billing/payment/status/${id}`).then((response) => invoiceStatusReply.parse(response.data));

/** Polled every {@link INVOICE_POLL_MS} until the invoice is paid (status 3); also while the tab is hidden. */
export const invoiceStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.invoiceStatus(id),
    queryFn: () => getInvoiceStatus(id),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === INVOICE_STATUS_PAID ? false : INVOICE_POLL_MS),
    refetchIntervalInBackground: true,
  });
