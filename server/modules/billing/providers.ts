/**
 * Payment providers behind one interface. A provider assigns the payment details of a new invoice
 * (a card number or phone to pay to), takes payouts, and parses its signed webhooks (for invoices and for
 * payouts). Only the sandbox provider exists today; it is registered outside production only.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import { resolveSecret } from '../auth/secret';

export interface NewPayment {
  invoiceId: number;
  hash: string;
  type: 'card' | 'phone' | 'crypto';
  currency: string;
  amountMinor: bigint;
}

export interface AssignedPayment {
  providerRef: string;
  cardNumber: string | null;
  phoneNumber: string | null;
  commissionMinor: bigint;
}

/** What a webhook says happened to an invoice. */
export interface WebhookEvent {
  eventId: string;
  invoiceHash: string;
  status: 'paid' | 'failed';
  amountMinor: bigint;
}

/** A payout handed to the provider: it sends `amountMinor` (the fee already taken off) to `destination`. */
export interface NewPayout {
  payoutId: number;
  type: 'card' | 'phone' | 'crypto';
  currency: string;
  amountMinor: bigint;
  destination: string;
}

/** What a webhook says happened to a payout. */
export interface PayoutWebhookEvent {
  eventId: string;
  providerRef: string;
  status: 'paid' | 'failed';
  reason: string | null;
}

export interface PaymentProvider {
  name: string;
  /** The payment details of a new invoice. Must not touch the database. */
  assign(payment: NewPayment): Promise<AssignedPayment>;
  /**
   * Hands a payout to the provider; answers its reference. Called at most once per payout that reaches
   * `approved` (under the payout's row lock), with the payout id as the provider's idempotency key.
   */
  createPayout(payout: NewPayout): Promise<{ providerRef: string }>;
  /** HMAC-SHA256 key of this provider's webhook signatures. */
  webhookSecret: Buffer;
  /** Parses a webhook body whose signature was already verified; null when it is not an event we know. */
  parseWebhook(body: unknown): WebhookEvent | null;
  /** The same for payout events; null when the body is not one. */
  parsePayoutWebhook(body: unknown): PayoutWebhookEvent | null;
}

export const SIGNATURE_HEADER = 'x-signature';

export function signBody(secret: Buffer, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function verifySignature(secret: Buffer, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Luhn check digit so that sandbox card numbers look like real ones. */
function luhnComplete(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

const sandboxWebhookBody = z.object({
  event_id: z.string().min(1).max(128),
  invoice: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount_minor: z.string().regex(/^\d{1,15}$/),
});
export type SandboxWebhookBody = z.infer<typeof sandboxWebhookBody>;

const sandboxPayoutWebhookBody = z.object({
  event_id: z.string().min(1).max(128),
  payout: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  reason: z.string().max(200).optional(),
});
export type SandboxPayoutWebhookBody = z.infer<typeof sandboxPayoutWebhookBody>;

export function sandboxProvider(config: Config): PaymentProvider {
  const webhookSecret = config.sandboxPaymentSecret
    ? Buffer.from(config.sandboxPaymentSecret, 'utf8')
    : Buffer.from(hkdfSync('sha256', resolveSecret(config), 'casino-billing', 'webhook:sandbox', 32));
  return {
    name: 'sandbox',
    webhookSecret,
    async assign(payment) {
      const serial = String(payment.invoiceId).padStart(9, '0').slice(-9);
      return {
        providerRef: `sbx_${payment.hash}`,
        cardNumber: payment.type === 'card' ? luhnComplete(`220070${serial}`) : null,
        phoneNumber: payment.type === 'phone' ? `+7900${serial.slice(-7)}` : null,
        commissionMinor: 0n,
      };
    },
    async createPayout(payout) {
      // The sandbox takes every payout; its tester settles it with POST /sandbox/payouts/:id/complete.
      return { providerRef: `sbxp_${payout.payoutId}` };
    },
    parsePayoutWebhook(body) {
      const parsed = sandboxPayoutWebhookBody.safeParse(body);
      if (!parsed.success) return null;
      return {
        eventId: parsed.data.event_id,
        providerRef: parsed.data.payout,
        status: parsed.data.status,
        reason: parsed.data.reason ?? null,
      };
    },
    parseWebhook(body) {
      const parsed = sandboxWebhookBody.safeParse(body);
      if (!parsed.success) return null;
      return {
        eventId: parsed.data.event_id,
        invoiceHash: parsed.data.invoice,
        status: parsed.data.status,
        amountMinor: BigInt(parsed.data.amount_minor),
      };
    },
  };
}

/** The providers this process talks to, by name. */
export function paymentProviders(config: Config): Map<string, PaymentProvider> {
  const providers = new Map<string, PaymentProvider>();
  if (config.nodeEnv !== 'production') providers.set('sandbox', sandboxProvider(config));
  return providers;
}
