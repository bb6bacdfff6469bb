/**
 * Query keys of the billing feature, generic to specific. Invalidate with these, never a hand-written
 * array (STYLE.md).
 */
export const billingKeys = {
  all: ['billing'] as const,
  data: () => [...billingKeys.all, 'data'] as const,
  invoices: () => [...billingKeys.all, 'invoice'] as const,
  invoiceStatus: (id: number) => [...billingKeys.invoices(), id] as const,
  payouts: () => [...billingKeys.all, 'payouts'] as const,
  histories: () => [...billingKeys.all, 'history'] as const,
  history: (page: number, perPage: number) => [...billingKeys.histories(), { page, perPage }] as const,
};
