import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import type { ApiService } from '@/lib/api/base-url';
import { isAxiosError } from '@/lib/api/errors';
import type { Bet, betReply } from '@/lib/contracts/games';
import { GAME_SERVICE, type FairGame } from '@/lib/contracts/fair-games';

/**
 * What every call of the provably fair games (lib/contracts/games.ts) goes through: the client of the
 * game's spec service (`GAME_SERVICE`); the seed pair, the bet list and the limits are on `general`.
 * Bodies are checked and replies parsed with the contract's zod schemas by each endpoint's file in this
 * folder, so a drift fails there. This file loads the contract (and zod) only with a bet's reply: a game's
 * page renders and asks for its limits without them (issue 14).
 */

export type BetReply = z.infer<typeof betReply>;
/** A bet of one game, its `outcome` narrowed. */
export type BetOf<G extends FairGame> = Extract<Bet, { game: G }>;

/** The calls a game makes, on one service's client. */
export interface GameServiceClient {
  get: (url: string, config?: AxiosRequestConfig) => Promise<AxiosResponse>;
  post: (url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse>;
  put: (url: string, data?: unknown, config?: AxiosRequestConfig) => Promise<AxiosResponse>;
}

/**
 * A service's client (lib/api/client.ts) whose code (axios and the interceptors) loads with the first
 * call, not with the game's page: the page renders and hydrates first, and every call is asynchronous
 * anyway.
 */
function lazyClient(service: ApiService): GameServiceClient {
  const client = () => import('@/lib/api/client').then(({ serviceApi }) => serviceApi[service]);
  return {
    get: (url, config) => client().then((c) => c.get(url, config)),
    post: (url, data, config) => client().then((c) => c.post(url, data, config)),
    put: (url, data, config) => client().then((c) => c.put(url, data, config)),
  };
}

export const generalApi = () => lazyClient('general');
/** The crash service's client (its fairness and history; spec section 7: `NEXT_PUBLIC_CRASH_API_URL`). */
export const crashApi = () => lazyClient('crash');
const clientOf = (game: FairGame) => lazyClient(GAME_SERVICE[game]);

/**
 * A bet body is sent again, with the same idempotency key, when the answer was lost (no response) or the
 * server failed (5xx): the server answers the first result again, so one click is never two bets.
 */
export const BET_RETRIES = 2;
const betRequestConfig: AxiosRequestConfig = { retry: BET_RETRIES };

async function postWithRetry(client: GameServiceClient, path: string, body: unknown): Promise<unknown> {
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

/**
 * A POST to any game's service (`/dice/bet`, `/miner/start`, `/hilo/{id}/guess`, `/cases/{slug}/open`,
 * ...), sent again with the same body when the answer was lost. The reply is parsed with `schema`
 * (default: a bet reply).
 */
export async function postGame<T = BetReply>(
  game: FairGame,
  path: string,
  body: unknown,
  schema?: z.ZodType<T>,
): Promise<T> {
  const reply = await postWithRetry(clientOf(game), path, body);
  const parser = schema ?? ((await import('@/lib/contracts/games')).betReply as unknown as z.ZodType<T>);
  return parser.parse(reply);
}

/**
 * A POST to the crash service (`/crash/bet`, `/crash/cashout`), sent again with the same body when the
 * answer was lost (a bet keeps its idempotency key; a second cash-out pays once), parsed with `schema`.
 */
export async function postCrash<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(await postWithRetry(crashApi(), path, body));
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

/** A bet reply of `game`, its bet narrowed; another game's bet is a contract drift. */
export function asGameReply<G extends FairGame>(game: G, reply: BetReply, what: string) {
  if (reply.bet.game !== game) throw new Error(`${what} was answered with a ${reply.bet.game} bet`);
  return reply as { bet: BetOf<G>; balance: number };
}
