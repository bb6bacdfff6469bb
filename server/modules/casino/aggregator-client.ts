/**
 * The client of the aggregator's Games API (issue 17; Hub88's operator API shape), the calls the operator
 * makes, in the other direction than the wallet's: the game list, a game's launch URL, free rounds
 * (rewards) and the live tables' state. Every call is a POST of JSON to `STUDIO_URL` + path, signed like the
 * wallet's calls (`X-Hub88-Signature`: base64 HMAC-SHA256 of the raw body with the aggregator's secret),
 * with a time limit. Failures are an {@link AggregatorError}: `unavailable` when the aggregator cannot be
 * reached, timed out or answered 5xx (try later), `refused` when it answered 4xx (its `RS_ERROR_*` code
 * kept), `invalid` when its answer does not match the contract.
 */
import { z } from 'zod';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER } from '@/lib/contracts/aggregator';

export const AGGREGATOR_TIMEOUT_MS = 5_000;

export class AggregatorError extends Error {
  override name = 'AggregatorError';
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'invalid',
    message: string,
    /** The aggregator's error code (`RS_ERROR_...`) of a refusal. */
    readonly code?: string,
  ) {
    super(message);
  }
}

const gameListEntry = z.object({
  game_code: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  product: z.string().min(1).max(100),
  category: z.string().min(1).max(100),
  url_thumb: z.string().max(2000).nullish(),
  url_background: z.string().max(2000).nullish(),
  platforms: z.array(z.string()).default([]),
  demo_game_support: z.boolean().default(false),
  freebet_support: z.boolean().default(false),
  blocked_countries: z.array(z.string()).default([]),
  rtp: z.number().nullish(),
  volatility: z.string().nullish(),
  release_date: z.string().nullish(),
  enabled: z.boolean().default(true),
  live: z.boolean().default(false),
});
export type AggregatorGame = z.infer<typeof gameListEntry>;

const tableEntry = z.object({
  game_code: z.string(),
  round_id: z.union([z.string(), z.number()]).transform(String),
  phase: z.string(),
  ends_at: z.string().nullish(),
  players: z.number().int().min(0),
  last_results: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
});
export type AggregatorTable = z.infer<typeof tableEntry>;

const urlReply = z.object({ url: z.string().min(1) });
const rewardReply = z.object({
  reward_uuid: z.string(),
  status: z.string(),
  bet_count_left: z.number().int().optional(),
});
export type AggregatorReward = z.infer<typeof rewardReply>;

export interface LaunchRequest {
  gameCode: string;
  platform: 'desktop' | 'mobile';
  lang: string;
  lobbyUrl: string;
  depositUrl: string;
  ip: string;
  country: string | null;
  /** The player and the session token (real money); absent: demo (currency `XXX`). */
  player?: { user: string; token: string; currency: string };
}

export interface RewardRequest {
  user: string;
  currency: string;
  gameCode: string;
  betCount: number;
  /** The bet of each round in the aggregator's units. */
  betValue: number;
  rewardUuid: string;
  startTime: Date;
  endTime: Date;
}

export interface AggregatorClient {
  gameList(): Promise<AggregatorGame[]>;
  gameUrl(request: LaunchRequest): Promise<string>;
  createReward(request: RewardRequest): Promise<AggregatorReward>;
  cancelReward(rewardUuid: string): Promise<void>;
  tables(): Promise<AggregatorTable[]>;
}

const PLATFORM = { desktop: 'GPL_DESKTOP', mobile: 'GPL_MOBILE' } as const;

/** A client of the Games API at `baseUrl` (no trailing slash), signing with `secret`. */
export function aggregatorClient(options: {
  baseUrl: string;
  operatorId: number;
  secret: Buffer | string | null;
  timeoutMs?: number;
}): AggregatorClient {
  const { baseUrl, operatorId, secret } = options;
  const timeoutMs = options.timeoutMs ?? AGGREGATOR_TIMEOUT_MS;

  async function call<S extends z.ZodType>(path: string, body: object, schema: S): Promise<z.output<S>> {
    const raw = JSON.stringify({ operator_id: operatorId, ...body });
    const url = `${baseUrl}/operator/generic/v2${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { [AGGREGATOR_SIGNATURE_HEADER]: signAggregatorRequest(raw, secret) } : {}),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : `unreachable (${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)})`;
      throw new AggregatorError('unavailable', `aggregator ${path}: ${why}`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status >= 500) {
      throw new AggregatorError('unavailable', `aggregator ${path}: HTTP ${response.status}`);
    }
    if (response.status >= 400) {
      const code =
        json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string'
          ? (json as { error: string }).error
          : undefined;
      throw new AggregatorError(
        'refused',
        `aggregator ${path}: HTTP ${response.status}${code ? ` ${code}` : ''}`,
        code,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new AggregatorError('invalid', `aggregator ${path}: unexpected answer (${parsed.error.message})`);
    }
    return parsed.data;
  }

  return {
    gameList: () => call('/game/list', {}, z.array(gameListEntry)),
    async gameUrl(request) {
      const reply = await call(
        '/game/url',
        {
          ...(request.player ? { user: request.player.user, token: request.player.token } : {}),
          platform: PLATFORM[request.platform],
          lobby_url: request.lobbyUrl,
          deposit_url: request.depositUrl,
          lang: request.lang,
          ip: request.ip,
          game_code: request.gameCode,
          currency: request.player ? request.player.currency : 'XXX',
          country: request.country,
        },
        urlReply,
      );
      return reply.url;
    },
    createReward: (request) =>
      call(
        '/freebet/rewards/create',
        {
          user: request.user,
          currency: request.currency,
          game_code: request.gameCode,
          bet_count: request.betCount,
          bet_value: request.betValue,
          reward_uuid: request.rewardUuid,
          start_time: request.startTime.toISOString(),
          end_time: request.endTime.toISOString(),
        },
        rewardReply,
      ),
    async cancelReward(rewardUuid) {
      await call('/freebet/rewards/cancel', { reward_uuid: rewardUuid }, z.unknown());
    },
    tables: () => call('/game/tables', {}, z.array(tableEntry)),
  };
}
