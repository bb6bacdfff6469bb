import type { FastifyRequest } from 'fastify';
import { supportChatReply } from '@/lib/contracts/support';
import type { AppContext } from '../../context';
import type { Region } from '../../lib/region';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { supportChatFor } from './service';

/**
 * `GET /support/chat` (issue 6): which support chat serves the visitor, and the signed-in player's chat
 * user data (app_id, email, user_id, user_hash; spec section 3). The region is the `Region` header the
 * web app sends after its geo check (spec section 4), else the geo header's. A guest gets the chat
 * without user data; a bad or expired token is a 401 like everywhere else (the web app refreshes it and
 * asks again), so a signed-in player is never booted into the chat as a stranger.
 */
export const supportRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const regionOf = (request: FastifyRequest): Region => {
    const header = request.headers.region;
    const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
    if (value === 'KZ' || value === 'RU') return value;
    return request.region;
  };

  const userOf = async (request: FastifyRequest) => {
    if (!request.session) return null;
    const user = await request.currentUser();
    return { id: user.id, email: user.email };
  };

  app.get(
    '/support/chat',
    { config: { auth: 'optional' }, schema: { response: { 200: supportChatReply } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'Authorization, Region');
      return supportChatFor(ctx.config.supportChat, regionOf(request), await userOf(request));
    },
  );
};
