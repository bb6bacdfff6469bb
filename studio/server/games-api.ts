/**
 * The Games API the operator calls (Hub88's operator API shape; fixed contract, studio/README.md): every
 * call a signed JSON `POST` (`X-Hub88-Signature`, HMAC-SHA256 of the raw body with the shared secret).
 * A missing or wrong signature answers 401 RS_ERROR_INVALID_SIGNATURE, a body that is not what the call
 * takes 400 RS_ERROR_WRONG_SYNTAX, an unknown game 404 RS_ERROR_INVALID_GAME.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { verifyAggregatorHmac } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER } from '@/lib/contracts/aggregator';
import { STUDIO_CATALOGUE } from '../games/catalogue';
import { GAME_LOOKS } from './catalogue-meta';
import type { StudioConfig } from './config';
import { LANGUAGES, type Launches } from './launches';
import { DEMO_CURRENCY, PLAY_CURRENCIES, type PlayCurrency } from './money';
import { viewOf, type Rewards } from './rewards';
import type { Tables } from './tables';

export const PRODUCT = 'Aurum Studio';

const operatorId = z.number().int().min(0);
const user = z.string().min(1).max(64);
const gameCode = z.string().min(1).max(100);
const url = z.string().max(2_000).nullish();

const listBody = z.object({ operator_id: operatorId });
const launchBody = z.object({
  user: user.nullish(),
  token: z.string().min(1).max(200).nullish(),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  operator_id: operatorId,
  lobby_url: url,
  deposit_url: url,
  lang: z.enum(LANGUAGES),
  ip: z.string().max(64).nullish(),
  game_code: gameCode,
  currency: z.enum(PLAY_CURRENCIES),
  country: z.string().max(2).nullish(),
});
const rewardBody = z.object({
  operator_id: operatorId,
  user,
  currency: z.enum(PLAY_CURRENCIES).exclude([DEMO_CURRENCY]),
  game_code: gameCode,
  bet_count: z.number().int().min(1).max(1_000),
  bet_value: z.number().int().min(1_000).max(Number.MAX_SAFE_INTEGER),
  reward_uuid: z.string().min(1).max(100),
  start_time: z.string().datetime({ offset: true }).nullish(),
  end_time: z.string().datetime({ offset: true }).nullish(),
});
const cancelBody = z.object({ operator_id: operatorId, reward_uuid: z.string().min(1).max(100) });
const rewardListBody = z.object({ operator_id: operatorId, user });

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const known = new Set(STUDIO_CATALOGUE.map((game) => game.code));
const freebetGames = new Set(
  STUDIO_CATALOGUE.filter((game) => !game.category.startsWith('live-')).map((game) => game.code),
);

export function gameList(config: StudioConfig) {
  return STUDIO_CATALOGUE.map((game) => ({
    game_code: game.code,
    name: game.name,
    product: PRODUCT,
    category: game.category,
    url_thumb: `${config.publicUrl}/art/${game.code}/thumb.svg`,
    url_background: `${config.publicUrl}/art/${game.code}/background.svg`,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    demo_game_support: true,
    freebet_support: freebetGames.has(game.code),
    blocked_countries: [] as string[],
    rtp: Math.round(game.rtp * 1_000_000) / 10_000,
    volatility: game.volatility === 'very-high' ? 'high' : game.volatility,
    release_date: GAME_LOOKS[game.code].releaseDate,
    enabled: true,
    live: game.category.startsWith('live-'),
  }));
}

export function gamesApi(
  app: FastifyInstance,
  deps: { config: StudioConfig; launches: Launches; rewards: Rewards; tables: Tables },
): void {
  const { config, launches, rewards, tables } = deps;

  /** A signed call: signature, JSON, schema, then `run`. */
  const call =
    <S extends z.ZodType>(schema: S, run: (body: z.output<S>) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyAggregatorHmac(raw, request.headers[AGGREGATOR_SIGNATURE_HEADER], config.secret)) {
        return reply.code(401).send({ error: 'RS_ERROR_INVALID_SIGNATURE' });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'RS_ERROR_WRONG_SYNTAX' });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) return reply.code(400).send({ error: 'RS_ERROR_WRONG_SYNTAX' });
      try {
        return reply.send(run(parsed.data));
      } catch (error) {
        if (error instanceof ApiError) return reply.code(error.statusCode).send({ error: error.code });
        throw error;
      }
    };

  app.register(async (api) => {
    const keepRaw = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, body);
    api.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepRaw);
    api.addContentTypeParser('*', { parseAs: 'buffer' }, keepRaw);
    api.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    api.post(
      '/operator/generic/v2/game/list',
      call(listBody, () => gameList(config)),
    );

    api.post(
      '/operator/generic/v2/game/url',
      call(launchBody, (body) => {
        if (!known.has(body.game_code)) throw new ApiError(404, 'RS_ERROR_INVALID_GAME');
        const demo = body.currency === DEMO_CURRENCY || !body.user || !body.token;
        const launch = launches.create({
          gameCode: body.game_code,
          user: demo ? null : body.user!,
          token: demo ? null : body.token!,
          currency: body.currency as PlayCurrency,
          lang: body.lang,
          platform: body.platform,
          lobbyUrl: body.lobby_url ?? null,
          depositUrl: body.deposit_url ?? null,
          demo,
        });
        return { url: `${config.publicUrl}/play/${launch.id}` };
      }),
    );

    api.post(
      '/operator/generic/v2/freebet/rewards/create',
      call(rewardBody, (body) => {
        if (!freebetGames.has(body.game_code)) throw new ApiError(404, 'RS_ERROR_INVALID_GAME');
        const reward = rewards.create(body);
        if (reward === 'duplicate') throw new ApiError(409, 'RS_ERROR_DUPLICATE_TRANSACTION');
        return { reward_uuid: body.reward_uuid, status: reward.status, bet_count_left: reward.betCountLeft };
      }),
    );

    api.post(
      '/operator/generic/v2/freebet/rewards/cancel',
      call(cancelBody, (body) => {
        const reward = rewards.cancel(body.operator_id, body.reward_uuid);
        if (!reward) throw new ApiError(404, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        return { reward_uuid: body.reward_uuid, status: reward.status };
      }),
    );

    api.post(
      '/operator/generic/v2/freebet/rewards/list',
      call(rewardListBody, (body) => rewards.list(body.operator_id, body.user).map(viewOf)),
    );

    api.post(
      '/operator/generic/v2/game/tables',
      call(listBody, () => tables.lobby()),
    );
  });
}
