/**
 * Cryptomus (https://doc.cryptomus.com), a crypto payment processor used in the ru/kz market, as a
 * PaymentProvider: deposits on its hosted payment page, payouts to a wallet address, signed webhooks,
 * status queries for the reconciliation.
 *
 * Calls: `POST <api>/v1/...` with a JSON body and the headers `merchant: <merchant uuid>` and
 * `sign: md5(base64(body) + key)`, the payment key for invoices and the payout key for payouts. A reply is
 * `{"state": 0, "result": {...}}`; a refusal has another state (or HTTP 4xx) and `message` or `errors`.
 * Webhooks come to `url_callback` as a JSON body whose `sign` field is the same md5 over the body without
 * `sign`, as PHP's `json_encode` writes it (slashes escaped as `\/`).
 *
 * Our invoice's hash is the Cryptomus `order_id` of its payment; a payout's `order_id` is `payout-<id>`,
 * so a repeated create finds the same order and a webhook finds its payout even when the create's answer
 * was lost.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CryptomusConfig } from '../../config';
import { HttpError } from '../../lib/errors';
import { minorToMajor } from '../ledger/service';
import type {
  PaymentProvider,
  PayoutWebhookEvent,
  ProviderEvent,
  QueryAnswer,
  WebhookEvent,
} from './providers';

/** The invoice's life at Cryptomus, as ours (spec §9: 1200 s; Cryptomus takes 300 to 43200). */
const INVOICE_LIFETIME_SECONDS = 1200;

/** md5(base64(json) + key), hex: the signature of a call's body and of a webhook. */
export function cryptomusSign(json: string, key: string): string {
  return createHash('md5')
    .update(Buffer.from(json, 'utf8').toString('base64') + key)
    .digest('hex');
}

/** JSON as PHP's `json_encode(..., JSON_UNESCAPED_UNICODE)` writes it: slashes escaped. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replace(/\//g, '\\/');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether a webhook body carries a valid `sign` for `key`. The signed text is the body without its
 * `sign` member: first cut out of the raw text as it came (exact bytes), then, should the sender have
 * placed it elsewhere, the parsed body re-encoded as PHP would.
 */
export function verifyCryptomusWebhook(rawBody: string, key: string): boolean {
  const parsed = parseObject(rawBody);
  return parsed !== null && verifyParsedWebhook(rawBody, parsed, key);
}

function parseObject(rawBody: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function verifyParsedWebhook(rawBody: string, parsed: Record<string, unknown>, key: string): boolean {
  const { sign, ...rest } = parsed;
  if (typeof sign !== 'string' || !/^[0-9a-f]{32}$/i.test(sign)) return false;
  const cut = rawBody.replace(/,\s*"sign"\s*:\s*"[0-9a-fA-F]{32}"\s*}\s*$/, '}');
  if (cut !== rawBody && sameHex(cryptomusSign(cut, key), sign)) return true;
  return sameHex(cryptomusSign(phpJson(rest), key), sign);
}

/** A decimal string of the API ("100.00", "0.00012") to minor units of a two-decimal currency. */
export function decimalToMinor(value: string): bigint {
  const match = /^(\d{1,15})(?:\.(\d{1,18}))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const minor = BigInt(match[1]) * 100n + BigInt(fraction.slice(0, 2));
  // Half up on the third decimal; anything beyond it cannot change a half-up result.
  return Number(fraction[2]) >= 5 ? minor + 1n : minor;
}

const minorToDecimal = (minor: bigint) => minorToMajor(minor).toFixed(2);

/** A decimal string as an integer of 10^-18 units, to compare and scale crypto amounts exactly. */
function decimalToAtto(value: string): bigint {
  const match = /^(\d{1,30})(?:\.(\d{1,18}))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  return BigInt(match[1]) * 10n ** 18n + BigInt((match[2] ?? '').padEnd(18, '0'));
}

const amount = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/);

/** A payment as its webhook and `payment/info` describe it (the fields we read). */
const paymentBody = z.object({
  uuid: z.string().min(1).max(64),
  order_id: z.string().min(1).max(128),
  amount,
  status: z.string().min(1).max(32).optional(),
  payment_status: z.string().min(1).max(32).optional(),
  payment_amount: amount.nullish(),
  payer_amount: amount.nullish(),
  is_final: z.boolean().optional(),
});

