import type { AppContext } from '../context';
import type { RoutePlugin } from '../lib/zod-fastify';
import { parseTopics } from './socket';

/**
 * The product's one WebSocket endpoint (DESIGN.md "Realtime"): `GET /socket?topics=crash,feed` follows
 * those topics; `{ op: 'subscribe' | 'unsubscribe', topics: [...] }` changes them later. Each topic's
 * snapshot comes first, then its events, every message a JSON object with `topic` and `type`.
 */
export const realtimeRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.get('/socket', { websocket: true }, (socket, request) => {
    ctx.realtime.hub.accept(socket, parseTopics((request.query as { topics?: unknown }).topics));
  });
};
