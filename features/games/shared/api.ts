import { isAxiosError, type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { serviceApi } from '@/lib/api/client';
import type { Currency } from '@/lib/constants/currencies';
import {
  bet,
  betReply,
  betsReply,
  changeClientSeedBody,
  coinflipBetBody,
  diceBetBody,
  GAME_SERVICE,
  gameLimitsReply,
  kenoBetBody,
  rotateSeedBody,
  rotateSeedReply,
  rouletteBetBody,
  seedPair,
  type Bet,
  type FairGame,
  type SeedPair,
} from '@/lib/contracts/games';

/**
 * Typed calls of the provably fair games (lib/contracts/games.ts). Each call goes through the client of
 * the game's spec service (`GAME_SERVICE`); the seed pair, the bet list and the limits are on `general`.
 * Bodies are checked and replies parsed with the contract's zod schemas, so a drift fails here.
 */

export type BetReply = z.infer<typeof betReply>;
export type BetsReply = z.infer<typeof betsReply>;
export type GameLimitsReply = z.infer<typeof gameLimitsReply>;
export type RotateSeedReply = z.infer<typeof rotateSeedReply>;
/** A bet of one game, its `outcome` narrowed. */
export type BetOf<G extends FairGame> = Extract<Bet, { game: G }>;

export const INSTANT_GAMES = ['dice', 'coinflip', 'keno', 'roulette'] as const;
export type InstantGame = (typeof INSTANT_GAMES)[number];

const instantBodies = {
  dice: diceBetBody,
  coinflip: coinflipBetBody,
  keno: kenoBetBody,
  roulette: rouletteBetBody,
} as const;
export type InstantBetBody<G extends InstantGame> = z.input<(typeof instantBodies)[G]>;

const general = () => serviceApi.general;
const clientOf = (game: FairGame) => serviceApi[GAME_SERVICE[game]];

/**
 * A bet body is sent again, with the same idempotency key, when the answer was lost (no response) or the
 * server failed (5xx): the server answers the first result again, so one click is never two bets.
 */
export const BET_RETRIES = 2;
const betRequestConfig: AxiosRequestConfig = { retry: BET_RETRIES };

async function postWithRetry(game: FairGame, path: string, body: unknown): Promise<unknown> {
  const client = clientOf(game);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await client.post(path, body, betRequestConfig);
      return response.data;
    } catch (error) {
      const lost = isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';
      if (!lost || attempt >= BET_RETRIES) throw error;
    }
  }
}

/** `GET /fair/seed`: the active pair (created on first use); the nonce is the next bet's. */
export const getSeedPair = (): Promise<SeedPair> =>
  general()
    .get('/fair/seed')
    .then((response) => seedPair.parse(response.data));

/** `PUT /fair/seed/client`: a new client seed for the active pair (422 with an open miner/hilo round). */
export const changeClientSeed = (client_seed: string): Promise<SeedPair> =>
  general()
    .put('/fair/seed/client', changeClientSeedBody.parse({ client_seed }))
    .then((response) => seedPair.parse(response.data));

/** `POST /fair/seed/rotate`: reveals the active server seed and starts a new pair. */
export const rotateSeed = (client_seed?: string): Promise<RotateSeedReply> =>
  general()
    .post('/fair/seed/rotate', rotateSeedBody.parse(client_seed === undefined ? {} : { client_seed }))
    .then((response) => rotateSeedReply.parse(response.data));

/** `GET /games/bets`: the user's bets, newest first. */
export const listBets = (query: { game?: FairGame; page?: number; per_page?: number } = {}): Promise<BetsReply> =>
  general()
    .get('/games/bets', { params: query })
    .then((response) => betsReply.parse(response.data));

/** `GET /games/bets/{id}`: one of the user's bets. */
export const getBet = (id: number): Promise<Bet> =>
  general()
    .get(`/games/bets/${id}`)
    .then((response) => bet.parse(response.data));

/** `GET /games/limits?currency=` (public): the bet range of every game in a currency. */
export const getGameLimits = (currency: Currency): Promise<GameLimitsReply> =>
  general()
    .get('/games/limits', { params: { currency } })
    .then((response) => gameLimitsReply.parse(response.data));

/** `POST /{game}/bet` of an instant game: one bet, settled at once; the reply carries the new balance. */
export async function placeInstantBet<G extends InstantGame>(
  game: G,
  body: InstantBetBody<G>,
): Promise<{ bet: BetOf<G>; balance: number }> {
  const checked = instantBodies[game].parse(body);
  const reply = betReply.parse(await postWithRetry(game, `/${game}/bet`, checked));
  if (reply.bet.game !== game) throw new Error(`The ${game} bet was answered with a ${reply.bet.game} bet`);
  return reply as { bet: BetOf<G>; balance: number };
}

/**
 * A POST to any game's service (`/miner/start`, `/hilo/{id}/guess`, `/cases/{slug}/open`, ...), sent
 * again with the same body when the answer was lost. The reply is parsed with `schema` (default: a bet
 * reply).
 */
export async function postGame<T = BetReply>(
  game: FairGame,
  path: string,
  body: unknown,
  schema: z.ZodType<T> = betReply as unknown as z.ZodType<T>,
): Promise<T> {
  return schema.parse(await postWithRetry(game, path, body));
}

/** A GET from any game's service (`/miner/active`, `/cases?currency=`, ...), parsed with `schema`. */
export const getGame = <T>(
  game: FairGame,
  path: string,
  schema: z.ZodType<T>,
  params?: Record<string, unknown>,
): Promise<T> =>
  clientOf(game)
    .get(path, { params })
    .then((response) => schema.parse(response.data));
