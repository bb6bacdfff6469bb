import { ROOMS_TOPIC } from '@/lib/constants/rooms';
import { isCurrency } from '@/lib/constants/currencies';
import {
  roomHistoryQuery,
  roomHistoryReply,
  roomParams,
  roomsLobbyQuery,
  roomsLobbyReply,
  roomStakeBody,
  roomStakeReply,
  roomStateQuery,
  roomStateReply,
} from '@/lib/contracts/rooms';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { assertMayPlay } from '../protection/service';
import { balanceOf, type RoomsRuntime } from './runtime';
import { history, lobby, roundState, rulesOf } from './service';

/**
 * The rooms' calls (lib/contracts/rooms.ts): the lobby, a room's round, its finished rounds with their
 * proofs, a stake; and the realtime topics `rooms` and `rooms:<room>:<currency>` on `/socket`.
 */
export const roomsRoutes: RoutePlugin<AppContext & { rooms: RoomsRuntime }> = async (app, ctx) => {
  const { rooms } = ctx;
  app.addHook('onRequest', noStore);

  app.get(
    '/rooms',
    { schema: { querystring: roomsLobbyQuery, response: { 200: roomsLobbyReply } } },
    async (request) => lobby(ctx.db, ctx.clock(), request.query.currency),
  );

  app.get(
    '/rooms/:room',
    { schema: { params: roomParams, querystring: roomStateQuery, response: { 200: roomStateReply } } },
    async (request) => {
      const { room } = request.params;
      const { currency } = request.query;
      const now = ctx.clock();
      return {
        round: await roundState(ctx.db, room, currency, now),
        rules: rulesOf(room, currency, rooms.settings.countdownMs),
        now: now.toISOString(),
      };
    },
  );

  app.get(
    '/rooms/:room/history',
    {
      schema: { params: roomParams, querystring: roomHistoryQuery, response: { 200: roomHistoryReply } },
    },
    async (request) => history(ctx.db, request.params.room, request.query.currency, request.query.limit),
  );

  app.post(
    '/rooms/:room/stake',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { params: roomParams, body: roomStakeBody, response: { 200: roomStakeReply } },
    },
    async (request) => {
      const user = await request.currentUser();
      assertMayPlay(user, ctx.clock());
      if (!isCurrency(user.currency)) throw new UnauthorizedError();
      const placed = await rooms.stake(
        { id: user.id, currency: user.currency, sessionStartedAt: requireSession(request).family.createdAt },
        request.params.room,
        { amount: request.body.amount, key: request.body.idempotency_key },
      );
      return { stake: placed.stake, round: placed.round, balance: balanceOf(placed) };
    },
  );

  ctx.realtime.topics.provide(ROOMS_TOPIC, (topic) => rooms.snapshot(topic));
};
