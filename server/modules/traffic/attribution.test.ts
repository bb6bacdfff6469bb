import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, sealedFingerprint, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { adClicks, clientReports, pageOpenEvents, trafficVisits, userAttribution } from './schema';
import { ATTRIBUTION_RULES } from './routes';
import { upsertUtmCampaign } from './ad-clicks';

const { app, db } = await createTestApp();

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0';

const post = (url: string, body: unknown, options: { ip?: string; token?: string; ua?: string } = {}) =>
  client(app, options.ip).request('POST', url, {
    body,
    token: options.token,
    headers: { 'user-agent': options.ua ?? UA },
  });

const counts = async () => ({
  visits: await db.$count(trafficVisits),
  reports: await db.$count(clientReports),
  attributions: await db.$count(userAttribution),
  clicks: await db.$count(adClicks),
  pageOpens: await db.$count(pageOpenEvents),
});

/** Runs `act` and checks it answered 422 with errors on exactly `fields`, storing nothing. */
async function expectRefused(
  act: () => Promise<{ statusCode: number; body: string; json(): unknown }>,
  fields: string[],
) {
  const before = await counts();
  const response = await act();
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { message: string; errors: Record<string, string[]> };
  expect(body.message).toEqual(expect.any(String));
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const messages of Object.values(body.errors)) {
    for (const message of messages) expect(message).toMatch(/^[a-z_]+: /);
  }
  expect(await counts()).toEqual(before);
  return body;
}

describe('POST /middleware/affiliate', () => {
  it('stores the whole query and the extracted attribution, and answers only { ok: true }', async () => {
    const params = {
      stag: 'aff-77_1',
      partner: 'p-9',
      adplace: 'header',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'casino',
      subH: 'sub-1',
      gclid: 'abc',
    };
    const response = await post('/middleware/affiliate', params, { ip: '203.0.113.10' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');

    const [visit] = await db.select().from(trafficVisits).where(eq(trafficVisits.stag, 'aff-77_1'));
    expect(visit).toMatchObject({
      params,
      stag: 'aff-77_1',
      partner: 'p-9',
      adplace: 'header',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: 'casino',
      subH: 'sub-1',
      ip: '203.0.113.10',
      userAgent: UA,
    });
  });

  it('reads partnerId as the partner, and stores a visit without attribution as such', async () => {
    await post('/middleware/affiliate', { partnerId: 'p-alias', stag: '  ' });
    const [visit] = await db.select().from(trafficVisits).where(eq(trafficVisits.partner, 'p-alias'));
    expect(visit).toMatchObject({
      stag: null,
      partner: 'p-alias',
      params: { partnerId: 'p-alias', stag: '  ' },
    });
  });

  it('refuses non-string values, too long values or names, too many parameters, and non-objects', async () => {
    await expectRefused(() => post('/middleware/affiliate', { stag: 42 }), ['stag']);
    await expectRefused(() => post('/middleware/affiliate', { stag: ['a', 'b'] }), ['stag']);
    await expectRefused(() => post('/middleware/affiliate', { stag: 'x'.repeat(513) }), ['stag']);
    await expectRefused(() => post('/middleware/affiliate', { ['k'.repeat(65)]: 'v' }), ['k'.repeat(64)]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, 'v']));
    await expectRefused(() => post('/middleware/affiliate', many), ['body']);
    await expectRefused(() => post('/middleware/affiliate', ['stag']), ['body']);
  });
});

describe('POST /middleware/ip', () => {
  it("answers the client's IP and stores the report, tied to the user when a token authenticates", async () => {
    const guest = await post(
      '/middleware/ip',
      { host: 'aurum.example', userAgent: UA },
      { ip: '198.51.100.4' },
    );
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json()).toEqual({ ip: '198.51.100.4' });

    const { token } = await signUpByEmail(app);
    const signedIn = await post(
      '/middleware/ip',
      { host: 'www.aurum.example', userAgent: 'UA 2' },
      {
        ip: '198.51.100.5',
        token,
      },
    );
    expect(signedIn.json()).toEqual({ ip: '198.51.100.5' });
    // A bad token is no error here: the report is stored without a user.
    const badToken = await post(
      '/middleware/ip',
      { host: 'aurum.example', userAgent: 'UA 3' },
      {
        ip: '198.51.100.6',
        token: 'not-a-token',
      },
    );
    expect(badToken.statusCode).toBe(200);

    // Its own reports only: the per-IP ceiling tests store theirs from other addresses.
    const rows = await db
      .select()
      .from(clientReports)
      .where(inArray(clientReports.ip, ['198.51.100.4', '198.51.100.5', '198.51.100.6']))
      .orderBy(clientReports.id);
    expect(rows.map(({ host, userAgent, ip, userId }) => ({ host, userAgent, ip, userId }))).toEqual([
      { host: 'aurum.example', userAgent: UA, ip: '198.51.100.4', userId: null },
      { host: 'www.aurum.example', userAgent: 'UA 2', ip: '198.51.100.5', userId: expect.any(Number) },
      { host: 'aurum.example', userAgent: 'UA 3', ip: '198.51.100.6', userId: null },
    ]);
  });

  it('refuses a missing host or user agent', async () => {
    await expectRefused(() => post('/middleware/ip', { userAgent: UA }), ['host']);
    await expectRefused(() => post('/middleware/ip', { host: 'aurum.example' }), ['userAgent']);
    await expectRefused(
      () => post('/middleware/ip', { host: '', userAgent: 'x'.repeat(1025) }),
      ['host', 'userAgent'],
    );
  });
});

