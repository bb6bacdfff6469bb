/**
 * Payment providers behind one interface. A provider assigns the payment details of a new invoice
 * (a card number or phone to pay to, or its hosted payment page), takes payouts, verifies and parses its
 * signed webhooks (for invoices and for payouts), and, when it can, answers status queries for the
 * reconciliation (reconcile.ts). Two implementations: the sandbox (outside production only) and Cryptomus
 * (cryptomus.ts, when its variables are set).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import { resolveSecret } from '../auth/secret';
import { cryptomusProvider } from './cryptomus';

export interface NewPayment {
  invoiceId: number;
  hash: string;
  type: 'card' | 'phone' | 'crypto';
  currency: string;
  amountMinor: bigint;
  /** The method's provider parameters (payment_methods.params). */
  params?: Record<string, string>;
}

export interface AssignedPayment {
  providerRef: string;
  cardNumber: string | null;
  phoneNumber: string | null;
  /** The provider's hosted payment page, when the player pays there. */
  payUrl: string | null;
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
  /** The method's provider parameters (payout_methods.params). */
  params?: Record<string, string>;
}

/** What a webhook says happened to a payout. */
export interface PayoutWebhookEvent {
  eventId: string;
  providerRef: string;
  /** Our payout id, when the provider echoes it (it finds a payout whose reference we never recorded). */
  payoutId?: number;
  status: 'paid' | 'failed';
  reason: string | null;
}

/**
 * A verified webhook body: an invoice's or a payout's final state, or a state on the way (`pending`: the
 * provider is still working; acknowledged, nothing moves).
 */
export type ProviderEvent =
  | { kind: 'invoice'; event: WebhookEvent }
  | { kind: 'payout'; event: PayoutWebhookEvent }
  | { kind: 'pending'; description: string };

/** What the provider says of an invoice or a payout now: the event its webhook would carry, or none yet. */
export type QueryAnswer<E> = { state: 'final'; event: E } | { state: 'pending' } | { state: 'unknown' };

export interface PaymentProvider {
  name: string;
  /** Whether it pays withdrawals (its payout methods are offered only then). */
  takesPayouts: boolean;
  /**
   * The payment details of a new invoice. Called outside any transaction (a real provider answers over
   * the network); the invoice's hash is the provider's order id, so a repeat finds the same invoice.
   */
  assign(payment: NewPayment): Promise<AssignedPayment>;
  /**
   * Hands a payout to the provider; answers its reference. Called at most once per payout that reaches
   * `approved` (under the payout's row lock), with the payout id as the provider's idempotency key.
   */
  createPayout(payout: NewPayout): Promise<{ providerRef: string }>;
  /** Whether a webhook's raw body and headers carry this provider's valid signature. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean;
  /** Parses a webhook body whose signature was verified; null when it is not an event we know. */
  parseEvent(body: unknown): ProviderEvent | null;
  /**
   * Status queries for the reconciliation (invoices and payouts whose callback never came). A provider
   * without them (the sandbox, whose tester settles everything at once) is not reconciled.
   */
  queryInvoice?(invoice: { hash: string; providerRef: string | null }): Promise<QueryAnswer<WebhookEvent>>;
  queryPayout?(payout: {
    payoutId: number;
    providerRef: string | null;
  }): Promise<QueryAnswer<PayoutWebhookEvent>>;
}

/** The sandbox also tells its tester tools the key they sign webhooks with. */
export interface SandboxProvider extends PaymentProvider {
  webhookSecret: Buffer;
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

export function sandboxProvider(config: Config): SandboxProvider {
  const webhookSecret = config.sandboxPaymentSecret
    ? Buffer.from(config.sandboxPaymentSecret, 'utf8')
    : Buffer.from(hkdfSync('sha256', resolveSecret(config), 'casino-billing', 'webhook:sandbox', 32));
  return {
    name: 'sandbox',
    takesPayouts: true,
    webhookSecret,
    verifyWebhook(rawBody, headers) {
      return verifySignature(webhookSecret, rawBody, headers[SIGNATURE_HEADER]);
    },
    async assign(payment) {
      const serial = String(payment.invoiceId).padStart(9, '0').slice(-9);
      return {
        providerRef: `sbx_${payment.hash}`,
        cardNumber: payment.type === 'card' ? luhnComplete(`220070${serial}`) : null,
        phoneNumber: payment.type === 'phone' ? `+7900${serial.slice(-7)}` : null,
        payUrl: null,
        commissionMinor: 0n,
      };
    },
    async createPayout(payout) {
      // The sandbox takes every payout; its tester settles it with POST /sandbox/payouts/:id/complete.
      return { providerRef: `sbxp_${payout.payoutId}` };
    },
    parseEvent(body) {
      const payout = sandboxPayoutWebhookBody.safeParse(body);
      if (payout.success) {
        return {
          kind: 'payout',
          event: {
            eventId: payout.data.event_id,
            providerRef: payout.data.payout,
            status: payout.data.status,
            reason: payout.data.reason ?? null,
          },
        };
      }
      const invoice = sandboxWebhookBody.safeParse(body);
      if (!invoice.success) return null;
      return {
        kind: 'invoice',
        event: {
          eventId: invoice.data.event_id,
          invoiceHash: invoice.data.invoice,
          status: invoice.data.status,
          amountMinor: BigInt(invoice.data.amount_minor),
        },
      };
    },
  };
}

/** The providers this process talks to, by name. */
export function paymentProviders(config: Config): Map<string, PaymentProvider> {
  const providers = new Map<string, PaymentProvider>();
  if (config.nodeEnv !== 'production') providers.set('sandbox', sandboxProvider(config));
  if (config.cryptomus) providers.set('cryptomus', cryptomusProvider(config.cryptomus));
  return providers;
}

/** Names of the providers that pay withdrawals. */
export function payoutProviderNames(providers: ReadonlyMap<string, PaymentProvider>): Set<string> {
  return new Set([...providers.values()].filter((p) => p.takesPayouts).map((p) => p.name));
}

/** The sandbox provider of a provider map (its tester tools need its webhook key). */
export function sandboxOf(providers: ReadonlyMap<string, PaymentProvider>): SandboxProvider | undefined {
  const provider = providers.get('sandbox');
  return provider && 'webhookSecret' in provider ? (provider as SandboxProvider) : undefined;
}