/** A payout as its webhook and `payout/info` describe it. */
const payoutBody = z.object({
  uuid: z.string().min(1).max(64),
  order_id: z.string().min(1).max(128).nullish(),
  status: z.string().min(1).max(32),
});

const PAYOUT_ORDER = /^payout-(\d{1,10})$/;
export const payoutOrderId = (payoutId: number) => `payout-${payoutId}`;

/** Payment statuses that end an invoice as failed (no money taken). */
const PAYMENT_FAILED = new Set(['fail', 'cancel', 'system_fail']);
const PAYOUT_FAILED = new Set(['fail', 'cancel', 'system_fail']);

/** What a payment's state means to us; null when it is still on its way (or a refund, for the operator). */
export function paymentEvent(body: z.infer<typeof paymentBody>): WebhookEvent | null {
  const status = body.status ?? body.payment_status ?? '';
  const invoiceMinor = decimalToMinor(body.amount);
  const event = (state: 'paid' | 'failed', amountMinor: bigint): WebhookEvent => ({
    eventId: `payment:${body.uuid}:${status}`,
    invoiceHash: body.order_id,
    status: state,
    amountMinor,
  });
  if (status === 'paid' || status === 'paid_over') return event('paid', invoiceMinor);
  if (status === 'wrong_amount') {
    // Paid less than asked, and final: the invoice's share of what came, for the operator to credit
    // (an amount other than the invoice's is a payment review, never credited by itself).
    if (!body.payment_amount || !body.payer_amount) return event('paid', 0n);
    const paid = decimalToAtto(body.payment_amount);
    const asked = decimalToAtto(body.payer_amount);
    return event('paid', asked === 0n ? 0n : (invoiceMinor * paid) / asked);
  }
  if (PAYMENT_FAILED.has(status)) return event('failed', 0n);
  return null;
}

export function payoutEvent(body: z.infer<typeof payoutBody>): PayoutWebhookEvent | null {
  const order = body.order_id ? PAYOUT_ORDER.exec(body.order_id) : null;
  const base = {
    eventId: `payout:${body.uuid}:${body.status}`,
    providerRef: body.uuid,
    ...(order ? { payoutId: Number(order[1]) } : {}),
  };
  if (body.status === 'paid') return { ...base, status: 'paid', reason: null };
  if (PAYOUT_FAILED.has(body.status))
    return { ...base, status: 'failed', reason: `Cryptomus: ${body.status}` };
  return null;
}

/** An answer the API refused, with what it said. */
export class CryptomusError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: unknown,
  ) {
    super(`Cryptomus answered ${httpStatus}: ${JSON.stringify(body).slice(0, 300)}`);
    this.name = 'CryptomusError';
  }

  /** Whether the API says the order does not exist (info of an order it never saw). */
  get notFound(): boolean {
    if (this.httpStatus === 404) return true;
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && /not found/i.test(message);
  }

  /** Whether the API refused a create because the order id is taken (the earlier create went through). */
  get orderTaken(): boolean {
    const errors = (this.body as { errors?: Record<string, unknown> } | null)?.errors;
    return Boolean(errors && 'order_id' in errors);
  }
}

export function cryptomusClient(config: CryptomusConfig) {
  async function call(path: string, key: string, body: Record<string, unknown>): Promise<unknown> {
    const json = phpJson(body);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          merchant: config.merchantId,
          sign: cryptomusSign(json, key),
        },
        body: json,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const unreachable = new HttpError(503, 'The payment provider is not answering. Try again in a minute.');
      unreachable.cause = error;
      throw unreachable;
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    const state = (parsed as { state?: unknown } | null)?.state;
    if (!response.ok || state !== 0) throw new CryptomusError(response.status, parsed);
    return (parsed as { result: unknown }).result;
  }
  const payoutKey = () => {
    if (!config.payoutKey) throw new HttpError(503, 'Payouts through Cryptomus are not configured.');
    return config.payoutKey;
  };
  return {
    createPayment: (body: Record<string, unknown>) => call('/v1/payment', config.paymentKey, body),
    paymentInfo: (body: { uuid?: string; order_id?: string }) =>
      call('/v1/payment/info', config.paymentKey, body),
    createPayout: (body: Record<string, unknown>) => call('/v1/payout', payoutKey(), body),
    payoutInfo: (body: { uuid?: string; order_id?: string }) => call('/v1/payout/info', payoutKey(), body),
  };
}

