import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  activateBonusBody,
  bonus,
  activateBonusReply,
  cancelBonusReply,
  bonusActivationsReply,
  bonusQuery,
  cancelFreeSpinsReply,
  freeSpinCampaign,
  freeSpinsReply,
  promoCode,
  waitingBonusReply,
  welcomePackReply,
} from '@/lib/contracts/bonuses';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import type { AppContext } from '../../context';
import { runTransaction } from '../../db/transaction';
import { HttpError, UnauthorizedError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { requireAuth, sessionOf } from '../auth/guard';
import { noStore } from '../auth/routes';
import { localeFromAcceptLanguage } from '../auth/templates';
import { authenticate, bearerToken } from '../auth/tokens';
import { regionOfRequest, type Region } from '../geo/service';
import { findUserById, type UserRow } from '../users/service';
import { cancelActivation, findWaitingActivation, listActivations } from './activations';
import { campaignFor, cancelFreeSpins, listFreeSpins } from './free-spins';
import { activatePromo, lookupBonus } from './promo-codes';
import { toActivations } from './replies';
import { defaultCurrencyFor, type Locale } from './rules';
import { welcomePack } from './welcome-pack';

/** A row id in the path: digits only (no `1e3`, `+1`, `0x1`), 1 to 2^31 − 1. */
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
const idParams = z.object({ id });
const promoParams = z.object({ promo: promoCode });

/**
 * The bonus calls of spec §7 (lib/contracts/bonuses.ts): promo offers and activations, the welcome
 * pack, free spins. Texts follow Accept-Language (ru, en, kz; English otherwise). Public calls use the
 * caller's account when a valid token comes with them, and treat any other caller as a guest.
 */
export const bonusRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const auth = requireAuth(ctx);
  app.addHook('onRequest', noStore);

  const locale = (request: FastifyRequest): Locale =>
    localeFromAcceptLanguage(request.headers['accept-language'], 'en');
  const region = (request: FastifyRequest): Region => regionOfRequest(request.headers, ctx.config);
  const currentUser = async (request: FastifyRequest): Promise<UserRow> => {
    const user = await findUserById(ctx.db, sessionOf(request).userId);
    if (!user) throw new UnauthorizedError();
    return user;
  };
  /** The logged-in user of a public call, or null (no token, or one that does not authenticate). */
  const optionalUser = async (request: FastifyRequest): Promise<UserRow | null> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    try {
      const session = await authenticate(ctx.db, ctx.keys.accessToken, token, ctx.clock());
      return (await findUserById(ctx.db, session.userId)) ?? null;
    } catch {
      return null;
    }
  };
  /** The query's currency, else the user's, else the region's (KZT in Kazakhstan, RUB otherwise). */
  const currencyOf = async (request: FastifyRequest, query: Currency | undefined): Promise<Currency> => {
    if (query) return query;
    const user = await optionalUser(request);
    if (user && isCurrency(user.currency)) return user.currency;
    return defaultCurrencyFor(region(request));
  };
  const userCurrency = (user: UserRow): Currency => (isCurrency(user.currency) ? user.currency : 'RUB');

  // --- registration-and-deposit bonuses ---

  app.get(
    '/bonus-system/bonus/:promo',
    { schema: { params: promoParams, querystring: bonusQuery, response: { 200: bonus } } },
    async (request) =>
      lookupBonus(ctx.db, {
        code: request.params.promo,
        currency: await currencyOf(request, request.query.currency),
        region: region(request),
        locale: locale(request),
        now: ctx.clock(),
      }),
  );

  app.get(
    '/bonus-system/bonus-activation/waiting-reg-and-dep',
    { schema: { response: { 200: waitingBonusReply } }, preHandler: [auth] },
    async (request) => {
      const now = ctx.clock();
      const row = await findWaitingActivation(ctx.db, sessionOf(request).userId, now);
      if (!row) return { bonus: null };
      const [view] = await toActivations(ctx.db, [row], locale(request), now);
      return { bonus: view };
    },
  );

  app.get(
    '/bonus-system/bonus-activations',
    { schema: { response: { 200: bonusActivationsReply } }, preHandler: [auth] },
    async (request) => {
      const now = ctx.clock();
      const rows = await listActivations(ctx.db, sessionOf(request).userId, now);
      return { items: await toActivations(ctx.db, rows, locale(request), now) };
    },
  );

  app.post(
    '/bonus-system/bonus-activation',
    {
      config: { geoGuard: true },
      schema: { body: activateBonusBody, response: { 200: activateBonusReply } },
      preHandler: [auth],
    },
    async (request) => {
      const user = await currentUser(request);
      const now = ctx.clock();
      const row = await runTransaction(ctx.db, (tx) =>
        activatePromo(tx, {
          userId: user.id,
          code: request.body.promo,
          currency: user.currency,
          region: region(request),
          now,
        }),
      );
      const [view] = await toActivations(ctx.db, [row], locale(request), now);
      return view;
    },
  );

  app.put(
    '/bonus-system/bonus-activation/cancel/:id',
    {
      config: { geoGuard: true },
      schema: { params: idParams, response: { 200: cancelBonusReply } },
      preHandler: [auth],
    },
    async (request) => {
      const now = ctx.clock();
      const row = await cancelActivation(ctx.db, {
        userId: sessionOf(request).userId,
        id: request.params.id,
        now,
      });
      const [view] = await toActivations(ctx.db, [row], locale(request), now);
      return view;
    },
  );

  // --- welcome pack ---

  app.get(
    '/api/v3/welcome-pack/get-welcome-packs-guest',
    { schema: { querystring: bonusQuery, response: { 200: welcomePackReply } } },
    async (request) =>
      welcomePack(ctx.db, {
        currency: request.query.currency ?? defaultCurrencyFor(region(request)),
        locale: locale(request),
        userId: null,
      }),
  );

  app.get(
    '/api/v3/welcome-pack/get-welcome-packs',
    { schema: { response: { 200: welcomePackReply } }, preHandler: [auth] },
    async (request) => {
      const user = await currentUser(request);
      return welcomePack(ctx.db, { currency: userCurrency(user), locale: locale(request), userId: user.id });
    },
  );

  // --- free spins ---

  app.get(
    '/profile/freeSpins',
    { schema: { response: { 200: freeSpinsReply } }, preHandler: [auth] },
    async (request) => ({
      data: await listFreeSpins(ctx.db, {
        userId: sessionOf(request).userId,
        locale: locale(request),
        now: ctx.clock(),
      }),
    }),
  );

  app.get(
    '/api/freeSpinsCampaigns/:id',
    { schema: { params: idParams, querystring: bonusQuery, response: { 200: freeSpinCampaign } } },
    async (request) =>
      campaignFor(ctx.db, {
        id: request.params.id,
        currency: await currencyOf(request, request.query.currency),
        locale: locale(request),
      }),
  );

  app.put(
    '/api/v2/freeSpinsCampaigns/cancel/:id',
    {
      config: { geoGuard: true },
      schema: { params: idParams, response: { 200: cancelFreeSpinsReply } },
      preHandler: [auth],
    },
    async (request) => {
      const cancelled = await cancelFreeSpins(ctx.db, {
        userId: sessionOf(request).userId,
        campaignId: request.params.id,
        now: ctx.clock(),
      });
      if (!cancelled) throw new HttpError(404, 'Free spins not found.');
      return { success: true as const };
    },
  );
};
