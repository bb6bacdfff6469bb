import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  billingDataReply,
  createInvoiceBody,
  type Invoice,
  type PaymentMethod,
} from '@/lib/contracts/billing';
import { apiPath } from './handlers';

/** A card method with its own limits. */
export const cardMethod: PaymentMethod = {
  hash: 'card-rub',
  name: { en: 'Bank card', ru: 'Банковская карта', kz: 'Банк картасы' },
  type: 'card',
  min_amount: 500,
  max_amount: 50_000,
  default_amount: 1_000,
  exchange_currency: null,
};

/** A phone method without limits: the form falls back to 100 / 300000 / 100. */
export const phoneMethod: PaymentMethod = {
  hash: 'sbp',
  name: { en: 'Fast payments' },
  type: 'phone',
  min_amount: null,
  max_amount: null,
  default_amount: null,
  exchange_currency: null,
};

export const billingData: z.input<typeof billingDataReply> = {
  payments: { methods: [cardMethod, phoneMethod], bonus: null },
  'crypto-payments': [],
  'crypto-payouts': [],
};

/** The invoice the create call answers (card and phone, 1200 s to live). */
export const testInvoice = (patch: Partial<Invoice> = {}): Invoice => ({
  id: 7001,
  hash: 'inv-7001',
  type: 'card',
  amount: 500,
  shop_amount: 485,
  commission: 15,
  life_time: 1200,
  sum_was_changed: false,
  card: { card_number: '4276123456789012', phone_number: '79161234567' },
  ...patch,
});

export type CreateInvoiceRequest = z.infer<typeof createInvoiceBody>;

/**
 * Billing handlers: the billing data, invoice creation (same idempotency key → same invoice; the bodies
 * are pushed to `created`) and the status (always 1, waiting).
 */
export function billingHandlers(created: CreateInvoiceRequest[] = []) {
  const byKey = new Map<string, Invoice>();
  return [
    http.get(apiPath('/api/v2/billing/data'), () => HttpResponse.json(billingData)),
    http.post(apiPath('/api/v2/billing/payment'), async ({ request }) => {
      const parsed = createInvoiceBody.safeParse(await request.json());
      if (!parsed.success) {
        return HttpResponse.json(
          { message: 'invalid', errors: { body: [`contract: ${parsed.error.message}`] } },
          { status: 422 },
        );
      }
      created.push(parsed.data);
      const invoice =
        byKey.get(parsed.data.idempotency_key) ??
        testInvoice({ id: 7000 + byKey.size + 1, amount: parsed.data.amount });
      byKey.set(parsed.data.idempotency_key, invoice);
      return HttpResponse.json(invoice);
    }),
    http.get(apiPath('/billing/payment/status/:id'), () =>
      HttpResponse.json({ status: 1, amount: 500, life_time: 1200 }),
    ),
  ];
}
