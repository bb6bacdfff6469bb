import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freeSpinCampaign, freeSpinsReply } from '@/lib/contracts/bonuses';
import { seedDatabase } from '../../db/seed';
import { manualClock } from '../../lib/clock';
import { client, PASSWORD, profile, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { userFreeSpins } from './schema';
import { grantFreeSpins } from './free-spins';
import { createCampaign } from './repository';

const clock = manualClock(new Date('2031-03-01T12:00:00Z'));
const { app, db } = await createTestApp({ clock, env: { RATE_LIMIT_ENABLED: 'false' } });
await seedDatabase(db);

const DAY_MS = 86_400_000;
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  client(app).request('GET', url, { token, headers });
const spinsOf = async (token: string, language = 'en') =>
  freeSpinsReply.parse((await get('/profile/freeSpins', token, { 'accept-language': language })).json()).data;
const userIdOf = async (token: string) => (await profile(app, token)).json().user.id as number;

async function grant(userId: number, campaignId: number, days: number, currency = 'RUB') {
  const result = await grantFreeSpins(db, { userId, campaignId, currency, days, now: clock() });
  expect(result.granted).toBe(true);
}

describe('GET /profile/freeSpins', () => {
  it('lists the usable spins, soonest expiry first, in the user\u2019s language; not expired or used ones', async () => {
    const { email, token } = await signUpByEmail(app);
    expect(await spinsOf(token)).toEqual([]);
    const userId = await userIdOf(token);
    await grant(userId, 1, 30);
    await grant(userId, 2, 3);
    const spins = await spinsOf(token);
    expect(spins).toEqual([
      {
        id: expect.any(Number),
        campaign_id: 2,
        name: '25 free spins in Golden Coins: Hold and Win',
        game: { id: 'golden-coins', name: 'Golden Coins: Hold and Win' },
        count: 25,
        bet: 20,
        currency: 'RUB',
        expiration_at: new Date(clock().getTime() + 3 * DAY_MS).toISOString(),
      },
      expect.objectContaining({ campaign_id: 1, count: 50, bet: 10 }),
    ]);
    expect((await spinsOf(token, 'ru'))[0].name).toBe('25 фриспинов в Golden Coins: Hold and Win');

    clock.advance(3 * DAY_MS);
    const login = await client(app).post('/api/v2/auth/login/email/password', { email, password: PASSWORD });
    const later = login.json().token as string;
    expect((await spinsOf(later)).map((s) => s.campaign_id)).toEqual([1]);
    const [expired] = await db
      .select()
      .from(userFreeSpins)
      .where(and(eq(userFreeSpins.userId, userId), eq(userFreeSpins.campaignId, 2)));
    expect(expired.status).toBe('expired');

    // Spins all played (the games of a later issue will count them down) are not listed either.
    await db
      .update(userFreeSpins)
      .set({ countLeft: 0 })
      .where(and(eq(userFreeSpins.userId, userId), eq(userFreeSpins.campaignId, 1)));
    expect(await spinsOf(later)).toEqual([]);
  });

  it('a KZT player holds spins at the tenge bet', async () => {
    const { token } = await signUpByPhone(app, { currency: 'KZT' });
    await grant(await userIdOf(token), 1, 7, 'KZT');
    expect(await spinsOf(token)).toMatchObject([{ campaign_id: 1, bet: 50, currency: 'KZT' }]);
  });

  it('requires a token', async () => {
    expect((await get('/profile/freeSpins')).statusCode).toBe(401);
  });
});

describe('GET /api/freeSpinsCampaigns/{id}', () => {
  it('describes an enabled campaign in the currency asked for, else the user\u2019s or the region\u2019s', async () => {
    const response = await get('/api/freeSpinsCampaigns/1');
    expect(response.statusCode).toBe(200);
    expect(freeSpinCampaign.parse(response.json())).toEqual({
      id: 1,
      name: '50 free spins in Aurora Wilds',
      description: expect.stringContaining('x30'),
      game: { id: 'aurora-wilds', name: 'Aurora Wilds' },
      count: 50,
      bet: 10,
      currency: 'RUB',
      wager: 30,
      ends_at: null,
    });
    expect((await get('/api/freeSpinsCampaigns/1?currency=USD')).json()).toMatchObject({
      bet: 0.1,
      currency: 'USD',
    });
    expect(
      (await get('/api/freeSpinsCampaigns/2', undefined, { 'cf-ipcountry': 'KZ' })).json(),
    ).toMatchObject({
      bet: 100,
      currency: 'KZT',
    });
    const { token } = await signUpByEmail(app, { currency: 'EUR' });
    expect((await get('/api/freeSpinsCampaigns/2', token)).json()).toMatchObject({
      bet: 0.2,
      currency: 'EUR',
    });
    expect(
      (await get('/api/freeSpinsCampaigns/1', undefined, { 'accept-language': 'kk-KZ' })).json().name,
    ).toBe('Aurora Wilds ойынында 50 фриспин');
  });

  it('404s an unknown or disabled campaign, or one without a bet in the currency; 422s a bad id', async () => {
    const disabled = await createCampaign(
      db,
      {
        nameEn: 'Off',
        gameId: 'book-of-aurum',
        gameName: 'Book of Aurum',
        count: 5,
        bet: { RUB: 100 },
        wager: 1,
        enabled: false,
      },
      clock(),
    );
    const rubOnly = await createCampaign(
      db,
      {
        nameEn: 'RUB only',
        gameId: 'book-of-aurum',
        gameName: 'Book of Aurum',
        count: 5,
        bet: { RUB: 100 },
        wager: 1,
      },
      clock(),
    );
    expect((await get(`/api/freeSpinsCampaigns/${rubOnly.id}`)).statusCode).toBe(200);
    for (const url of [
      '/api/freeSpinsCampaigns/999999',
      `/api/freeSpinsCampaigns/${disabled.id}`,
      `/api/freeSpinsCampaigns/${rubOnly.id}?currency=KZT`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Campaign not found.' });
    }
    for (const bad of ['abc', '0', '-3', '2147483648', '1e3', '1?currency=GBP']) {
      expect((await get(`/api/freeSpinsCampaigns/${bad}`)).statusCode, bad).toBe(422);
    }
  });
});

describe('PUT /api/v2/freeSpinsCampaigns/cancel/{id}', () => {
  it('gives up the user\u2019s spins of that campaign only; 404 when there are none; changes nothing else', async () => {
    const { token } = await signUpByEmail(app);
    const { token: other } = await signUpByEmail(app);
    const userId = await userIdOf(token);
    await grant(userId, 1, 7);
    await grant(await userIdOf(other), 1, 7);
    const cancel = (id: string | number, as = token) =>
      client(app).put(`/api/v2/freeSpinsCampaigns/cancel/${id}`, undefined, as);

    expect((await cancel(2)).statusCode).toBe(404);
    expect((await cancel(2)).json()).toEqual({ message: 'Free spins not found.' });
    expect((await cancel(999999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '2147483648']) expect((await cancel(bad)).statusCode, bad).toBe(422);
    expect((await client(app).put('/api/v2/freeSpinsCampaigns/cancel/1')).statusCode).toBe(401);
    expect(await spinsOf(token)).toHaveLength(1);

    const done = await cancel(1);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });
    expect(await spinsOf(token)).toEqual([]);
    expect((await cancel(1)).statusCode).toBe(404);
    // The other player's spins of the same campaign stay.
    expect(await spinsOf(other)).toHaveLength(1);

    // A new grant makes them usable again, refilled.
    await grant(userId, 1, 7);
    expect(await spinsOf(token)).toMatchObject([{ campaign_id: 1, count: 50 }]);
  });
});
