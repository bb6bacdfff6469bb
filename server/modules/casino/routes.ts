import { z } from 'zod';
import {
  casinoFavouriteReply,
  casinoFiltersQuery,
  casinoFiltersReply,
  casinoGameDetail,
  casinoGameListReply,
  casinoGameParams,
  casinoGamesQuery,
  casinoGamesReply,
  casinoLaunchBody,
  casinoLaunchReply,
  casinoTablesReply,
} from '@/lib/contracts/casino';
import { isCurrency } from '@/lib/constants/currencies';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';
import { DEFAULT_MESSAGE_LOCALE } from '../../lib/locale';
import { countryFromHeader } from '../../lib/region';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { assertMayPlay } from '../protection/service';
import type { AggregatorClient } from './aggregator-client';
import { favourites, filters, gameDetail, launch, listGames, recent, setFavourite } from './service';
import { tablesCache } from './tables';

/**
 * The lobbies' calls (lib/contracts/casino.ts; rules in service.ts): the catalogue, one game, the filters,
 * favourites and recently played (signed in), the launch (geo-guarded: it starts play) and the live
 * tables. Answers depend on the caller (country, favourites), so none is cached.
 */
export const casinoRoutes: RoutePlugin<AppContext & { aggregator: AggregatorClient }> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  const countryOf = (request: FastifyRequest) =>
    countryFromHeader(request.headers[ctx.config.geoCountryHeader], ctx.config.geoDefaultCountry);
  const tables = tablesCache(ctx.aggregator, ctx.clock, (error) =>
    app.log.warn({ err: error }, 'casino: the live tables are not available'),
  );

  app.get(
    '/casino/games',
    {
      config: { auth: 'guest' },
      schema: { querystring: casinoGamesQuery, response: { 200: casinoGamesReply } },
    },
    async (request) =>
      listGames(ctx.db, {
        query: request.query,
        country: countryOf(request),
        userId: request.session ? (await request.currentUser()).id : null,
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        now: ctx.clock(),
      }),
  );

  app.get(
    '/casino/games/:code',
    {
      config: { auth: 'guest' },
      schema: { params: casinoGameParams, response: { 200: casinoGameDetail } },
    },
    async (request) =>
      gameDetail(ctx.db, {
        code: request.params.code,
        country: countryOf(request),
        userId: request.session ? (await request.currentUser()).id : null,
        now: ctx.clock(),
      }),
  );

  app.get(
    '/casino/filters',
    { schema: { querystring: casinoFiltersQuery, response: { 200: casinoFiltersReply } } },
    async (request) =>
      filters(ctx.db, { lobby: request.query.lobby, country: countryOf(request), now: ctx.clock() }),
  );

  app.get(
    '/casino/favourites',
    { config: { auth: 'required' }, schema: { response: { 200: casinoGameListReply } } },
    async (request) => ({
      items: await favourites(ctx.db, (await request.currentUser()).id, countryOf(request)),
    }),
  );

  for (const [method, favourite] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/casino/favourites/:code',
      config: { auth: 'required' },
      schema: { params: casinoGameParams, response: { 200: casinoFavouriteReply } },
      handler: async (request) => {
        await setFavourite(ctx.db, {
          userId: (await request.currentUser()).id,
          code: request.params.code,
          favourite,
          country: countryOf(request),
          now: ctx.clock(),
        });
        return { code: request.params.code, favourite };
      },
    });
  }

  app.get(
    '/casino/recent',
    { config: { auth: 'required' }, schema: { response: { 200: casinoGameListReply } } },
    async (request) => ({
      items: await recent(ctx.db, (await request.currentUser()).id, countryOf(request)),
    }),
  );

  app.post(
    '/casino/launch',
    {
      config: { auth: 'optional', geoGuard: true },
      schema: { body: casinoLaunchBody, response: { 200: casinoLaunchReply } },
    },
    async (request) => {
      const now = ctx.clock();
      let player = null;
      if (request.session) {
        const user = await request.currentUser();
        if (request.body.mode === 'real') {
          assertMayPlay(user, now);
          if (!isCurrency(user.currency)) throw new UnauthorizedError();
        }
        player = {
          userId: user.id,
          currency: isCurrency(user.currency) ? user.currency : ('RUB' as const),
          sessionStartedAt: requireSession(request).family.createdAt,
        };
      }
      return launch(ctx.db, ctx.aggregator, {
        body: request.body,
        player,
        country: countryOf(request),
        ip: request.ip,
        lang: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        now,
      });
    },
  );

  app.get(
    '/casino/tables',
    { schema: { querystring: z.object({}), response: { 200: casinoTablesReply } } },
    async () => tables(),
  );
};
