import { changeClientSeedBody, rotateSeedBody, rotateSeedReply, seedPair } from '@/lib/contracts/games';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { activePair, changeClientSeed, rotatePair, toSeedPair } from './service';

/** The seed pair calls of lib/contracts/games.ts (service: general). */
export const fairRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get(
    '/fair/seed',
    { schema: { response: { 200: seedPair } }, config: { auth: 'required' } },
    async (request) => toSeedPair(await activePair(ctx.db, requireSession(request).userId)),
  );

  app.put(
    '/fair/seed/client',
    { schema: { body: changeClientSeedBody, response: { 200: seedPair } }, config: { auth: 'required' } },
    async (request) =>
      toSeedPair(await changeClientSeed(ctx.db, requireSession(request).userId, request.body.client_seed)),
  );

  app.post(
    '/fair/seed/rotate',
    {
      schema: { body: rotateSeedBody.nullish(), response: { 200: rotateSeedReply } },
      config: { auth: 'required' },
    },
    // The body may be left out (a rotation keeping the client seed).
    async (request) => {
      const { previous, current } = await rotatePair(
        ctx.db,
        requireSession(request).userId,
        request.body?.client_seed,
        ctx.clock(),
      );
      return {
        previous: { ...toSeedPair(previous), server_seed: previous.serverSeed },
        current: toSeedPair(current),
      };
    },
  );
};
