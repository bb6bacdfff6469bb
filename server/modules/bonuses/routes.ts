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
import type { Currency } from '@/lib/constants/currencies';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { cancelActivation, findWaitingActivation, listActivations } from './activations';
import { campaignFor, cancelFreeSpins, listFreeSpins } from './free-spins';
import { assertMayPlay } from '../protection/service';
import { activatePromoForPlayer, lookupBonus } from './promo-codes';
import { toActivations } from './replies';
import { accountCurrency, defaultCurrencyFor, offerCurrency, type Locale } from './rules';
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
 * pack, free spins. Texts follow Accept-Language (ru, en, kz; English otherwise). Public calls
 * (`auth: 'guest'`) use the caller's account when a valid token comes with them, and treat any other
 * caller as a guest.
 */
export const bonusRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);

  const locale = (request: FastifyRequest): Locale => request.locale ?? 'en';
  const userId = (request: FastifyRequest) => requireSession(request).userId;
  const signedIn = { config: { auth: 'required' as const } };
  const guarded = { config: { auth: 'required' as const, geoGuard: true } };
  const currency = async (request: FastifyRequest, asked: Currency | undefined) =>
    offerCurrency(asked, request.session ? await request.currentUser() : null, request.region);

  // --- registration-and-deposit bonuses ---

  app.get(
    '/bonus-system/bonus/:promo',
    {
      config: { auth: 'guest' },
      schema: { params: promoParams, querystring: bonusQuery, response: { 200: bonus } },
    },
    async (request) =>
      lookupBonus(ctx.db, {
        code: request.params.promo,
        currency: await currency(request, request.query.currency),
        region: request.region,
        locale: locale(request),
        now: ctx.clock(),
      }),
  );

  app.get(
    '/bonus-system/bonus-activation/waiting-reg-and-dep',
    { ...signedIn, schema: { response: { 200: waitingBonusReply } } },
    async (request) => {
      const now = ctx.clock();
      const row = await findWaitingActivation(ctx.db, userId(request), now);
      if (!row) return { bonus: null };
      const [view] = await toActivations(ctx.db, [row], locale(request), now);
      return { bonus: view };
    },
  );

  app.get(
    '/bonus-system/bonus-activations',
    { ...signedIn, schema: { response: { 200: bonusActivationsReply } } },
    async (request) => {
      const now = ctx.clock();
      const rows = await listActivations(ctx.db, userId(request), now);
      return { items: await toActivations(ctx.db, rows, locale(request), now) };
    },
  );

  app.post(
    '/bonus-system/bonus-activation',
    { ...guarded, schema: { body: activateBonusBody, response: { 200: activateBonusReply } } },
    async (request) => {
      const now = ctx.clock();
      const user = await request.currentUser();
      assertMayPlay(user, now);
      const row = await activatePromoForPlayer(ctx.db, {
        userId: user.id,
        currency: user.currency,
        code: request.body.promo,
        region: request.region,
        now,
      });
      const [view] = await toActivations(ctx.db, [row], locale(request), now);
      return view;
    },
  );

  app.put(
    '/bonus-system/bonus-activation/cancel/:id',
    { ...guarded, schema: { params: idParams, response: { 200: cancelBonusReply } } },
    async (request) => {
      const now = ctx.clock();
      const row = await cancelActivation(ctx.db, { userId: userId(request), id: request.params.id, now });
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
        currency: request.query.currency ?? defaultCurrencyFor(request.region),
        locale: locale(request),
        userId: null,
      }),
  );

  app.get(
    '/api/v3/welcome-pack/get-welcome-packs',
    { ...signedIn, schema: { response: { 200: welcomePackReply } } },
    async (request) => {
      const user = await request.currentUser();
      return welcomePack(ctx.db, {
        currency: accountCurrency(user),
        locale: locale(request),
        userId: user.id,
      });
    },
  );

  // --- free spins ---

  app.get(
    '/profile/freeSpins',
    { ...signedIn, schema: { response: { 200: freeSpinsReply } } },
    async (request) => ({
      data: await listFreeSpins(ctx.db, {
        userId: userId(request),
        locale: locale(request),
        now: ctx.clock(),
      }),
    }),
  );

  app.get(
    '/api/freeSpinsCampaigns/:id',
    {
      config: { auth: 'guest' },
      schema: { params: idParams, querystring: bonusQuery, response: { 200: freeSpinCampaign } },
    },
    async (request) =>
      campaignFor(ctx.db, {
        id: request.params.id,
        currency: await currency(request, request.query.currency),
        locale: locale(request),
      }),
  );

  app.put(
    '/api/v2/freeSpinsCampaigns/cancel/:id',
    { ...guarded, schema: { params: idParams, response: { 200: cancelFreeSpinsReply } } },
    async (request) => {
      const cancelled = await cancelFreeSpins(ctx.db, {
        userId: userId(request),
        campaignId: request.params.id,
        now: ctx.clock(),
      });
      if (!cancelled) throw new HttpError(404, 'Free spins not found.');
      return { success: true as const };
    },
  );
};
