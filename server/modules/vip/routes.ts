import { z } from 'zod';
import { successReply, vipJoinBody } from '@/lib/contracts/auth';
import { claimReply, vipReply } from '@/lib/contracts/vip';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { claimRakeback, claimReward, joinVip, vipView } from './service';

const rewardParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The VIP club (lib/contracts/vip.ts) and `POST api/v2/vip/join` (spec §7). */
export const vipRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get(
    '/vip',
    { schema: { response: { 200: vipReply } }, config: { auth: 'optional' } },
    async (request) => vipView(ctx.db, request.session?.userId ?? null, ctx.clock()),
  );

  app.post(
    '/vip/rakeback/claim',
    { schema: { response: { 200: claimReply } }, config: { geoGuard: true, auth: 'required' } },
    async (request) => claimRakeback(ctx.db, requireSession(request).userId),
  );

  app.post(
    '/vip/rewards/:id/claim',
    {
      schema: { params: rewardParams, response: { 200: claimReply } },
      config: { geoGuard: true, auth: 'required' },
    },
    async (request) => claimReward(ctx.db, requireSession(request).userId, request.params.id, ctx.clock()),
  );

  app.post(
    '/api/v2/vip/join',
    { schema: { body: vipJoinBody, response: { 200: successReply } }, config: { auth: 'required' } },
    async (request) => {
      await joinVip(ctx.db, {
        userId: requireSession(request).userId,
        requestType: request.body.request_type,
        details: request.body.details ?? null,
        now: ctx.clock(),
      });
      return { success: true as const };
    },
  );
};
