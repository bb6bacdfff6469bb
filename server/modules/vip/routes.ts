import { successReply, vipJoinBody } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { requireSession } from '../../plugins/request-context';
import { joinVip } from './service';

/** `POST api/v2/vip/join` (spec §7): records a VIP club request, once per user and type. */
export const vipRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.post(
    '/api/v2/vip/join',
    { schema: { body: vipJoinBody, response: { 200: successReply } }, config: { auth: 'required' } },
    async (request) => {
      await joinVip(ctx.db, {
        userId: requireSession(request).userId,
        requestType: request.body.request_type,
        now: ctx.clock(),
      });
      return { success: true as const };
    },
  );
};
