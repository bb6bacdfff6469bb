import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

const { app } = await createTestApp();

const GAME_CALLS = [
  ['get', '/fair/seed'],
  ['put', '/fair/seed/client'],
  ['post', '/fair/seed/rotate'],
  ['post', '/dice/bet'],
  ['post', '/coinflip/bet'],
  ['post', '/keno/bet'],
  ['post', '/roulette/bet'],
  ['get', '/cases'],
  ['get', '/cases/{slug}'],
  ['post', '/cases/{slug}/open'],
  ['post', '/hilo/start'],
  ['post', '/hilo/{id}/guess'],
  ['post', '/hilo/{id}/cashout'],
  ['get', '/hilo/active'],
  ['post', '/miner/start'],
  ['post', '/miner/{id}/reveal'],
  ['post', '/miner/{id}/cashout'],
  ['get', '/miner/active'],
  ['get', '/games/bets'],
  ['get', '/games/bets/{id}'],
  ['get', '/games/limits'],
] as const;

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every game call with schemas from the contracts', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [method, path] of GAME_CALLS) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const dice = doc.paths['/dice/bet'].post;
    expect(dice['x-service']).toBe('dice');
    const body = dice.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['amount', 'target', 'direction', 'idempotency_key']),
    );
    expect(body.properties.direction.enum).toEqual(['over', 'under']);
    const reply = dice.responses['200'].content['application/json'].schema;
    expect(reply.properties.bet.oneOf ?? reply.properties.bet.anyOf).toHaveLength(7);
    expect(doc.paths['/hilo/start'].post['x-service']).toBe('general');
    expect(doc.paths['/games/bets/{id}'].get.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(doc.paths['/games/bets'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'game',
      'page',
      'per_page',
    ]);
    // The routes of the other modules are listed too.
    expect(doc.paths['/profile/history'].get).toBeDefined();
    expect(doc.paths['/api/v2/auth/register/email'].post.requestBody).toBeDefined();
  });

  it('lists the casino lobbies’ calls under the general service', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [method, path] of [
      ['get', '/casino/games'],
      ['get', '/casino/games/{code}'],
      ['get', '/casino/filters'],
      ['get', '/casino/favourites'],
      ['put', '/casino/favourites/{code}'],
      ['delete', '/casino/favourites/{code}'],
      ['get', '/casino/recent'],
      ['post', '/casino/launch'],
      ['get', '/casino/tables'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.['x-service'], `${method} ${path}`).toBe('general');
    }
    const launch = doc.paths['/casino/launch'].post.requestBody.content['application/json'].schema;
    expect(launch.properties.mode.enum).toEqual(['real', 'demo']);
  });
});
