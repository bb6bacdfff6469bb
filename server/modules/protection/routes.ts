import {
  isMinuteLimitKind,
  limitsReply,
  protectionReply,
  selfExclusionBody,
  sessionReply,
  setLimitBody,
} from '@/lib/contracts/protection';
import { toMinorUnits } from '@/lib/money';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { limitsView, protectionOf, selfExclude, sessionView, setLimit } from './service';

/** The player's account status, their self-exclusion, their limits and their session (issue 15). */
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

  app.get(
    '/api/v2/profile/limits',
    { config: { auth: 'required' }, schema: { response: { 200: limitsReply } } },
    async (request) => limitsView(ctx.db, requireSession(request).userId, ctx.clock()),
  );

  app.put(
    '/api/v2/profile/limits',
    { config: { auth: 'required' }, schema: { body: setLimitBody, response: { 200: limitsReply } } },
    async (request) => {
      const now = ctx.clock();
      const userId = requireSession(request).userId;
      const { kind, amount } = request.body;
      await setLimit(ctx.db, {
        userId,
        kind,
        // Minutes as they are for the minute limits, money in minor units for the others.
        amountMinor: amount === null ? null : BigInt(isMinuteLimitKind(kind) ? amount : toMinorUnits(amount)),
        now,
      });
      return limitsView(ctx.db, userId, now);
    },
  );

  app.get(
    '/api/v2/profile/session',
    { config: { auth: 'required' }, schema: { response: { 200: sessionReply } } },
    async (request) => {
      const user = await request.currentUser();
      return sessionView(ctx.db, {
        userId: user.id,
        currency: user.currency,
        sessionStartedAt: requireSession(request).family.createdAt,
        now: ctx.clock(),
      });
    },
  );
};
