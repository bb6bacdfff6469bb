import { TOP_TOPIC, topQuery, topReply } from '@/lib/contracts/top';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import { top } from './service';

/** `GET /top` (lib/contracts/top.ts) and the realtime topic `top` (`changed` when new bets were counted). */
export const topRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  app.get('/top', { schema: { querystring: topQuery, response: { 200: topReply } } }, async (request) => {
    const { board, period } = request.query;
    return { board, period, rows: await top(ctx.db, board, period, ctx.clock()) };
  });
  ctx.realtime.topics.provide(TOP_TOPIC, (topic) =>
    topic === TOP_TOPIC ? { topic, type: 'snapshot' } : null,
  );
};
