import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  activeRoundReply,
  betReply,
  betsQuery,
  betsReply,
  bet as betSchema,
  caseDetail,
  caseOpenBody,
  casesReply,
  coinflipBetBody,
  diceBetBody,
  FAIR_GAMES,
  gameLimitsReply,
  hiloGuessBody,
  hiloStartBody,
  kenoBetBody,
  minerRevealBody,
  minerStartBody,
  rouletteBetBody,
  roundCashoutBody,
} from '@/lib/contracts/games';
import { CURRENCIES, isCurrency, type Currency } from '@/lib/constants/currencies';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { diceTargetValid, kenoPicksValid, rouletteChipValid } from '@/lib/fair';
import type { AppContext } from '../../context';
import { HttpError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { requireAuth, sessionOf } from '../auth/guard';
import { noStore } from '../auth/routes';
import { localeFromAcceptLanguage, type MessageLocale } from '../auth/templates';
import { authenticate, bearerToken } from '../auth/tokens';
import { findUserById, type UserRow } from '../users/service';
import { findCase, listCases, toCaseDetail, toCaseSummary, buildCaseTable, caseProblems } from './cases';
import { playCase, playCoinflip, playDice, playKeno, playRoulette } from './engine';
import { cashOutHilo, cashOutMiner, guessHilo, revealMiner, startHilo, startMiner } from './rounds';
import {
  checkBetLimits,
  findBet,
  listBets,
  openRound,
  placeBet,
  toBet,
  toBetReply,
  toMinor,
  type Decision,
} from './service';

/** A row id in the path: digits only, 1 to 2^31 − 1. */
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
const idParams = z.object({ id });
const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) });
const currencyQuery = z.object({ currency: z.enum(CURRENCIES).optional() });
const notFound = z.object({ message: z.string() });

const settle = (result: { multiplierScaled: bigint; payoutMinor: bigint; outcome: object }): Decision => ({
  status: result.payoutMinor > 0n ? 'won' : 'lost',
  multiplierScaled: result.multiplierScaled,
  payoutMinor: result.payoutMinor,
  outcome: result.outcome as Record<string, unknown>,
});

/**
 * The game calls of lib/contracts/games.ts, all on this one server (each spec service's base address
 * defaults to the API address): instant bets (dice, coinflip, keno, roulette, cases), the rounds of
 * miner and hilo, the bet list and the limits. Guests get 401 on every bet.
 */