const createdPayment = z.object({ uuid: z.string().min(1), url: z.string().url() });
const createdPayout = z.object({ uuid: z.string().min(1) });

export function cryptomusProvider(config: CryptomusConfig): PaymentProvider {
  const api = cryptomusClient(config);

  async function query<E>(
    ask: () => Promise<unknown>,
    schema: z.ZodType<unknown>,
    toEvent: (body: never) => E | null,
  ): Promise<QueryAnswer<E>> {
    let result: unknown;
    try {
      result = await ask();
    } catch (error) {
      if (error instanceof CryptomusError && error.notFound) return { state: 'unknown' };
      throw error;
    }
    const parsed = schema.safeParse(result);
    if (!parsed.success) throw new Error('Cryptomus answered an order in an unknown shape');
    const event = toEvent(parsed.data as never);
    return event ? { state: 'final', event } : { state: 'pending' };
  }

  return {
    name: 'cryptomus',
    takesPayouts: config.payoutKey !== null,
    async assign(payment) {
      const result = createdPayment.parse(
        await api.createPayment({
          amount: minorToDecimal(payment.amountMinor),
          currency: payment.currency,
          order_id: payment.hash,
          url_callback: config.callbackUrl,
          url_return: config.returnUrl,
          url_success: config.returnUrl,
          lifetime: INVOICE_LIFETIME_SECONDS,
          ...(payment.params?.to_currency ? { to_currency: payment.params.to_currency } : {}),
          ...(payment.params?.network ? { network: payment.params.network } : {}),
        }),
      );
      return {
        providerRef: result.uuid,
        cardNumber: null,
        phoneNumber: null,
        payUrl: result.url,
        commissionMinor: 0n,
      };
    },
    async createPayout(payout) {
      const orderId = payoutOrderId(payout.payoutId);
      try {
        const result = createdPayout.parse(
          await api.createPayout({
            amount: minorToDecimal(payout.amountMinor),
            currency: payout.currency,
            order_id: orderId,
            address: payout.destination,
            // The fee is already taken off the amount: Cryptomus's own fee comes from the merchant's balance.
            is_subtract: '1',
            url_callback: config.callbackUrl,
            ...(payout.params?.to_currency ? { to_currency: payout.params.to_currency } : {}),
            ...(payout.params?.network ? { network: payout.params.network } : {}),
          }),
        );
        return { providerRef: result.uuid };
      } catch (error) {
        // An earlier create went through but its answer was lost: the order is Cryptomus's already.
        if (!(error instanceof CryptomusError && error.orderTaken)) throw error;
        const existing = createdPayout.parse(await api.payoutInfo({ order_id: orderId }));
        return { providerRef: existing.uuid };
      }
    },
    verifyWebhook(rawBody) {
      const parsed = parseObject(rawBody);
      const key = parsed?.type === 'payout' ? config.payoutKey : config.paymentKey;
      return parsed !== null && key !== null && verifyParsedWebhook(rawBody, parsed, key);
    },
    parseEvent(body): ProviderEvent | null {
      const type = (body as { type?: unknown } | null)?.type;
      if (type === 'payout') {
        const parsed = payoutBody.safeParse(body);
        if (!parsed.success) return null;
        const event = payoutEvent(parsed.data);
        return event
          ? { kind: 'payout', event }
          : { kind: 'pending', description: `payout ${parsed.data.uuid}: ${parsed.data.status}` };
      }
      if (type !== 'payment' && type !== 'wallet') return null;
      const parsed = paymentBody.safeParse(body);
      if (!parsed.success) return null;
      const event = paymentEvent(parsed.data);
      return event
        ? { kind: 'invoice', event }
        : {
            kind: 'pending',
            description: `payment ${parsed.data.uuid}: ${parsed.data.status ?? parsed.data.payment_status}`,
          };
    },
    queryInvoice(invoice) {
      return query(
        () =>
          api.paymentInfo(invoice.providerRef ? { uuid: invoice.providerRef } : { order_id: invoice.hash }),
        paymentBody,
        paymentEvent,
      );
    },
    queryPayout(payout) {
      return query(
        () =>
          api.payoutInfo(
            payout.providerRef ? { uuid: payout.providerRef } : { order_id: payoutOrderId(payout.payoutId) },
          ),
        payoutBody,
        payoutEvent,
      );
    },
  };
}
