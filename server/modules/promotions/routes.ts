import { bannersReply, recentGamesReply } from '@/lib/contracts/promotions';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { banners, recentGames } from './service';

/** The home page's banners and a player's recently played games (lib/contracts/promotions.ts). */
export const promotionRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.get('/promotions/banners', { schema: { response: { 200: bannersReply } } }, async (_request, reply) => {
    // Shared by every visitor: a few seconds of caching spare the database on a busy home page.
    reply.header('cache-control', 'public, max-age=10');
    return { banners: await banners(ctx.db, ctx.clock()) };
  });
  app.get(
    '/activity/recent',
    { schema: { response: { 200: recentGamesReply } }, config: { auth: 'required' }, onRequest: noStore },
    async (request) => ({ games: await recentGames(ctx.db, requireSession(request).userId) }),
  );
};
