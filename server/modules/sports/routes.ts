import { z } from 'zod';
import { CURRENCIES, isCurrency } from '@/lib/constants/currencies';
import { SPORTS_TOPIC } from '@/lib/constants/sports';
import {
  cashoutBody,
  placeSportBetBody,
  sportBetReply,
  sportBetsReply,
  sportEvent,
  sportEventsReply,
  sportKey,
  sportsLimitsReply,
  sportsMenuReply,
} from '@/lib/contracts/sports';
import { toMinorUnits } from '@/lib/money';
import type { AppContext } from '../../context';
import { HttpError, UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { minorToMajor } from '../ledger/service';
import { assertMayPlay } from '../protection/service';
import type { SportsRuntime } from './runtime';
import { betsOf, cashout, event, events, limitsReply, menu, placeBet, type PlacedBet } from './service';

const eventsQuery = z.object({
  sport: sportKey.optional(),
  league: z.string().max(200).optional(),
  status: z.enum(['live', 'upcoming']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
const eventParams = z.object({ id: z.string().min(1).max(200) });
const limitsQuery = z.object({ currency: z.enum(CURRENCIES).optional() });
const betsQuery = z.object({
  status: z.enum(['open', 'settled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  before: z.coerce.number().int().positive().optional(),
});
const betParams = z.object({ id: z.coerce.number().int().positive() });

const reply = (placed: PlacedBet) => ({ bet: placed.bet, balance: minorToMajor(placed.balanceMinor) });

/**
 * The sportsbook's calls (lib/contracts/sports.ts) and its realtime topics `sports` and `sports:<event id>`.
 */
export const sportsRoutes: RoutePlugin<AppContext & { sports: SportsRuntime }> = async (app, ctx) => {
  const { sports } = ctx;
  app.addHook('onRequest', noStore);

  app.get('/sports', { schema: { response: { 200: sportsMenuReply } } }, async () => menu(ctx.db));

  app.get(
    '/sports/events',
    { schema: { querystring: eventsQuery, response: { 200: sportEventsReply } } },
    async (request) => events(ctx.db, request.query),
  );

  app.get(
    '/sports/events/:id',
    { schema: { params: eventParams, response: { 200: sportEvent } } },
    async (request) => {
      const found = await event(ctx.db, request.params.id);
      if (!found) throw new HttpError(404, 'There is no such event.');
      return found;
    },
  );

  app.get(
    '/sports/limits',
    { config: { auth: 'guest' }, schema: { querystring: limitsQuery, response: { 200: sportsLimitsReply } } },
    async (request) => {
      let currency = request.query.currency ?? 'RUB';
      if (request.session) {
        const user = await request.currentUser();
        if (isCurrency(user.currency)) currency = user.currency;
      }
      return limitsReply(ctx.db, currency);
    },
  );

  app.post(
    '/sports/bets',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { body: placeSportBetBody, response: { 200: sportBetReply } },
    },
    async (request) => {
      const user = await request.currentUser();
      const now = ctx.clock();
      assertMayPlay(user, now);
      if (!isCurrency(user.currency)) throw new UnauthorizedError();
      const { body } = request;
      const placed = await placeBet(
        ctx.db,
        { id: user.id, currency: user.currency, sessionStartedAt: requireSession(request).family.createdAt },
        {
          kind: body.kind,
          systemK: body.system_k,
          stake: body.stake,
          accept: body.accept,
          selections: body.selections,
          key: body.key,
        },
        now,
      );
      return reply(placed);
    },
  );

  app.get(
    '/sports/bets',
    { config: { auth: 'required' }, schema: { querystring: betsQuery, response: { 200: sportBetsReply } } },
    async (request) => ({ items: await betsOf(ctx.db, requireSession(request).userId, request.query) }),
  );

  app.post(
    '/sports/bets/:id/cashout',
    {
      config: { geoGuard: true, auth: 'required' },
      schema: { params: betParams, body: cashoutBody, response: { 200: sportBetReply } },
    },
    async (request) => {
      const user = await request.currentUser();
      const now = ctx.clock();
      assertMayPlay(user, now);
      const done = await cashout(
        ctx.db,
        { id: user.id },
        request.params.id,
        BigInt(toMinorUnits(request.body.amount)),
        now,
      );
      if (!done) throw new HttpError(404, 'There is no such bet.');
      return reply(done);
    },
  );

  ctx.realtime.topics.provide(SPORTS_TOPIC, (topic) => sports.snapshot(topic));
};
