import type { WebSocket } from 'ws';
import {
  crashBetBody,
  crashBetReply,
  crashCashoutBody,
  crashCashoutReply,
  crashFairnessReply,
  crashHistoryQuery,
  crashHistoryReply,
  crashSnapshot,
} from '@/lib/contracts/crash';
import { isCurrency } from '@/lib/constants/currencies';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { assertMayPlay } from '../protection/service';
import type { CrashEngine } from './engine';
import { fairness, history } from './service';

/** A listener whose unsent messages pass this is too slow: it is dropped rather than slow the round. */
export const SOCKET_MAX_BUFFERED_BYTES = 512 * 1024;
/** A listener that does not answer a ping within this is dropped. */
export const SOCKET_HEARTBEAT_MS = 15_000;

/**
 * Crash's calls (lib/contracts/crash.ts; service: crash): the fairness page's, the history, and with the
 * round engine the state, a bet, a cash-out and the socket `/crash/socket` (a snapshot first, then every
 * change of the round; pings every SOCKET_HEARTBEAT_MS).
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

  const sockets = new Map<WebSocket, { alive: boolean }>();
  const heartbeat = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }, SOCKET_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of sockets.keys()) socket.terminate();
  });

  app.get('/crash/socket', { websocket: true }, (socket) => {
    const state = { alive: true };
    sockets.set(socket, state);
    const unsubscribe = engine.subscribe((_message, serialized) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
        socket.terminate();
        return;
      }
      socket.send(serialized);
    });
    socket.on('pong', () => {
      state.alive = true;
    });
    socket.on('close', () => {
      unsubscribe();
      sockets.delete(socket);
    });
    // Nothing is expected from the client; a message is ignored.
    socket.send(JSON.stringify(engine.snapshot()));
  });
};
