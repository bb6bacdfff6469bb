import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { billingDataReply, createInvoiceBody, invoice, invoiceStatusReply } from '@/lib/contracts/billing';
import { isCurrency } from '@/lib/constants/currencies';
import type { AppContext } from '../../context';
import { HttpError, ValidationError } from '../../lib/errors';
import { escapeHtml, sendHtml } from '../../lib/html-page';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { depositBonusName } from '../bonuses/service';
import { minorToMajor } from '../ledger/service';
import { applyPayoutEvent, payoutMethodsFor, toPayoutMethod } from '../payouts/service';
import { assertMayPlay, assertSessionOpen } from '../protection/service';
import {
  payoutProviderNames,
  sandboxOf,
  signBody,
  SIGNATURE_HEADER,
  type PaymentProvider,
} from './providers';
import {
  applyWebhookEvent,
  createInvoice,
  findInvoice,
  invoiceStatus,
  listMethods,
  secondsLeft,
  toInvoice,
  toPaymentMethod,
} from './service';

const invoiceParams = z.object({ invoiceId: z.coerce.number().int().min(1).max(2_147_483_647) });
const providerParams = z.object({ provider: z.string().regex(/^[a-z0-9_-]{1,32}$/) });
const sandboxParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Deposit calls of spec §7 and the provider webhooks. */
export const billingRoutes: RoutePlugin<AppContext & { providers: Map<string, PaymentProvider> }> = async (
  app,
  ctx,
) => {
  const providerNames = new Set(ctx.providers.keys());
  const payoutProviders = payoutProviderNames(ctx.providers);
  app.addHook('onRequest', noStore);

  app.get(
    '/api/v2/billing/data',
    { schema: { response: { 200: billingDataReply } }, config: { auth: 'required' } },
    async (request) => {
      const user = await request.currentUser();
      const methods = (await listMethods(ctx.db, user.currency, request.region, providerNames)).map(
        toPaymentMethod,
      );
      const bonus = await depositBonusName(ctx.db, {
        userId: user.id,
        currency: isCurrency(user.currency) ? user.currency : 'RUB',
        locale: request.locale ?? 'en',
        now: ctx.clock(),
      });
      return {
        payments: { methods: methods.filter((m) => m.type !== 'crypto'), bonus },
        'crypto-payments': methods.filter((m) => m.type === 'crypto'),
        'crypto-payouts': (await payoutMethodsFor(ctx.db, user.currency, payoutProviders))
          .filter((method) => method.type === 'crypto')
          .map(toPayoutMethod),
      };
    },
  );

  app.post(
    '/api/v2/billing/payment',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { body: createInvoiceBody, response: { 200: invoice } },
    },
    async (request) => {
      const user = await request.currentUser();
      const now = ctx.clock();
      assertMayPlay(user, now);
      // The player's session limit (403 once this log-in session is that old).
      await assertSessionOpen(ctx.db, {
        userId: user.id,
        sessionStartedAt: requireSession(request).family.createdAt,
        now,
      });
      const row = await createInvoice(ctx.db, {
        userId: user.id,
        currency: user.currency,
        method: request.body.method,
        amount: request.body.amount,
        idempotencyKey: request.body.idempotency_key,
        providers: ctx.providers,
        now,
      });
      return toInvoice(row, now);
    },
  );

  app.get(
    '/billing/payment/status/:invoiceId',
    {
      schema: { params: invoiceParams, response: { 200: invoiceStatusReply } },
      config: { auth: 'required' },
    },
    async (request) => {
      const now = ctx.clock();
      const row = await invoiceStatus(ctx.db, requireSession(request).userId, request.params.invoiceId, now);
      return { status: row.status, amount: minorToMajor(row.amountMinor), life_time: secondsLeft(row, now) };
    },
  );

  // Webhooks: the signature covers the raw body, so this scope keeps it.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new HttpError(400, 'The body is not valid JSON.'), undefined);
      }
    });
    hooks.post(
      '/billing/webhooks/:provider',
      { schema: { params: providerParams } },
      async (request: FastifyRequest<{ Params: z.infer<typeof providerParams> }>) => {
        const provider = ctx.providers.get(request.params.provider);
        if (!provider) throw new HttpError(404, 'Unknown payment provider.');
        const raw = rawBodies.get(request) ?? '';
        if (!provider.verifyWebhook(raw, request.headers)) throw new HttpError(401, 'Invalid signature.');
        const parsed = provider.parseEvent(request.body);
        if (!parsed) throw ValidationError.field('body', 'invalid', 'The webhook body is not a known event.');
        if (parsed.kind === 'pending') {
          // A state on the way (the provider is still working): acknowledged, so it is not sent again.
          request.log.info({ provider: provider.name, state: parsed.description }, 'payment webhook');
          return { ok: true, outcome: 'pending', duplicate: false };
        }
        if (parsed.kind === 'payout') {
          const result = await applyPayoutEvent(ctx.db, provider, parsed.event, request.body, ctx.clock());
          request.log.info(
            { provider: provider.name, event: parsed.event.eventId, ...result },
            'payout webhook',
          );
          return { ok: true, outcome: result.outcome, duplicate: result.duplicate };
        }
        const result = await applyWebhookEvent(ctx.db, provider, parsed.event, request.body, ctx.clock());
        request.log.info(
          { provider: provider.name, event: parsed.event.eventId, ...result },
          'payment webhook',
        );
        return { ok: true, outcome: result.outcome, duplicate: result.duplicate };
      },
    );
  });
};

