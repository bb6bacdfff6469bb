import { z } from 'zod';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { checkDatabase } from './service';

const healthReplySchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'down']) });

/**
 * GET /health: 200 `{ status: 'ok', db: 'ok' }`, or 503 `{ status: 'error', db: 'down' }` when the
 * database does not answer (service.ts `checkDatabase`).
 */
export const healthRoutes: RoutePlugin<AppContext> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthReplySchema, 503: healthReplySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const check = await checkDatabase(db);
      if (!check.ok) {
        request.log.warn({ err: check.error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'down' });
      }
      return reply.send({ status: 'ok', db: 'ok' });
    },
  );
};
