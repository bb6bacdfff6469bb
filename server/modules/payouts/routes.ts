import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createPayoutBody, payoutOverviewReply, payoutRequest } from '@/lib/contracts/payouts';
import type { AppContext } from '../../context';
import { HttpError, ValidationError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import {
  payoutProviderNames,
  sandboxOf,
  signBody,
  SIGNATURE_HEADER,
  type PaymentProvider,
} from '../billing/providers';
import * as repository from './repository';
import { cancelPayout, findPayout, payoutOverview, requestPayout, toPayoutRequest } from './service';

const payoutParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

type PayoutContext = AppContext & { providers: Map<string, PaymentProvider> };

async function asRequest(ctx: PayoutContext, row: Parameters<typeof toPayoutRequest>[0]) {
  const methods = await repository.payoutMethodsByIds(ctx.db, [row.methodId]);
  return toPayoutRequest(row, new Map(methods.map((method) => [method.id, method])));
}

/** Withdrawals (issue 15): what the withdrawal screen shows, a new request, a cancel. */
export const payoutRoutes: RoutePlugin<PayoutContext> = async (app, ctx) => {
  const providerNames = payoutProviderNames(ctx.providers);
  app.addHook('onRequest', noStore);

  app.get(
    '/api/v2/billing/payouts',
    { schema: { response: { 200: payoutOverviewReply } }, config: { auth: 'required' } },
    async (request) => {
      const user = await request.currentUser();
      return payoutOverview(ctx.db, { user, providers: providerNames, now: ctx.clock() });
    },
  );

  app.post(
    '/api/v2/billing/payout',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { body: createPayoutBody, response: { 200: payoutRequest } },
    },
    async (request) => {
      const user = await request.currentUser();
      const row = await requestPayout(ctx.db, {
        user,
        method: request.body.method,
        amount: request.body.amount,
        destination: request.body.destination,
        idempotencyKey: request.body.idempotency_key,
        forfeitBonus: request.body.forfeit_bonus ?? false,
        providers: ctx.providers,
        now: ctx.clock(),
      });
      return asRequest(ctx, row);
    },
  );

  app.post(
    '/api/v2/billing/payout/:id/cancel',
    { schema: { params: payoutParams, response: { 200: payoutRequest } }, config: { auth: 'required' } },
    async (request) => {
      const user = await request.currentUser();
      const row = await cancelPayout(ctx.db, { userId: user.id, id: request.params.id, now: ctx.clock() });
      return asRequest(ctx, row);
    },
  );
};

/**
 * The sandbox provider's payout tool (outside production only): `POST /sandbox/payouts/:id/complete`
 * with `{"status": "paid" | "failed"}` settles a sent payout through the same signed webhook a real
 * provider would call.
 */
export const sandboxPayoutRoutes: RoutePlugin<PayoutContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  const completeBody = z.object({
    status: z.enum(['paid', 'failed']),
    event_id: z.string().min(1).max(128).optional(),
    reason: z.string().max(200).optional(),
  });
  app.post('/sandbox/payouts/:id/complete', { schema: { params: payoutParams } }, async (request, reply) => {
    const body = completeBody.safeParse(request.body ?? {});
    if (!body.success) throw ValidationError.field('status', 'invalid', 'The status must be paid or failed.');
    const row = await findPayout(ctx.db, request.params.id);
    const provider = sandboxOf(ctx.providers);
    if (!row || row.provider !== 'sandbox' || !provider) throw new HttpError(404, 'Payout not found.');
    if (!row.providerRef)
      throw ValidationError.field('id', 'not_sent', 'The payout is not with the provider.');
    const payload = JSON.stringify({
      event_id: body.data.event_id ?? `evt_${randomUUID()}`,
      payout: row.providerRef,
      status: body.data.status,
      ...(body.data.reason ? { reason: body.data.reason } : {}),
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
    return reply.code(delivered.statusCode).send(delivered.json());
  });
};
