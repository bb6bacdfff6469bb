/**
 * A local stand-in for the Cryptomus API (https://doc.cryptomus.com) that speaks its protocol: signed
 * calls (`merchant` and `sign` headers, md5(base64(body) + key) with the payment key for payments and the
 * payout key for payouts), `{state: 0, result}` answers and `{state: 1, ...}` refusals, an existing
 * unfinished payment returned for a repeated order id, a taken payout order id refused, and webhooks to
 * `url_callback` signed the way Cryptomus signs them (the `sign` field over the PHP-encoded body), sent
 * again after a failed delivery. Test controls settle orders, lose callbacks and lose answers.
 */
import { randomUUID } from 'node:crypto';
import { cryptomusSign, phpJson } from '../modules/billing/cryptomus';
import { readText, sendJson, startFakeServer } from './http-fake';

export interface FakeOrder {
  uuid: string;
  order_id: string;
  amount: string;
  currency: string;
  status: string;
  is_final: boolean;
  url_callback: string | null;
  /** What the create call asked for, as received. */
  request: Record<string, unknown>;
  payment_amount: string | null;
  payer_amount: string | null;
}

export interface Delivery {
  url: string;
  attempt: number;
  /** HTTP status of our server's answer, or 0 when it could not be reached. */
  status: number;
  body: Record<string, unknown>;
}

const FINAL_PAYMENT = new Set(['paid', 'paid_over', 'wrong_amount', 'fail', 'cancel', 'system_fail']);
const FINAL_PAYOUT = new Set(['paid', 'fail', 'cancel', 'system_fail']);
const AMOUNT = /^\d{1,15}(\.\d{1,8})?$/;
const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

