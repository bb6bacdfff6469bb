import { z } from 'zod';
import { oddsToMilli } from '@/lib/sports/odds';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import { SandboxFeed } from './feed/sandbox';
import type { SportsRuntime } from './runtime';

const eventParams = z.object({ id: z.string().min(1).max(200) });
const scoreBody = z
  .object({
    home: z.number().int().min(0),
    away: z.number().int().min(0),
    periods: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
  })
  .optional();

/**
 * Test hooks of the sandbox feed (outside production only, like the other sandbox providers): start, finish,
 * cancel or correct a match at once, move an outcome's odds, suspend a market. Each answers once the change
 * is stored and the bets it settles are settled, so a test can look at the result straight away.
 */
export const sportsSandboxRoutes: RoutePlugin<AppContext & { sports: SportsRuntime }> = async (app, ctx) => {
  const { sports } = ctx;
  app.addHook('onRequest', noStore);

  const sandbox = (): SandboxFeed => {
    if (!(sports.feed instanceof SandboxFeed)) throw new HttpError(409, 'The sandbox feed is not running.');
    return sports.feed;
  };
  // The delivery's own settlement (of the markets whose results it changed) is all there is to wait for.
  const settled = async () => {
    await sports.idle();
    return { ok: true };
  };

  app.post('/sandbox/sports/events/:id/start', { schema: { params: eventParams } }, async (request) => {
    await sandbox().startNow(request.params.id);
    return settled();
  });
  app.post(
    '/sandbox/sports/events/:id/finish',
    { schema: { params: eventParams, body: scoreBody } },
    async (request) => {
      await sandbox().finishNow(request.params.id, request.body ?? undefined);
      return settled();
    },
  );
  app.post(
    '/sandbox/sports/events/:id/correct',
    { schema: { params: eventParams, body: scoreBody.unwrap() } },
    async (request) => {
      await sandbox().correctResult(request.params.id, request.body);
      return settled();
    },
  );
  app.post('/sandbox/sports/events/:id/cancel', { schema: { params: eventParams } }, async (request) => {
    await sandbox().cancel(request.params.id);
    return settled();
  });
  app.post(
    '/sandbox/sports/outcomes/:id/odds',
    { schema: { params: eventParams, body: z.object({ odds: z.number().min(1.01).max(1000) }) } },
    async (request) => {
      await sandbox().setOdds(request.params.id, oddsToMilli(request.body.odds));
      return settled();
    },
  );
  app.post(
    '/sandbox/sports/markets/:id/suspend',
    { schema: { params: eventParams, body: z.object({ suspended: z.boolean() }) } },
    async (request) => {
      await sandbox().suspendMarket(request.params.id, request.body.suspended);
      return settled();
    },
  );
};
