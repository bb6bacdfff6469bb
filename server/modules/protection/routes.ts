import { protectionReply, selfExclusionBody } from '@/lib/contracts/protection';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { protectionOf, selfExclude } from './service';

/** The player's account status and their self-exclusion (issue 15). */
export const protectionRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get(
    '/api/v2/profile/protection',
    { config: { auth: 'required' }, schema: { response: { 200: protectionReply } } },
    async (request) => protectionOf(await request.currentUser(), ctx.clock()),
  );

  app.post(
    '/api/v2/profile/self-exclusion',
    { config: { auth: 'required' }, schema: { body: selfExclusionBody, response: { 200: protectionReply } } },
    async (request) => {
      const now = ctx.clock();
      const result = await selfExclude(ctx.db, {
        userId: requireSession(request).userId,
        days: request.body.days,
        now,
      });
      return protectionOf({ accountStatus: result.status, excludedUntil: result.excludedUntil }, now);
    },
  );
};