export async function startFakeCryptomus(options: {
  merchantId: string;
  paymentKey: string;
  payoutKey: string;
  /** Waits between a failed delivery and the next attempt; its length is the number of retries. */
  retryDelaysMs?: number[];
}) {
  const payments = new Map<string, FakeOrder>();
  const payouts = new Map<string, FakeOrder>();
  const deliveries: Delivery[] = [];
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const retryDelays = options.retryDelaysMs ?? [50, 100, 200, 400];
  const state = {
    /** Callbacks are lost (never sent) while true. */
    dropWebhooks: false,
    /** The next N creates are made but their answer is lost (the connection is cut). */
    loseAnswers: 0,
    /** The next N calls answer HTTP 500 without doing anything. */
    failCalls: 0,
  };

  const server = await startFakeServer(async (request, response) => {
    const raw = await readText(request);
    const reply = (status: number, body: unknown) => sendJson(response, status, body);
    const path = request.url ?? '';
    const isPayout = path.startsWith('/v1/payout');
    const key = isPayout ? options.payoutKey : options.paymentKey;
    if (
      request.method !== 'POST' ||
      request.headers.merchant !== options.merchantId ||
      request.headers.sign !== cryptomusSign(raw, key)
    ) {
      reply(401, { state: 1, message: 'Unauthorized' });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      reply(422, { state: 1, message: 'Invalid JSON' });
      return;
    }
    calls.push({ path, body });
    if (state.failCalls > 0) {
      state.failCalls -= 1;
      reply(500, { state: 1, message: 'Server error' });
      return;
    }
    const find = (orders: Map<string, FakeOrder>) =>
      [...orders.values()].find((o) => o.uuid === body.uuid || o.order_id === body.order_id);
    const errors: Record<string, string[]> = {};
    const create = path === '/v1/payment' || path === '/v1/payout';
    if (create) {
      if (typeof body.amount !== 'string' || !AMOUNT.test(body.amount))
        errors.amount = ['The amount must be a number.'];
      if (typeof body.currency !== 'string' || !/^[A-Z]{3,5}$/.test(body.currency))
        errors.currency = ['The currency is invalid.'];
      if (typeof body.order_id !== 'string' || !ORDER_ID.test(body.order_id))
        errors.order_id = ['The order id format is invalid.'];
      if (path === '/v1/payout' && (typeof body.address !== 'string' || body.address.length < 10))
        errors.address = ['The address is invalid.'];
      if (Object.keys(errors).length > 0) {
        reply(422, { state: 1, errors });
        return;
      }
    }
    const view = (order: FakeOrder) => ({
      uuid: order.uuid,
      order_id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      payment_status: order.status,
      is_final: order.is_final,
      url: `http://pay.cryptomus.invalid/pay/${order.uuid}`,
      payment_amount: order.payment_amount,
      payer_amount: order.payer_amount,
      address: isPayout ? order.request.address : null,
      network: order.request.network ?? null,
    });
    if (path === '/v1/payment') {
      const existing = payments.get(body.order_id as string);
      // An unfinished payment of the same order id is returned, not made again.
      if (existing && !existing.is_final) return answer(view(existing));
      if (existing) return reply(422, { state: 1, errors: { order_id: ['The order is final.'] } });
      const order = newOrder(body, 'check');
      payments.set(order.order_id, order);
      return answer(view(order));
    }
    if (path === '/v1/payout') {
      if (payouts.has(body.order_id as string))
        return reply(422, { state: 1, errors: { order_id: ['The order id has already been taken.'] } });
      const order = newOrder(body, 'process');
      payouts.set(order.order_id, order);
      return answer(view(order));
    }
    if (path === '/v1/payment/info' || path === '/v1/payout/info') {
      const order = find(path === '/v1/payment/info' ? payments : payouts);
      if (!order) return reply(404, { state: 1, message: 'Not found' });
      return reply(200, { state: 0, result: view(order) });
    }
    reply(404, { state: 1, message: 'Not found' });

    function answer(result: unknown) {
      if (create && state.loseAnswers > 0) {
        state.loseAnswers -= 1;
        request.socket.destroy();
        return;
      }
      reply(200, { state: 0, result });
    }
  });

  function newOrder(body: Record<string, unknown>, status: string): FakeOrder {
    return {
      uuid: randomUUID(),
      order_id: body.order_id as string,
      amount: Number(body.amount).toFixed(2),
      currency: body.currency as string,
      status,
      is_final: false,
      url_callback: typeof body.url_callback === 'string' ? body.url_callback : null,
      request: body,
      payment_amount: null,
      payer_amount: null,
    };
  }

  async function deliver(url: string, body: Record<string, unknown>, key: string): Promise<void> {
    const signed = phpJson({ ...body, sign: cryptomusSign(phpJson(body), key) });
    for (let attempt = 1; attempt <= retryDelays.length + 1; attempt += 1) {
      let status = 0;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: signed,
          signal: AbortSignal.timeout(5_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = 0;
      }
      deliveries.push({ url, attempt, status, body });
      if (status === 200) return;
      if (attempt <= retryDelays.length)
        await new Promise((resolve) => setTimeout(resolve, retryDelays[attempt - 1]));
    }
  }

  function webhookBody(type: 'payment' | 'payout', order: FakeOrder): Record<string, unknown> {
    return {
      type,
      uuid: order.uuid,
      order_id: order.order_id,
      amount: order.amount,
      payment_amount: order.payment_amount,
      payer_amount: order.payer_amount,
      merchant_amount: order.amount,
      commission: '0.00',
      is_final: order.is_final,
      status: order.status,
      from: null,
      network: order.request.network ?? 'tron',
      currency: order.currency,
      payer_currency: 'USDT',
      additional_data: null,
      // Something with slashes, as real bodies carry, so the PHP-style escaping is exercised.
      url: `https://pay.cryptomus.invalid/pay/${order.uuid}`,
    };
  }

  return {
    url: server.url,
    state,
    payments,
    payouts,
    deliveries,
    calls,
    /** Moves a payment to `status` and sends its webhook (unless callbacks are dropped). */
    async settlePayment(
      orderId: string,
      status: string,
      extra: Partial<Pick<FakeOrder, 'payment_amount' | 'payer_amount'>> = {},
    ) {
      const order = payments.get(orderId);
      if (!order) throw new Error(`no payment ${orderId}`);
      Object.assign(order, extra, { status, is_final: FINAL_PAYMENT.has(status) });
      if (!state.dropWebhooks && order.url_callback)
        await deliver(order.url_callback, webhookBody('payment', order), options.paymentKey);
    },
    async settlePayout(orderId: string, status: string) {
      const order = payouts.get(orderId);
      if (!order) throw new Error(`no payout ${orderId}`);
      Object.assign(order, { status, is_final: FINAL_PAYOUT.has(status) });
      if (!state.dropWebhooks && order.url_callback)
        await deliver(order.url_callback, webhookBody('payout', order), options.payoutKey);
    },
    /** Sends a payment's current state again, as Cryptomus's "resend webhook" does. */
    async resendPayment(orderId: string) {
      const order = payments.get(orderId)!;
      await deliver(order.url_callback!, webhookBody('payment', order), options.paymentKey);
    },
    close: server.close,
  };
}

export type FakeCryptomus = Awaited<ReturnType<typeof startFakeCryptomus>>;
