import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { monitorOf } from '../../db/pool';
import type { RoutePlugin } from '../../lib/zod-fastify';

const DB_CHECK_TIMEOUT_MS = 2_000;

const healthReplySchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'down']) });

/**
 * GET /health: 200 `{ status: 'ok', db: 'ok' }`, or 503 `{ status: 'error', db: 'down' }` when the
 * database does not answer: at once while the pool's monitor knows it unreachable (server/db/pool.ts),
 * otherwise when `SELECT 1` fails or takes longer than 2 s.
 */
export const healthRoutes: RoutePlugin<AppContext> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthReplySchema, 503: healthReplySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const monitor = monitorOf((db as { $client?: unknown }).$client);
      if (monitor?.state === 'down') {
        request.log.warn({ err: monitor.lastError }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'down' });
      }
      try {
        await withTimeout(db.execute(sql`SELECT 1`), DB_CHECK_TIMEOUT_MS);
        return reply.send({ status: 'ok', db: 'ok' });
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'down' });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
