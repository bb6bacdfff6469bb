import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { createInvoiceBody, invoice, type Invoice } from '@/lib/contracts/billing';

export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/**
 * `POST /api/v2/billing/payment`: creates a deposit invoice. The `idempotency_key` is made once per
 * attempt by the caller ({@link newIdempotencyKey}); sending the same key again returns the same invoice.
 */
export const createInvoice = (body: CreateInvoiceBody): Promise<Invoice> =>
  api
    .post('/api/v2/billing/payment', createInvoiceBody.parse(body))
    .then((response) => invoice.parse(response.data));

export const useCreateInvoice = () => useMutation({ mutationFn: createInvoice });

/**
 * A random 32-character hex key. `crypto.getRandomValues` works on plain http too, where
 * `crypto.randomUUID` does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
