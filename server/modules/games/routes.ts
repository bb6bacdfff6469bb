import type { FastifyRequest } from 'fastify';
import {
  activeRoundReply,
  betReply,
  betsQuery,
  betsReply,
  bet as betSchema,
  caseDetail,
  casesReply,
  FAIR_GAMES,
  gameLimitsReply,
  hiloGuessBody,
  hiloStartBody,
  minerRevealBody,
  minerStartBody,
  roundCashoutBody,
} from '@/lib/contracts/games';
import type { Currency } from '@/lib/constants/currencies';
import { getBetLimits } from '@/lib/constants/bet-limits';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import type { MessageLocale } from '../../lib/locale';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { assertMayPlay } from '../protection/service';
import { findUserById } from '../users/service';
import { betStatement } from './bet-statement';
import { toCaseDetail, toCaseSummary } from './cases';
import { cases, coinflip, dice, keno, placeInstantBet, roulette, type InstantGame } from './instant-games';
import { currencyQuery, idParams, notFound, slugParams } from './params';
import { cashOutHilo, cashOutMiner, guessHilo, revealMiner, startHilo, startMiner } from './rounds';
import { toBet, toBetReply } from './replies';
import { findBet, findCase, listBets, listCases, openRound } from './repository';
import { asPlayer, playerCurrency, shownCurrency, type BetResult } from './service';

/**
 * The game calls of lib/contracts/games.ts, all on this one server (each spec service's base address
 * defaults to the API address): instant bets (dice, coinflip, keno, roulette, cases: one route per entry
 * of instant-games.ts), the rounds of miner and hilo, the bet list and the limits. Guests get 401 on
 * every bet; every bet and move is geo-guarded.
 */