/**
 * The sandbox provider's tester tools (outside production only): a page per invoice with a Pay button,
 * and `POST /sandbox/invoices/:id/pay`, which settles through the same signed webhook a real provider
 * would call.
 */
export const sandboxBillingRoutes: RoutePlugin<
  AppContext & { providers: Map<string, PaymentProvider> }
> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const payBody = z
    .object({
      event_id: z.string().min(1).max(128).optional(),
      amount_minor: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional(),
    })
    .optional();

  app.get('/sandbox/invoices/:id', { schema: { params: sandboxParams } }, async (request, reply) => {
    const row = await findInvoice(ctx.db, request.params.id);
    if (!row || row.provider !== 'sandbox')
      return page(reply, 404, 'Invoice not found', '<p>No such sandbox invoice.</p>');
    const now = ctx.clock();
    const status =
      ['', 'created', 'processing', 'paid', 'expired', 'failed'][row.status] ?? String(row.status);
    const live = row.status === 1 && now < row.expiresAt;
    const amount = `${minorToMajor(row.amountMinor).toFixed(2)} ${row.currency}`;
    const payTo = row.payToCard
      ? `card ${row.payToCard.replace(/(\d{4})(?=\d)/g, '$1 ')}`
      : row.payToPhone
        ? `phone ${row.payToPhone}`
        : '—';
    const body = `
      <dl>
        <dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
        <dt>Pay to</dt><dd>${escapeHtml(payTo)}</dd>
        <dt>Status</dt><dd role="status">${escapeHtml(status)}${live ? ` (${secondsLeft(row, now)} s left)` : ''}</dd>
      </dl>
      ${
        live
          ? `<form method="post" action="/sandbox/invoices/${row.id}/pay">
               <button type="submit">Pay ${escapeHtml(amount)}</button>
             </form>`
          : '<p>This invoice can no longer be paid.</p>'
      }`;
    return page(reply, 200, `Sandbox invoice #${row.id}`, body);
  });

  app.post('/sandbox/invoices/:id/pay', { schema: { params: sandboxParams } }, async (request, reply) => {
    const parsedBody = payBody.safeParse(request.body ?? undefined);
    if (!parsedBody.success) throw ValidationError.field('body', 'invalid', 'The body is invalid.');
    const row = await findInvoice(ctx.db, request.params.id);
    const provider = sandboxOf(ctx.providers);
    if (!row || row.provider !== 'sandbox' || !provider) throw new HttpError(404, 'Invoice not found.');
    const payload = JSON.stringify({
      event_id: parsedBody.data?.event_id ?? `evt_${randomUUID()}`,
      invoice: row.hash,
      status: 'paid',
      amount_minor: parsedBody.data?.amount_minor ?? String(row.amountMinor),
    });
    const delivered = await app.inject({
      method: 'POST',
      url: '/billing/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(provider.webhookSecret, payload),
      },
      payload,
    });
    const isForm = String(request.headers['content-type'] ?? '').startsWith(
      'application/x-www-form-urlencoded',
    );
    if (isForm && delivered.statusCode === 200) return reply.redirect(`/sandbox/invoices/${row.id}`, 303);
    return reply.code(delivered.statusCode).send(delivered.json());
  });
};

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return sendHtml(
    reply,
    status,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  dt { font-weight: 600; } dd { margin: 0 0 .75rem; }
  button { width: 100%; padding: .75rem 1rem; font: inherit; border: 2px solid #166534; border-radius: 8px;
    background: #15803d; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}
