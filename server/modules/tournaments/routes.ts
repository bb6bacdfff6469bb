import { z } from 'zod';
import { TOURNAMENT_TOPIC_FAMILY } from '@/lib/constants/tournaments';
import { isCurrency } from '@/lib/constants/currencies';
import { joinReply, tournamentReply, tournamentsQuery, tournamentsReply } from '@/lib/contracts/tournaments';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { findUserById } from '../users/service';
import type { TournamentsRuntime } from './runtime';
import { detailOf, findTournament, join, leaderboard, list, myEntry, participants } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Tournaments (lib/contracts/tournaments.ts) and the realtime topic `tournament:<id>`. */
export const tournamentRoutes: RoutePlugin<AppContext & { tournaments: TournamentsRuntime }> = async (
  app,
  ctx,
) => {
  app.addHook('onRequest', noStore);

  app.get(
    '/tournaments',
    { schema: { querystring: tournamentsQuery, response: { 200: tournamentsReply } } },
    async (request) => ({ tournaments: await list(ctx.db, request.query.status, ctx.clock()) }),
  );

  app.get(
    '/tournaments/:id',
    { schema: { params: idParams, response: { 200: tournamentReply } }, config: { auth: 'optional' } },
    async (request) => {
      const { session } = request;
      // One snapshot of the database: points counted between two of these reads would otherwise give a
      // player their points in `me` and an empty leaderboard beside them.
      const reply = await ctx.db.transaction(
        async (tx) => {
          const row = await findTournament(tx, request.params.id);
          if (!row) return null;
          return {
            tournament: detailOf(row, ctx.clock(), await participants(tx, row.id)),
            leaderboard: await leaderboard(tx, row),
            me: session ? await myEntry(tx, row, session.userId) : null,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!reply) throw new HttpError(404, 'Not Found');
      return reply;
    },
  );

  app.post(
    '/tournaments/:id/join',
    {
      schema: { params: idParams, response: { 200: joinReply } },
      config: { geoGuard: true, auth: 'required' },
    },
    async (request) => {
      const { userId } = requireSession(request);
      const user = await findUserById(ctx.db, userId);
      const currency = user && isCurrency(user.currency) ? user.currency : 'RUB';
      await join(ctx.db, { id: request.params.id, userId, currency, now: ctx.clock() });
      ctx.tournaments.changed([request.params.id]);
      return { joined: true as const };
    },
  );

  ctx.realtime.topics.provide(TOURNAMENT_TOPIC_FAMILY, (topic) => ctx.tournaments.snapshot(topic));
};