export const gameRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  const locale = (request: FastifyRequest): MessageLocale => request.locale ?? 'en';
  const userId = (request: FastifyRequest) => requireSession(request).userId;
  const reply = (request: FastifyRequest, result: BetResult) => {
    const { bet } = result.bet;
    // A settled bet (not a replay, not a round still open) goes to the live feed.
    if (!result.replayed && bet.status !== 'open') {
      ctx.feed.record({
        game: bet.game,
        betId: bet.id,
        userId: bet.userId,
        currency: bet.currency,
        amountMinor: bet.amountMinor,
        payoutMinor: bet.payoutMinor,
        at: bet.settledAt ?? bet.createdAt,
      });
    }
    return toBetReply(result, locale(request));
  };
  // Every bet's player (a round's start, an instant bet's general path): one who may not play gets a 403;
  // their session's start is what their session limit counts from (service.ts placeBet checks it).
  const player = async (request: FastifyRequest) => {
    const user = await request.currentUser();
    assertMayPlay(user, ctx.clock());
    return asPlayer(user, requireSession(request).family.createdAt);
  };
  const currencyOf = async (request: FastifyRequest, asked: Currency | undefined) =>
    shownCurrency(asked, request.session ? await request.currentUser() : null);
  const guest = { config: { auth: 'guest' as const } };
  const bet = { config: { geoGuard: true, auth: 'required' as const } };
  // The instant bets check the token's family in the statement that places them (bet-statement.ts).
  const instant = { config: { geoGuard: true, auth: 'token' as const } };
  const statement = betStatement(ctx.db, async (id) => {
    const user = await findUserById(ctx.db, id);
    if (!user) throw new UnauthorizedError();
    return playerCurrency(user);
  });
  const betRoute = { response: { 200: betReply } };

  // --- instant games ---

  const instantBet = <Body extends { idempotency_key: string }, Params>(game: InstantGame<Body, Params>) =>
    app.post(
      game.url,
      {
        ...instant,
        schema: { ...(game.params ? { params: game.params } : {}), body: game.body, ...betRoute },
      },
      async (request) => {
        const input = { ...(request.params as Params), ...(request.body as Body) };
        const result = await placeInstantBet(ctx.db, statement, game, {
          claims: request.claims!,
          player: async () => {
            await request.liveSession();
            return player(request);
          },
          request: input,
          now: ctx.clock(),
        });
        return reply(request, result);
      },
    );
  instantBet(dice);
  instantBet(coinflip);
  instantBet(keno);
  instantBet(roulette);

  // --- cases ---

  app.get(
    '/cases',
    { ...guest, schema: { querystring: currencyQuery, response: { 200: casesReply } } },
    async (request) => {
      const currency = await currencyOf(request, request.query.currency);
      const found = await listCases(ctx.db);
      return { items: found.map((one) => toCaseSummary(one, currency, locale(request))) };
    },
  );

  app.get(
    '/cases/:slug',
    {
      ...guest,
      schema: {
        params: slugParams,
        querystring: currencyQuery,
        response: { 200: caseDetail, 404: notFound },
      },
    },
    async (request, res) => {
      const found = await findCase(ctx.db, request.params.slug);
      if (!found) return res.code(404).send({ message: 'Not Found' });
      const currency = await currencyOf(request, request.query.currency);
      return toCaseDetail(found, currency, locale(request));
    },
  );

  instantBet(cases);

  // --- miner and hilo rounds ---

  const now = () => ctx.clock();
  app.post('/miner/start', { ...bet, schema: { body: minerStartBody, ...betRoute } }, async (request) =>
    reply(
      request,
      await startMiner(ctx.db, { player: await player(request), body: request.body, now: now() }),
    ),
  );
  app.post(
    '/miner/:id/reveal',
    { ...bet, schema: { params: idParams, body: minerRevealBody, ...betRoute } },
    async (request) => {
      const { tile, step } = request.body;
      const input = { userId: userId(request), betId: request.params.id, tile, step, now: now() };
      return reply(request, await revealMiner(ctx.db, input));
    },
  );
  app.post('/hilo/start', { ...bet, schema: { body: hiloStartBody, ...betRoute } }, async (request) =>
    reply(
      request,
      await startHilo(ctx.db, { player: await player(request), body: request.body, now: now() }),
    ),
  );
  app.post(
    '/hilo/:id/guess',
    { ...bet, schema: { params: idParams, body: hiloGuessBody, ...betRoute } },
    async (request) => {
      const { guess, step } = request.body;
      const input = { userId: userId(request), betId: request.params.id, guess, step, now: now() };
      return reply(request, await guessHilo(ctx.db, input));
    },
  );
  for (const [game, cashOut] of [
    ['miner', cashOutMiner],
    ['hilo', cashOutHilo],
  ] as const) {
    app.post(
      `/${game}/:id/cashout`,
      { ...bet, schema: { params: idParams, body: roundCashoutBody, ...betRoute } },
      async (request) => {
        const input = {
          userId: userId(request),
          betId: request.params.id,
          step: request.body.step,
          now: now(),
        };
        return reply(request, await cashOut(ctx.db, input));
      },
    );
    app.get(
      `/${game}/active`,
      { config: { auth: 'required' }, schema: { response: { 200: activeRoundReply } } },
      async (request) => {
        const found = await openRound(ctx.db, userId(request), game);
        return { bet: found ? toBet(found, locale(request)) : null };
      },
    );
  }

  // --- bets and limits ---

  app.get(
    '/games/bets',
    { config: { auth: 'required' }, schema: { querystring: betsQuery, response: { 200: betsReply } } },
    async (request) => {
      const { items, total } = await listBets(ctx.db, userId(request), request.query);
      return {
        items: items.map((item) => toBet(item, locale(request))),
        page: request.query.page,
        per_page: request.query.per_page,
        total,
      };
    },
  );

  app.get(
    '/games/bets/:id',
    {
      config: { auth: 'required' },
      schema: { params: idParams, response: { 200: betSchema, 404: notFound } },
    },
    async (request, res) => {
      const found = await findBet(ctx.db, userId(request), request.params.id);
      if (!found) return res.code(404).send({ message: 'Not Found' });
      return toBet(found, locale(request));
    },
  );

  app.get(
    '/games/limits',
    { ...guest, schema: { querystring: currencyQuery, response: { 200: gameLimitsReply } } },
    async (request) => {
      const currency = await currencyOf(request, request.query.currency);
      const games = FAIR_GAMES.filter((game) => game !== 'cases');
      return {
        currency,
        limits: Object.fromEntries(games.map((game) => [game, getBetLimits(currency, game)])),
      };
    },
  );
};
