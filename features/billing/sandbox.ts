import { resolveApiBaseUrl } from '@/lib/api/base-url';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The test payment page of the API's sandbox provider for an invoice, or null where there is none.
 * Shown when `NEXT_PUBLIC_PAYMENT_SANDBOX=1`, or when the API runs on this machine (the app is built in
 * production mode even for testers, so NODE_ENV cannot tell).
 */
export function sandboxInvoiceUrl(
  invoiceId: number,
  base: string = resolveApiBaseUrl(),
  flag: string | undefined = process.env.NEXT_PUBLIC_PAYMENT_SANDBOX,
): string | null {
  let local = false;
  try {
    local = LOCAL_HOSTS.has(new URL(base).hostname);
  } catch {
    local = false;
  }
  if (flag !== '1' && !local) return null;
  return `${base.replace(/\/+$/, '')}/sandbox/invoices/${invoiceId}`;
}