export const gameRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const auth = requireAuth(ctx);
  app.addHook('onRequest', noStore);

  const locale = (request: FastifyRequest): MessageLocale =>
    localeFromAcceptLanguage(request.headers['accept-language'], 'en');
  const player = async (request: FastifyRequest): Promise<UserRow & { currency: Currency }> => {
    const user = await findUserById(ctx.db, sessionOf(request).userId);
    if (!user || !isCurrency(user.currency)) throw new UnauthorizedError();
    return user as UserRow & { currency: Currency };
  };
  const optionalCurrency = async (request: FastifyRequest): Promise<Currency | null> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    try {
      const session = await authenticate(ctx.db, ctx.keys.accessToken, token, ctx.clock());
      const user = await findUserById(ctx.db, session.userId);
      return user && isCurrency(user.currency) ? user.currency : null;
    } catch {
      return null;
    }
  };
  const betRoute = { response: { 200: betReply } };

  // --- instant games ---

  app.post(
    '/dice/bet',
    { config: { geoGuard: true }, schema: { body: diceBetBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { amount, target, direction, idempotency_key } = request.body;
      if (!diceTargetValid(target, direction)) {
        throw ValidationError.field('target', 'invalid', 'The win chance must be between 0.01 % and 98 %.');
      }
      const amountMinor = toMinor(amount);
      checkBetLimits(user.currency, 'dice', amountMinor);
      const params = { target, direction };
      const result = await placeBet(ctx.db, {
        userId: user.id,
        currency: user.currency,
        game: 'dice',
        idempotencyKey: idempotency_key,
        request: { amount, ...params },
        amountMinor,
        params,
        decide: (seeds) => settle(playDice(seeds, params, amountMinor)),
        wager: { game: 'dice', stakeMinor: amountMinor, target, direction },
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/coinflip/bet',
    { config: { geoGuard: true }, schema: { body: coinflipBetBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { amount, side, idempotency_key } = request.body;
      const amountMinor = toMinor(amount);
      checkBetLimits(user.currency, 'coinflip', amountMinor);
      const result = await placeBet(ctx.db, {
        userId: user.id,
        currency: user.currency,
        game: 'coinflip',
        idempotencyKey: idempotency_key,
        request: { amount, side },
        amountMinor,
        params: { side },
        decide: (seeds) => settle(playCoinflip(seeds, { side }, amountMinor)),
        wager: { game: 'coinflip', stakeMinor: amountMinor },
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/keno/bet',
    { config: { geoGuard: true }, schema: { body: kenoBetBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { amount, picks, risk, idempotency_key } = request.body;
      if (!kenoPicksValid(picks)) {
        throw ValidationError.field('picks', 'invalid', 'Pick 1 to 10 different squares from 1 to 40.');
      }
      const amountMinor = toMinor(amount);
      checkBetLimits(user.currency, 'keno', amountMinor);
      const params = { picks, risk };
      const result = await placeBet(ctx.db, {
        userId: user.id,
        currency: user.currency,
        game: 'keno',
        idempotencyKey: idempotency_key,
        request: { amount, ...params },
        amountMinor,
        params,
        decide: (seeds) => settle(playKeno(seeds, params, amountMinor)),
        wager: { game: 'keno', stakeMinor: amountMinor, picks: picks.length, risk },
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/roulette/bet',
    { config: { geoGuard: true }, schema: { body: rouletteBetBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { chips, idempotency_key } = request.body;
      chips.forEach((chip, index) => {
        if (!rouletteChipValid(chip)) {
          throw ValidationError.field(
            `chips.${index}.value`,
            'invalid',
            chip.type === 'straight'
              ? 'A straight bet needs a pocket from 0 to 36.'
              : chip.type === 'dozen' || chip.type === 'column'
                ? `A ${chip.type} bet needs a value from 1 to 3.`
                : `A ${chip.type} bet takes no value.`,
          );
        }
      });
      const inputs = chips.map((chip) => ({ ...chip, amountMinor: toMinor(chip.amount) }));
      const amountMinor = inputs.reduce((sum, chip) => sum + chip.amountMinor, 0n);
      checkBetLimits(user.currency, 'roulette', amountMinor);
      const result = await placeBet(ctx.db, {
        userId: user.id,
        currency: user.currency,
        game: 'roulette',
        idempotencyKey: idempotency_key,
        request: { chips },
        amountMinor,
        params: { chips },
        decide: (seeds) => settle(playRoulette(seeds, inputs)),
        wager: { game: 'roulette', chips: inputs },
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  // --- cases ---

  app.get(
    '/cases',
    { schema: { querystring: currencyQuery, response: { 200: casesReply } } },
    async (request) => {
      const currency = request.query.currency ?? (await optionalCurrency(request)) ?? 'RUB';
      const cases = await listCases(ctx.db);
      return { items: cases.map((found) => toCaseSummary(found, currency, locale(request))) };
    },
  );

  app.get(
    '/cases/:slug',
    {
      schema: {
        params: slugParams,
        querystring: currencyQuery,
        response: { 200: caseDetail, 404: notFound },
      },
    },
    async (request, reply) => {
      const found = await findCase(ctx.db, request.params.slug);
      if (!found) return reply.code(404).send({ message: 'Not Found' });
      const currency = request.query.currency ?? (await optionalCurrency(request)) ?? 'RUB';
      return toCaseDetail(found, currency, locale(request));
    },
  );

  app.post(
    '/cases/:slug/open',
    {
      config: { geoGuard: true },
      schema: { params: slugParams, body: caseOpenBody, ...betRoute },
      preHandler: [auth],
    },
    async (request) => {
      const user = await player(request);
      const found = await findCase(ctx.db, request.params.slug);
      if (!found) throw new HttpError(404, 'Not Found');
      if (caseProblems(found.row.prices, found.items).length > 0) {
        throw ValidationError.field('case', 'unavailable', 'This case cannot be opened right now.');
      }
      const table = buildCaseTable(found.items);
      const amountMinor = BigInt(found.row.prices[user.currency]);
      const { min, max } = getBetLimits(user.currency, 'coinflip');
      if (amountMinor < toMinor(min) || amountMinor > toMinor(max)) {
        throw ValidationError.field('amount', 'invalid', 'The case price is outside the bet limits.');
      }
      const slug = found.row.slug;
      const result = await placeBet(ctx.db, {
        userId: user.id,
        currency: user.currency,
        game: 'cases',
        idempotencyKey: request.body.idempotency_key,
        request: { slug },
        amountMinor,
        params: { slug, case_id: found.row.id, table },
        decide: (seeds) => settle(playCase(seeds, table, amountMinor)),
        wager: { game: 'cases', stakeMinor: amountMinor, table },
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  // --- miner ---

  app.post(
    '/miner/start',
    { config: { geoGuard: true }, schema: { body: minerStartBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { amount, mines, idempotency_key } = request.body;
      const amountMinor = toMinor(amount);
      checkBetLimits(user.currency, 'miner', amountMinor);
      const result = await startMiner(ctx.db, {
        userId: user.id,
        currency: user.currency,
        amountMinor,
        amount,
        mines,
        idempotencyKey: idempotency_key,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/miner/:id/reveal',
    {
      config: { geoGuard: true },
      schema: { params: idParams, body: minerRevealBody, ...betRoute },
      preHandler: [auth],
    },
    async (request) => {
      const result = await revealMiner(ctx.db, {
        userId: sessionOf(request).userId,
        betId: request.params.id,
        tile: request.body.tile,
        step: request.body.step,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/miner/:id/cashout',
    {
      config: { geoGuard: true },
      schema: { params: idParams, body: roundCashoutBody, ...betRoute },
      preHandler: [auth],
    },
    async (request) => {
      const result = await cashOutMiner(ctx.db, {
        userId: sessionOf(request).userId,
        betId: request.params.id,
        step: request.body.step,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.get(
    '/miner/active',
    { schema: { response: { 200: activeRoundReply } }, preHandler: [auth] },
    async (request) => {
      const found = await openRound(ctx.db, sessionOf(request).userId, 'miner');
      return { bet: found ? toBet(found, locale(request)) : null };
    },
  );

  // --- hilo ---

  app.post(
    '/hilo/start',
    { config: { geoGuard: true }, schema: { body: hiloStartBody, ...betRoute }, preHandler: [auth] },
    async (request) => {
      const user = await player(request);
      const { amount, idempotency_key } = request.body;
      const amountMinor = toMinor(amount);
      checkBetLimits(user.currency, 'hilo', amountMinor);
      const result = await startHilo(ctx.db, {
        userId: user.id,
        currency: user.currency,
        amountMinor,
        amount,
        idempotencyKey: idempotency_key,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/hilo/:id/guess',
    {
      config: { geoGuard: true },
      schema: { params: idParams, body: hiloGuessBody, ...betRoute },
      preHandler: [auth],
    },
    async (request) => {
      const result = await guessHilo(ctx.db, {
        userId: sessionOf(request).userId,
        betId: request.params.id,
        guess: request.body.guess,
        step: request.body.step,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.post(
    '/hilo/:id/cashout',
    {
      config: { geoGuard: true },
      schema: { params: idParams, body: roundCashoutBody, ...betRoute },
      preHandler: [auth],
    },
    async (request) => {
      const result = await cashOutHilo(ctx.db, {
        userId: sessionOf(request).userId,
        betId: request.params.id,
        step: request.body.step,
        now: ctx.clock(),
      });
      return toBetReply(result, locale(request));
    },
  );

  app.get(
    '/hilo/active',
    { schema: { response: { 200: activeRoundReply } }, preHandler: [auth] },
    async (request) => {
      const found = await openRound(ctx.db, sessionOf(request).userId, 'hilo');
      return { bet: found ? toBet(found, locale(request)) : null };
    },
  );

  // --- bets and limits ---

  app.get(
    '/games/bets',
    { schema: { querystring: betsQuery, response: { 200: betsReply } }, preHandler: [auth] },
    async (request) => {
      const { items, total } = await listBets(ctx.db, sessionOf(request).userId, request.query);
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
    { schema: { params: idParams, response: { 200: betSchema, 404: notFound } }, preHandler: [auth] },
    async (request, reply) => {
      const found = await findBet(ctx.db, sessionOf(request).userId, request.params.id);
      if (!found) return reply.code(404).send({ message: 'Not Found' });
      return toBet(found, locale(request));
    },
  );

  app.get(
    '/games/limits',
    { schema: { querystring: currencyQuery, response: { 200: gameLimitsReply } } },
    async (request) => {
      const currency = request.query.currency ?? (await optionalCurrency(request)) ?? 'RUB';
      const games = FAIR_GAMES.filter((game) => game !== 'cases');
      return {
        currency,
        limits: Object.fromEntries(games.map((game) => [game, getBetLimits(currency, game)])),
      };
    },
  );
};
