/**
 * The casino lobbies through the API against a fake aggregator on 127.0.0.1 (testing.ts): the catalogue
 * synced by `npm run admin -- games sync` and edited by the operator, the listing's filters, sorts and
 * pages, the country's blocks, favourites and recently played per player, the launch in both modes, and
 * the live tables.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  casinoFiltersReply,
  casinoGameDetail,
  casinoGameListReply,
  casinoGamesReply,
  casinoLaunchReply,
  casinoTablesReply,
} from '@/lib/contracts/casino';
import { runAdmin } from '../../admin/cli';
import { client, profile, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { aggregatorSessions } from '../aggregator/schema';
import { auditLog } from '../audit/schema';
import { selfExclude } from '../protection/service';
import { casinoGames } from './schema';
import { listedGame, startFakeStudio, STUDIO_SECRET } from './testing';

const studio = await startFakeStudio();
const { app, db } = await createTestApp({
  env: { STUDIO_URL: studio.url, AGGREGATOR_SECRET: STUDIO_SECRET, RATE_LIMIT_ENABLED: 'false' },
});

beforeAll(() => {
  // `games sync` reads the configuration as the CLI does, from the environment.
  vi.stubEnv('STUDIO_URL', studio.url);
  vi.stubEnv('AGGREGATOR_SECRET', STUDIO_SECRET);
});
afterAll(() => vi.unstubAllEnvs());

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(['--operator', 'tester', ...argv], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect: async () => ({ db, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const guest = client(app);
const get = async (url: string, token?: string, headers: Record<string, string> = {}) =>
  guest.request('GET', url, { token, headers });
const games = async (query: string, token?: string, headers: Record<string, string> = {}) => {
  const response = await get(`/casino/games?${query}`, token, headers);
  expect(response.statusCode, response.body).toBe(200);
  return casinoGamesReply.parse(response.json());
};
const codes = (reply: { items: { code: string }[] }) => reply.items.map((item) => item.code);

const LAUNCH = {
  platform: 'desktop',
  lobby_url: 'http://localhost:3000/ru/games/slots',
  deposit_url: 'http://localhost:3000/ru/wallet',
} as const;

studio.games = [
  listedGame('aurora-wilds', {
    name: 'Aurora Wilds',
    release_date: '2025-03-01',
    rtp: 96.3822,
    volatility: 'high',
  }),
  listedGame('fruit-sevens', { name: 'Fruit Sevens', category: 'classic-slots', release_date: '2024-06-01' }),
  listedGame('jade-ways', { name: 'Jade Ways', category: 'ways', release_date: '2025-05-01' }),
  listedGame('golden-coins', {
    name: 'Golden Coins: Hold and Win',
    category: 'hold-and-win',
    release_date: '2024-01-01',
    demo_game_support: false,
  }),
  listedGame('zeta-blocked', { name: 'Ëlka Nights', product: 'Other Games', blocked_countries: ['KZ'] }),
  listedGame('studio-roulette', { name: 'Studio Roulette', category: 'live-roulette', live: true }),
  listedGame('studio-baccarat', { name: 'Studio Baccarat', category: 'live-baccarat', live: true }),
];

describe('npm run admin -- games', () => {
  it('syncs the aggregator’s list, keeps the operator’s fields, hides what the list drops, audits', async () => {
    const first = await admin('games', 'sync');
    expect(first, first.err).toMatchObject({ code: 0 });
    expect(first.out).toMatch(/^Synced 7 games of 2 providers: 7 added, 0 updated, 0 gone\./);

    expect((await admin('games', 'disable', 'jade-ways')).code).toBe(0);
    expect((await admin('games', 'order', 'fruit-sevens', '5')).out).toBe(
      'fruit-sevens: enabled by the operator, position 5, tags -.',
    );
    expect((await admin('games', 'tag', 'golden-coins', 'popular')).code).toBe(0);
    expect((await admin('games', 'tag', 'jade-ways', 'new')).code).toBe(0);
    expect((await admin('games', 'tag', 'jade-ways', 'hot')).code).toBe(2);
    expect((await admin('games', 'order', 'nope', '1')).code).toBe(1);

    // A second sync with a game gone and a new one: operator fields survive, the gone one is hidden.
    const saved = studio.games;
    studio.games = [...saved.filter((g) => g.game_code !== 'studio-baccarat'), listedGame('new-slot')];
    const second = await admin('games', 'sync');
    expect(second.out).toMatch(/Synced 7 games of 2 providers: 1 added, 6 updated, 1 gone\./);
    expect(second.out).toContain('Gone (hidden): studio-baccarat');
    const [jade] = await db.select().from(casinoGames).where(eq(casinoGames.code, 'jade-ways'));
    expect(jade).toMatchObject({ disabledByOperator: true, tagNew: true, listed: true });
    const [baccarat] = await db.select().from(casinoGames).where(eq(casinoGames.code, 'studio-baccarat'));
    expect(baccarat.listed).toBe(false);
    studio.games = saved.filter((g) => g.game_code !== 'studio-baccarat');
    expect((await admin('games', 'sync')).out).toContain('Gone (hidden): new-slot');

    const listed = await admin('games', 'list', '--lobby', 'live');
    expect(listed.out.split('\n')).toHaveLength(3);
    expect(listed.out).toMatch(/studio-roulette\s+Studio Roulette\s+Aurum Studio\s+live-roulette\s+live/);

    const entries = await db.select().from(auditLog).where(eq(auditLog.subjectType, 'casino_game'));
    expect(entries.map((e) => [e.action, e.subjectId])).toEqual(
      expect.arrayContaining([
        ['games.disable', 'jade-ways'],
        ['games.order', 'fruit-sevens'],
        ['games.tag', 'golden-coins'],
      ]),
    );
    expect(entries.every((e) => e.actor === 'operator:tester')).toBe(true);
  });

  it('fails clearly when the aggregator is down', async () => {
    studio.down = true;
    try {
      const sync = await admin('games', 'sync');
      expect(sync.code).toBe(1);
      expect(sync.err).toContain('aggregator /game/list: HTTP 503');
    } finally {
      studio.down = false;
    }
  });
});

describe('GET /casino/games', () => {
  it('lists the slots lobby sorted popular (tag, players this week, position) and paged', async () => {
    const slots = await games('lobby=slots');
    // jade-ways disabled, baccarat gone, new-slot gone; golden-coins tagged popular, fruit-sevens at 5.
    expect(codes(slots)).toEqual(['golden-coins', 'fruit-sevens', 'aurora-wilds', 'zeta-blocked']);
    expect(slots).toMatchObject({ total: 4, page: 1, per_page: 24 });
    expect(slots.items[2]).toEqual({
      code: 'aurora-wilds',
      name: 'Aurora Wilds',
      provider: 'aurum-studio',
      provider_name: 'Aurum Studio',
      category: 'video-slots',
      lobby: 'slots',
      thumbnail: 'https://cdn.studio.test/aurora-wilds/thumb.webp',
      background: 'https://cdn.studio.test/aurora-wilds/bg.webp',
      rtp: 96.3822,
      volatility: 'high',
      demo: true,
      tags: [],
      favourite: false,
    });
    const second = await games('lobby=slots&per_page=3&page=2');
    expect(codes(second)).toEqual(['zeta-blocked']);
    expect(second.total).toBe(4);
    expect(codes(await games('lobby=live'))).toEqual(['studio-roulette']);
  });

  it('sorts new (tag, release) and by name in the caller’s language; filters and searches', async () => {
    expect(codes(await games('lobby=slots&sort=new'))).toEqual([
      'aurora-wilds',
      'zeta-blocked',
      'fruit-sevens',
      'golden-coins',
    ]);
    expect(codes(await games('lobby=slots&sort=name', undefined, { 'accept-language': 'en' }))).toEqual([
      'aurora-wilds',
      'zeta-blocked', // Ëlka sorts with E
      'fruit-sevens',
      'golden-coins',
    ]);
    expect(codes(await games('category=classic-slots'))).toEqual(['fruit-sevens']);
    expect(codes(await games('provider=other-games'))).toEqual(['zeta-blocked']);
    expect(codes(await games('search=GOLD'))).toEqual(['golden-coins']);
    expect(codes(await games('search=%25'))).toEqual([]);
  });

  it('hides the games blocked in the caller’s country', async () => {
    const kz = await games('lobby=slots', undefined, { 'cf-ipcountry': 'KZ' });
    expect(codes(kz)).not.toContain('zeta-blocked');
    expect((await get('/casino/games/zeta-blocked', undefined, { 'cf-ipcountry': 'KZ' })).statusCode).toBe(
      404,
    );
    expect((await get('/casino/games/zeta-blocked', undefined, { 'cf-ipcountry': 'RU' })).statusCode).toBe(
      200,
    );
  });

  it('answers a bad query with 422 in the spec’s format', async () => {
    for (const query of ['lobby=tables', 'sort=rtp', 'page=0', 'per_page=500']) {
      const response = await get(`/casino/games?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it('gives the filters with counts, and one game (404 when hidden or unknown)', async () => {
    const response = await get('/casino/filters?lobby=slots');
    expect(casinoFiltersReply.parse(response.json())).toEqual({
      providers: [
        { code: 'aurum-studio', name: 'Aurum Studio', count: 3 },
        { code: 'other-games', name: 'Other Games', count: 1 },
      ],
      categories: [
        { code: 'classic-slots', name: 'classic-slots', count: 1 },
        { code: 'hold-and-win', name: 'hold-and-win', count: 1 },
        { code: 'video-slots', name: 'video-slots', count: 2 },
      ],
    });
    const one = casinoGameDetail.parse((await get('/casino/games/aurora-wilds')).json());
    expect(one).toMatchObject({
      code: 'aurora-wilds',
      platforms: ['desktop', 'mobile'],
      release_date: '2025-03-01',
      free_spins: 0,
    });
    expect((await get('/casino/games/jade-ways')).statusCode).toBe(404);
    expect((await get('/casino/games/studio-baccarat')).statusCode).toBe(404);
    expect((await get('/casino/games/nope')).statusCode).toBe(404);
  });
});

describe('favourites and recently played', () => {
  it('keeps each player’s own', async () => {
    const ann = await signUpByEmail(app);
    const bob = await signUpByEmail(app);
    expect((await guest.request('PUT', '/casino/favourites/aurora-wilds')).statusCode).toBe(401);
    expect((await guest.request('GET', '/casino/favourites')).statusCode).toBe(401);
    for (const code of ['fruit-sevens', 'aurora-wilds', 'aurora-wilds']) {
      const put = await guest.request('PUT', `/casino/favourites/${code}`, { token: ann.token });
      expect(put.json()).toEqual({ code, favourite: true });
    }
    expect(
      (await guest.request('PUT', '/casino/favourites/jade-ways', { token: ann.token })).statusCode,
    ).toBe(404);
    const list = casinoGameListReply.parse((await get('/casino/favourites', ann.token)).json());
    expect(codes(list)).toEqual(['aurora-wilds', 'fruit-sevens']);
    expect(list.items.every((item) => item.favourite)).toBe(true);
    expect(codes(casinoGameListReply.parse((await get('/casino/favourites', bob.token)).json()))).toEqual([]);
    const marked = await games('lobby=slots', ann.token);
    expect(
      marked.items
        .filter((i) => i.favourite)
        .map((i) => i.code)
        .sort(),
    ).toEqual(['aurora-wilds', 'fruit-sevens']);
    expect((await games('lobby=slots', bob.token)).items.some((i) => i.favourite)).toBe(false);
    const removed = await app.inject({
      method: 'DELETE',
      url: '/casino/favourites/fruit-sevens',
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(removed.json()).toEqual({ code: 'fruit-sevens', favourite: false });
    expect(codes(casinoGameListReply.parse((await get('/casino/favourites', ann.token)).json()))).toEqual([
      'aurora-wilds',
    ]);

    // Recently played: launches, last first; a week's players make a game popular.
    for (const code of ['fruit-sevens', 'aurora-wilds', 'studio-roulette']) {
      const launched = await guest.request('POST', '/casino/launch', {
        token: bob.token,
        body: { ...LAUNCH, game_code: code, mode: 'demo' },
      });
      expect(launched.statusCode, launched.body).toBe(200);
    }
    expect(codes(casinoGameListReply.parse((await get('/casino/recent', bob.token)).json()))).toEqual([
      'studio-roulette',
      'aurora-wilds',
      'fruit-sevens',
    ]);
    expect(codes(casinoGameListReply.parse((await get('/casino/recent', ann.token)).json()))).toEqual([]);
    expect((await get('/casino/recent')).statusCode).toBe(401);
    // aurora-wilds and fruit-sevens have one player this week; the popular tag still comes first.
    expect(codes(await games('lobby=slots'))).toEqual([
      'golden-coins',
      'fruit-sevens',
      'aurora-wilds',
      'zeta-blocked',
    ]);
  });
});

describe('POST /casino/launch', () => {
  it('launches real money for a player: a wallet session of the game and currency, the locale and country', async () => {
    const player = await signUpByEmail(app, { currency: 'KZT' });
    const response = await guest.request('POST', '/casino/launch', {
      token: player.token,
      body: { ...LAUNCH, game_code: 'aurora-wilds', mode: 'real', platform: 'mobile' },
      headers: { 'accept-language': 'kk-KZ,kk;q=0.9', 'cf-ipcountry': 'KZ' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = casinoLaunchReply.parse(response.json());
    expect(reply.mode).toBe('real');
    const call = studio.callsTo('/game/url').at(-1)!;
    expect(call.body).toMatchObject({
      operator_id: 1,
      game_code: 'aurora-wilds',
      currency: 'KZT',
      platform: 'GPL_MOBILE',
      lang: 'kz',
      country: 'KZ',
      ip: guest.ip,
      lobby_url: LAUNCH.lobby_url,
      deposit_url: LAUNCH.deposit_url,
    });
    expect(call.body.user).toMatch(/^player-\d+$/);
    expect(reply.url).toContain(`token=${String(call.body.token)}`);
    const userId = Number(String(call.body.user).slice('player-'.length));
    const sessions = await db.select().from(aggregatorSessions).where(eq(aggregatorSessions.userId, userId));
    expect(sessions).toMatchObject([{ gameCode: 'aurora-wilds', currency: 'KZT', country: 'KZ' }]);
  });

  it('launches a demo for a guest (currency XXX, no player), not for a game without one', async () => {
    const response = await guest.request('POST', '/casino/launch', {
      body: { ...LAUNCH, game_code: 'fruit-sevens', mode: 'demo' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ url: expect.stringContaining('mode=demo'), mode: 'demo' });
    const call = studio.callsTo('/game/url').at(-1)!;
    expect(call.body).toMatchObject({ currency: 'XXX', lang: 'ru' });
    expect(call.body).not.toHaveProperty('user');
    expect(call.body).not.toHaveProperty('token');
    const none = await guest.request('POST', '/casino/launch', {
      body: { ...LAUNCH, game_code: 'golden-coins', mode: 'demo' },
    });
    expect(none.statusCode).toBe(422);
  });

  it('refuses real money to a guest (401), a self-excluded player (403), hidden games (404), bad URLs (422)', async () => {
    const real = { ...LAUNCH, game_code: 'aurora-wilds', mode: 'real' };
    expect((await guest.request('POST', '/casino/launch', { body: real })).statusCode).toBe(401);
    const player = await signUpByEmail(app);
    const id = (await profile(app, player.token)).json().user.id as number;
    await selfExclude(db, { userId: id, days: 7, now: new Date() });
    const excluded = await guest.request('POST', '/casino/launch', { token: player.token, body: real });
    expect(excluded.statusCode).toBe(403);
    const other = await signUpByEmail(app);
    const hidden = await guest.request('POST', '/casino/launch', {
      token: other.token,
      body: { ...real, game_code: 'jade-ways' },
    });
    expect(hidden.statusCode).toBe(404);
    for (const url of ['javascript:alert(1)', 'ftp://x.test/', 'not a url']) {
      const bad = await guest.request('POST', '/casino/launch', {
        token: other.token,
        body: { ...real, lobby_url: url },
      });
      expect(bad.statusCode, url).toBe(422);
    }
  });

  it('answers 503 with a clear message while the aggregator is down', async () => {
    studio.down = true;
    try {
      const response = await guest.request('POST', '/casino/launch', {
        body: { ...LAUNCH, game_code: 'fruit-sevens', mode: 'demo' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/game provider is not available/);
    } finally {
      studio.down = false;
    }
  });
});

describe('GET /casino/tables', () => {
  it('gives the live tables’ state, cached about 2 s; nothing and available false while the aggregator is down', async () => {
    studio.tables = [
      {
        game_code: 'studio-roulette',
        round_id: 'r-1',
        phase: 'betting',
        ends_at: '2030-01-01T00:00:00.000Z',
        players: 3,
        last_results: ['17', '0'],
      },
    ];
    const first = casinoTablesReply.parse((await get('/casino/tables')).json());
    expect(first).toEqual({ available: true, items: [{ ...studio.tables[0] }] });
    const before = studio.callsTo('/game/tables').length;
    await get('/casino/tables');
    expect(studio.callsTo('/game/tables')).toHaveLength(before);
  });
});
