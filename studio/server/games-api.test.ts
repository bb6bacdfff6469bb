/** The Games API as the operator calls it: signatures, the game list, launches, free-round rewards, tables. */
import { afterAll, describe, expect, it } from 'vitest';
import { STUDIO_CATALOGUE } from '../games/catalogue';
import { launch, operatorCall, SECRET, startTestStudio, tempDataDir } from './testing';

const studio = await startTestStudio({
  STUDIO_DATA_DIR: tempDataDir(),
  STUDIO_WALLET_URL: 'http://127.0.0.1:9/aggregator',
});
afterAll(() => studio.close());

describe('signatures', () => {
  it('refuses a call without or with a wrong signature with 401 RS_ERROR_INVALID_SIGNATURE', async () => {
    const unsigned = await studio.app.inject({
      method: 'POST',
      url: '/operator/generic/v2/game/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"operator_id":1}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ error: 'RS_ERROR_INVALID_SIGNATURE' });
    const wrong = await operatorCall(studio, 'game/list', { operator_id: 1 }, `${SECRET}-other`);
    expect(wrong).toEqual({ status: 401, body: { error: 'RS_ERROR_INVALID_SIGNATURE' } });
  });

  it('answers 400 RS_ERROR_WRONG_SYNTAX to a signed body the call does not take', async () => {
    expect(await operatorCall(studio, 'game/list', { operator: 1 })).toEqual({
      status: 400,
      body: { error: 'RS_ERROR_WRONG_SYNTAX' },
    });
  });
});

describe('game/list', () => {
  it('lists every game with its exact RTP, category and art on the public URL', async () => {
    const { status, body } = await operatorCall(studio, 'game/list', { operator_id: 1 });
    expect(status).toBe(200);
    const games = body as Record<string, unknown>[];
    expect(games.map((game) => game.game_code)).toEqual(STUDIO_CATALOGUE.map((game) => game.code));
    const fruit = games.find((game) => game.game_code === 'fruit-sevens')!;
    expect(fruit).toMatchObject({
      name: 'Fruit Sevens',
      product: 'Aurum Studio',
      category: 'classic-slots',
      url_thumb: 'http://studio.test/art/fruit-sevens/thumb.svg',
      platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
      demo_game_support: true,
      freebet_support: true,
      blocked_countries: [],
      rtp: 96.0098,
      enabled: true,
      live: false,
    });
    expect(fruit.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const roulette = games.find((game) => game.game_code === 'studio-roulette')!;
    expect(roulette).toMatchObject({
      category: 'live-roulette',
      live: true,
      freebet_support: false,
      rtp: 97.2973,
    });
  });

  it('serves each thumbnail as a cacheable SVG open to any origin', async () => {
    const response = await studio.app.inject({ method: 'GET', url: '/art/jade-ways/thumb.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toContain('Jade Ways');
  });
});

describe('game/url', () => {
  it('launches a game at /play/<id> and serves its page in the launch language, frameable', async () => {
    const id = await launch(studio, { game: 'aurora-wilds', user: 'player-1', token: 't', lang: 'kz' });
    const page = await studio.app.inject({ method: 'GET', url: `/play/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<html lang="kk">');
    expect(page.body).toContain('Айналдыру');
  });

  it('serves the page script as one bundle and the styles, both from the studio itself', async () => {
    const script = await studio.app.inject({ method: 'GET', url: '/static/play.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).not.toMatch(/\bimport\s*["'{]/);
    const styles = await studio.app.inject({ method: 'GET', url: '/static/play.css' });
    expect(styles.body).toContain('prefers-reduced-motion');
    expect(`${script.body}${styles.body}`).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('answers 404 RS_ERROR_INVALID_GAME for a game it does not have', async () => {
    const { status, body } = await operatorCall(studio, 'game/url', {
      platform: 'GPL_MOBILE',
      operator_id: 1,
      lang: 'en',
      game_code: 'no-such-game',
      currency: 'XXX',
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'RS_ERROR_INVALID_GAME' });
  });
});

describe('freebet rewards', () => {
  const reward = {
    operator_id: 1,
    user: 'player-7',
    currency: 'RUB',
    game_code: 'fruit-sevens',
    bet_count: 5,
    bet_value: 1_000_000,
    reward_uuid: 'reward-1',
  };

  it('creates a reward once: the same body answers the same, another body is a duplicate', async () => {
    const first = await operatorCall(studio, 'freebet/rewards/create', reward);
    expect(first).toEqual({
      status: 200,
      body: { reward_uuid: 'reward-1', status: 'active', bet_count_left: 5 },
    });
    expect(await operatorCall(studio, 'freebet/rewards/create', reward)).toEqual(first);
    expect(await operatorCall(studio, 'freebet/rewards/create', { ...reward, bet_count: 6 })).toEqual({
      status: 409,
      body: { error: 'RS_ERROR_DUPLICATE_TRANSACTION' },
    });
  });

  it('lists and cancels a player reward', async () => {
    const { body } = await operatorCall(studio, 'freebet/rewards/list', { operator_id: 1, user: 'player-7' });
    expect(body).toEqual([
      expect.objectContaining({ reward_uuid: 'reward-1', status: 'active', bet_count_left: 5 }),
    ]);
    expect(
      await operatorCall(studio, 'freebet/rewards/cancel', { operator_id: 1, reward_uuid: 'reward-1' }),
    ).toEqual({
      status: 200,
      body: { reward_uuid: 'reward-1', status: 'cancelled' },
    });
  });
});

describe('game/tables', () => {
  it('answers each table round with its phase, end, players and last results', async () => {
    const { status, body } = await operatorCall(studio, 'game/tables', { operator_id: 1 });
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({
        game_code: 'studio-roulette',
        phase: 'betting',
        players: 0,
        last_results: [],
      }),
      expect.objectContaining({
        game_code: 'studio-baccarat',
        phase: 'betting',
        players: 0,
        last_results: [],
      }),
    ]);
    const [roulette] = body as { ends_at: string; round_id: string }[];
    expect(Date.parse(roulette.ends_at)).toBeGreaterThan(Date.now());
  });
});
