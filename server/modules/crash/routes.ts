import {
  crashBetBody,
  crashBetReply,
  crashCashoutBody,
  crashCashoutReply,
  crashFairnessReply,
  crashHistoryQuery,
  crashHistoryReply,
  crashMyBetsQuery,
  crashMyBetsReply,
  crashSnapshot,
} from '@/lib/contracts/crash';
import { isCurrency } from '@/lib/constants/currencies';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { assertMayPlay } from '../protection/service';
import { parseTopics } from '../../realtime/socket';
import { CRASH_TOPIC, type CrashEngine } from './engine';
import { fairness, history, myBets } from './service';

/**
 * Crash's calls (lib/contracts/crash.ts; service: crash): the fairness page's, the history, and with the
 * round engine the state, a bet, a cash-out and the socket `/crash/socket` (the realtime hub
 * following `crash`: a snapshot first, then every change of the round).
 */
export const crashRoutes: RoutePlugin<AppContext & { engine: CrashEngine | null }> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  app.get('/crash/fairness', { schema: { response: { 200: crashFairnessReply } } }, async () =>
    fairness(ctx.db),
  );

  app.get(
    '/crash/history',
    { schema: { querystring: crashHistoryQuery, response: { 200: crashHistoryReply } } },
    async (request) => history(ctx.db, request.query.limit),
  );

  // The player's own bets, with or without the engine in this process (they are in the database).
  app.get(
    '/crash/bets/mine',
    {
      config: { auth: 'required' },
      schema: { querystring: crashMyBetsQuery, response: { 200: crashMyBetsReply } },
    },
    async (request) => myBets(ctx.db, requireSession(request).userId, request.query.limit),
  );

  const { engine } = ctx;
  if (!engine) return;

  app.get('/crash/state', { schema: { response: { 200: crashSnapshot } } }, async () => engine.snapshot());

  app.post(
    '/crash/bet',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { body: crashBetBody, response: { 200: crashBetReply } },
    },
    async (request) => {
      const user = await request.currentUser();
      assertMayPlay(user, ctx.clock());
      if (!isCurrency(user.currency)) throw new UnauthorizedError();
      const placed = await engine.placeBet(
        { id: user.id, currency: user.currency, sessionStartedAt: requireSession(request).family.createdAt },
        {
          amount: request.body.amount,
          autoCashout: request.body.auto_cashout ?? null,
          key: request.body.idempotency_key,
          playerName: user.isStatisticsHidden ? 'Hidden' : (user.name ?? `Player ${user.id}`),
        },
      );
      return { bet: placed.bet, game_id: placed.gameId, balance: placed.balance };
    },
  );

  app.post(
    '/crash/cashout',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { body: crashCashoutBody, response: { 200: crashCashoutReply } },
    },
    async (request) => engine.cashOut(requireSession(request).userId, request.body.game_id),
  );

  ctx.realtime.topics.provide(CRASH_TOPIC, (topic) =>
    topic === CRASH_TOPIC ? { topic: CRASH_TOPIC, ...engine.snapshot() } : null,
  );

  // The crash service's own address for the hub (spec section 7): `crash` and any other `?topics=`.
  app.get('/crash/socket', { websocket: true }, (socket, request) => {
    const topics = parseTopics((request.query as { topics?: unknown }).topics);
    ctx.realtime.hub.accept(socket, [CRASH_TOPIC, ...topics.filter((topic) => topic !== CRASH_TOPIC)]);
  });
};