const NO_SOURCE = {
  stag: null,
  promo: null,
  partnerId: null,
  advId: null,
  advertiseUid: null,
  advertiseSource: null,
  cpaOneUid: null,
  prHash: null,
};

describe('POST /attachSource', () => {
  it('answers 401 to guests, whatever the body, and stores nothing', async () => {
    const before = await counts();
    for (const body of [NO_SOURCE, { stag: 42 }]) {
      const response = await post('/attachSource', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect((await post('/attachSource', NO_SOURCE, { token: 'garbage' })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('attaches the source to the user, first touch per field', async () => {
    const { token } = await signUpByEmail(app);
    const first = await post(
      '/attachSource',
      { ...NO_SOURCE, stag: 'stag-A', partnerId: 'P1', prHash: 'pr-1', advertiseUid: '' },
      { token },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true });

    const second = await post(
      '/attachSource',
      {
        ...NO_SOURCE,
        stag: 'stag-B',
        promo: 'WELCOME100',
        advId: 'adv-1',
        advertiseUid: 'uid-1',
        advertiseSource: 'cpa-net',
        cpaOneUid: 'cpa-1',
      },
      { token },
    );
    expect(second.statusCode).toBe(200);
    // Only some keys: the absent ones count as null and change nothing.
    expect((await post('/attachSource', { promo: 'OTHER' }, { token })).statusCode).toBe(200);

    const rows = await db.select().from(userAttribution);
    const row = rows.find((r) => r.stag === 'stag-A');
    expect(row).toMatchObject({
      stag: 'stag-A', // kept: set first
      promo: 'WELCOME100', // was null, filled by the second call; OTHER came later
      partnerId: 'P1', // the second call's null did not clear it
      advId: 'adv-1',
      advertiseUid: 'uid-1', // the first call's empty string counted as absent
      advertiseSource: 'cpa-net',
      cpaOneUid: 'cpa-1',
      prHash: 'pr-1',
    });
  });

  it('refuses values that are not strings or are too long, changing nothing', async () => {
    const { token } = await signUpByEmail(app);
    await post('/attachSource', { ...NO_SOURCE, stag: 'kept' }, { token });
    await expectRefused(
      () => post('/attachSource', { ...NO_SOURCE, stag: 'x'.repeat(513) }, { token }),
      ['stag'],
    );
    await expectRefused(
      () => post('/attachSource', { ...NO_SOURCE, promo: 7, prHash: { a: 1 } }, { token }),
      ['promo', 'prHash'],
    );
    const [row] = await db.select().from(userAttribution).where(eq(userAttribution.stag, 'kept'));
    expect(row).toMatchObject({ ...NO_SOURCE, stag: 'kept' });
  });
});

const UTM = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'Spring-2031', utm_term: 'slots' };

describe('POST /middleware/utm', () => {
  it("creates a click with a fresh advId and answers the matching campaign's promo", async () => {
    await upsertUtmCampaign(
      db,
      { utmSource: 'Google', utmCampaign: 'spring-2031', promoType: 'bonus_percent', promoValue: 50 },
      new Date(),
    );
    const response = await post('/middleware/utm', { ...UTM, gclid: 'g-1' }, { ip: '192.0.2.1' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply).toEqual({
      advId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      promo: { type: 'bonus_percent', value: 50 },
    });

    const [click] = await db.select().from(adClicks).where(eq(adClicks.advId, reply.advId));
    expect(click).toMatchObject({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'Spring-2031',
      utmTerm: 'slots',
      params: { ...UTM, gclid: 'g-1' },
      campaignId: expect.any(Number),
      ip: '192.0.2.1',
      userAgent: UA,
    });
  });

  it('answers promo null when no campaign matches, and a string promo for a promo-code campaign', async () => {
    const none = await post('/middleware/utm', { ...UTM, utm_campaign: 'autumn' });
    expect(none.json()).toEqual({ advId: expect.any(String), promo: null });

    await upsertUtmCampaign(
      db,
      { utmSource: 'fb', utmCampaign: 'codes', promoType: 'promo_code', promoValue: 'WELCOME100' },
      new Date(),
    );
    const code = await post('/middleware/utm', { ...UTM, utm_source: 'FB', utm_campaign: 'Codes' });
    expect(code.json().promo).toEqual({ type: 'promo_code', value: 'WELCOME100' });
  });

  it('returns the same click to the same visitor repeating the call, a new one to anyone else', async () => {
    const body = { ...UTM, utm_term: 'repeat' };
    const first = (await post('/middleware/utm', body, { ip: '192.0.2.50' })).json().advId;
    const again = (await post('/middleware/utm', body, { ip: '192.0.2.50' })).json().advId;
    const otherIp = (await post('/middleware/utm', body, { ip: '192.0.2.51' })).json().advId;
    const otherAgent = (await post('/middleware/utm', body, { ip: '192.0.2.50', ua: 'Other/2' })).json()
      .advId;
    expect(again).toBe(first);
    expect(new Set([first, otherIp, otherAgent]).size).toBe(3);
    expect(await db.$count(adClicks, eq(adClicks.utmTerm, 'repeat'))).toBe(3);
  });

  it('answers 422 naming each missing UTM parameter, and creates no click', async () => {
    for (const missing of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'] as const) {
      const { [missing]: _dropped, ...rest } = UTM;
      const body = await expectRefused(() => post('/middleware/utm', { ...rest, gclid: 'x' }), [missing]);
      expect(body.errors[missing]).toEqual([`required: The ${missing.replace('_', ' ')} field is required.`]);
      await expectRefused(() => post('/middleware/utm', { ...UTM, [missing]: ' ' }), [missing]);
    }
    const none = await expectRefused(
      () => post('/middleware/utm', {}),
      ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'],
    );
    expect(none.message).toBe('The utm source field is required. (and 3 more errors)');
    await expectRefused(() => post('/middleware/utm', { ...UTM, extra: 5 }), ['extra']);
  });
});

describe('POST /middleware/registerPageOpenEvent', () => {
  it('stores the event and answers { ok: true }', async () => {
    const fingerprint = '1'.repeat(64);
    const response = await post(
      '/middleware/registerPageOpenEvent',
      {
        subH: 'sub-42',
        uuid: await sealedFingerprint(app, fingerprint),
        click_url: 'https://aurum.example/?subH=sub-42',
      },
      { ip: '192.0.2.77' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await post('/middleware/registerPageOpenEvent', { subH: 'sub-43', uuid: null })).toMatchObject({
      statusCode: 200,
    });
    // A uuid that is not a seal to this API's key (plain, or tampered) is kept as nothing.
    expect(await post('/middleware/registerPageOpenEvent', { subH: 'sub-44', uuid: 'fp-1' })).toMatchObject({
      statusCode: 200,
    });
    const rows = await db
      .select()
      .from(pageOpenEvents)
      .where(inArray(pageOpenEvents.subH, ['sub-42', 'sub-43', 'sub-44']))
      .orderBy(pageOpenEvents.id);
    expect(rows.map(({ subH, uuid, clickUrl, ip }) => ({ subH, uuid, clickUrl, ip }))).toEqual([
      { subH: 'sub-42', uuid: fingerprint, clickUrl: 'https://aurum.example/?subH=sub-42', ip: '192.0.2.77' },
      { subH: 'sub-43', uuid: null, clickUrl: null, ip: expect.any(String) },
      { subH: 'sub-44', uuid: null, clickUrl: null, ip: expect.any(String) },
    ]);
  });

  it('answers 422 when subH is missing or empty', async () => {
    const body = await expectRefused(
      () => post('/middleware/registerPageOpenEvent', { uuid: 'fp', click_url: 'https://x.example' }),
      ['subH'],
    );
    expect(body.errors.subH).toEqual(['required: The sub h field is required.']);
    await expectRefused(() => post('/middleware/registerPageOpenEvent', { subH: '' }), ['subH']);
    await expectRefused(() => post('/middleware/registerPageOpenEvent', { subH: 's', uuid: 5 }), ['uuid']);
  });
});

describe('per-IP ceilings of the attribution writes', () => {
  const calls = {
    affiliate: ['/middleware/affiliate', { stag: 'flood' }],
    clientReport: ['/middleware/ip', { host: 'aurum.example', userAgent: UA }],
    utm: ['/middleware/utm', { utm_source: 'a', utm_medium: 'b', utm_campaign: 'c', utm_term: 'd' }],
    pageOpen: [
      '/middleware/registerPageOpenEvent',
      { subH: 'flood', uuid: null, click_url: 'https://a.example/' },
    ],
  } as const;

  for (const [name, [url, body]] of Object.entries(calls)) {
    it(`answers 429 to ${url} beyond ${ATTRIBUTION_RULES[name as keyof typeof calls].max} a minute from one address, storing nothing more`, async () => {
      const { max } = ATTRIBUTION_RULES[name as keyof typeof calls];
      const ip = `198.51.100.${Object.keys(calls).indexOf(name) + 1}`;
      const statuses = [];
      for (let i = 0; i < max; i += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, () => post(url, body, { ip })));
        statuses.push(...batch.map((response) => response.statusCode));
      }
      expect(statuses.every((status) => status === 200)).toBe(true);

      const before = await counts();
      const over = await post(url, body, { ip });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await counts()).toEqual(before);
      // Another address is not affected.
      expect((await post(url, body, { ip: '198.51.100.200' })).statusCode).toBe(200);
    });
  }
});
