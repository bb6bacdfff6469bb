import { crashFairnessReply, crashHistoryQuery, crashHistoryReply } from '@/lib/contracts/crash';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import { fairness, history } from './service';

/** Crash's public calls (lib/contracts/crash.ts; service: crash). */
export const crashRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get('/crash/fairness', { schema: { response: { 200: crashFairnessReply } } }, async () =>
    fairness(ctx.db),
  );

  app.get(
    '/crash/history',
    { schema: { querystring: crashHistoryQuery, response: { 200: crashHistoryReply } } },
    async (request) => history(ctx.db, request.query.limit),
  );
};
