/**
 * For the casino's tests: a fake aggregator speaking the Games API (aggregator-client.ts) on 127.0.0.1, a
 * real HTTP server that checks each call's signature and records it. The test sets its game list, its
 * tables and whether it is `down` (every call answered HTTP 503).
 */
import { afterAll } from 'vitest';
import { verifyAggregatorHmac } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER } from '@/lib/contracts/aggregator';
import { readBody, sendJson, startFakeServer } from '../../test/http-fake';
import type { AggregatorGame } from './aggregator-client';

export const STUDIO_SECRET = `casino-test-secret-${'y'.repeat(20)}`;

export interface StudioCall {
  path: string;
  body: Record<string, unknown>;
}

/** A game of the list as the studio describes it. */
export function listedGame(code: string, fields: Partial<AggregatorGame> = {}): AggregatorGame {
  return {
    game_code: code,
    name: code
      .split('-')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' '),
    product: 'Aurum Studio',
    category: 'video-slots',
    url_thumb: `https://cdn.studio.test/${code}/thumb.webp`,
    url_background: `https://cdn.studio.test/${code}/bg.webp`,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    demo_game_support: true,
    freebet_support: true,
    blocked_countries: [],
    rtp: 96.1,
    volatility: 'medium',
    release_date: '2025-01-01',
    enabled: true,
    live: false,
    ...fields,
  };
}

export interface FakeStudio {
  url: string;
  games: AggregatorGame[];
  calls: StudioCall[];
  /** Answer every call with HTTP 503 (the aggregator down). */
  down: boolean;
  /** Rewards created, by reward_uuid (create is idempotent). */
  rewards: Map<string, Record<string, unknown>>;
  tables: Record<string, unknown>[];
  callsTo(path: string): StudioCall[];
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port; closed after the test file. */
export async function startFakeStudio(secret = STUDIO_SECRET): Promise<FakeStudio> {
  const state: Omit<FakeStudio, 'url' | 'close' | 'callsTo'> = {
    games: [],
    calls: [],
    down: false,
    rewards: new Map(),
    tables: [],
  };
  const server = await startFakeServer(async (request, response) => {
    const raw = await readBody(request);
    const reply = (status: number, body: unknown) => sendJson(response, status, body);
    if (state.down) return reply(503, { error: 'RS_ERROR_UNKNOWN' });
    if (!verifyAggregatorHmac(raw, request.headers[AGGREGATOR_SIGNATURE_HEADER], secret)) {
      return reply(401, { error: 'RS_ERROR_INVALID_SIGNATURE' });
    }
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const path = (request.url ?? '').replace('/operator/generic/v2', '');
    state.calls.push({ path, body });
    switch (path) {
      case '/game/list':
        return reply(200, state.games);
      case '/game/url': {
        const game = state.games.find((g) => g.game_code === body.game_code);
        if (!game) return reply(404, { error: 'RS_ERROR_INVALID_GAME' });
        const demo = body.currency === 'XXX';
        const query = new URLSearchParams({
          mode: demo ? 'demo' : 'real',
          lang: String(body.lang),
          ...(demo ? {} : { token: String(body.token) }),
        });
        return reply(200, { url: `http://127.0.0.1/play/${game.game_code}?${query}` });
      }
      case '/freebet/rewards/create': {
        const uuid = String(body.reward_uuid);
        if (!state.rewards.has(uuid)) state.rewards.set(uuid, { ...body, status: 'active' });
        const reward = state.rewards.get(uuid)!;
        return reply(200, { reward_uuid: uuid, status: reward.status, bet_count_left: reward.bet_count });
      }
      case '/freebet/rewards/cancel': {
        const reward = state.rewards.get(String(body.reward_uuid));
        if (reward) reward.status = 'cancelled';
        return reply(200, { reward_uuid: body.reward_uuid, status: 'cancelled' });
      }
      case '/game/tables':
        return reply(200, state.tables);
      default:
        return reply(404, { error: 'RS_ERROR_WRONG_SYNTAX' });
    }
  });
  const fake: FakeStudio = Object.assign(state, {
    url: server.url,
    callsTo: (path: string) => state.calls.filter((call) => call.path === path),
    close: server.close,
  });
  afterAll(() => fake.close());
  return fake;
}
