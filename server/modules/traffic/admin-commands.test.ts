import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { seedDatabase, seedSteps } from '../../db/seed';
import { client, profile, sealedFingerprint, signUpByEmail } from '../../test/accounts';
import { deposit } from '../../test/deposits';
import { createTestApp } from '../../test/helpers';
import { eq } from 'drizzle-orm';
import { auditLog } from '../audit/schema';
import { deviceSightings } from '../devices/schema';
import { adClicks, clientReports, pageOpenEvents, trafficVisits } from './schema';
import { mirrorData } from './mirrors';
import { findRedirect } from './redirects';
import { listMirrors, listUtmCampaigns } from './repository';

// A database (and app) of its own for each test that reads a whole table: the mirror, redirect and campaign
// lists, the site-wide links, the attribution report and the prune counts show only what their test wrote.
// The argument checks, the help and the circular-link test (on domains of its own) share `common`.
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const [common, mirrorList, siteWide, redirectList, campaignList, attribution, pruning] = await Promise.all(
  Array.from({ length: 7 }, () => createTestApp()),
);
await seedDatabase(
  attribution.db,
  seedSteps.filter((step) => step.id === '0003-payment-methods'),
);

/** `npm run admin -- …` against the given test app's database. */
function adminFor({ db }: TestApp) {
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const connect = vi.fn(async () => ({ db, close: async () => undefined }));
    const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l), connect });
    return { code, out: out.join('\n'), err: err.join('\n'), connected: connect.mock.calls.length > 0 };
  };
}
const admin = adminFor(common);

/** Each bad invocation exits 2 with its message and the usage, before touching the database. */
async function expectUsageErrors(cases: [string[], RegExp][]) {
  for (const [argv, message] of cases) {
    const result = await admin(...argv);
    expect(result, argv.join(' ')).toMatchObject({ code: 2, out: '', connected: false });
    expect(result.err, argv.join(' ')).toMatch(message);
    expect(result.err).toMatch(new RegExp(`Usage: npm run admin -- ${argv[0]} ${argv[1]}`));
  }
}

describe('npm run admin -- mirror', () => {
  it('creates, lists, changes and removes mirror records; the API answers them', async () => {
    const { app, db } = mirrorList;
    const admin = adminFor(mirrorList);
    expect((await admin('mirror', 'list')).out).toBe('No mirror records.\nSite-wide: revshare -, telegram -');
    expect(
      await admin(
        'mirror',
        'set',
        'WWW.Aurum-Mirror1.example:8443',
        '--new-link',
        'https://aurum-new.example/',
        '--sso',
        'https://sso.aurum.example/login',
        '--verification',
        'google-abc',
        '--telegram',
        'https://t.me/aurum1',
      ),
    ).toMatchObject({
      code: 0,
      out: 'Created mirror aurum-mirror1.example: new link https://aurum-new.example.',
    });

    const listed = await admin('mirror', 'list');
    expect(listed.out.split('\n')).toEqual([
      expect.stringMatching(/^DOMAIN +NEW LINK +SSO +VERIFICATION +REVSHARE +TELEGRAM$/),
      expect.stringMatching(
        /^aurum-mirror1\.example +https:\/\/aurum-new\.example +https:\/\/sso\.aurum\.example\/login +google-abc +- +https:\/\/t\.me\/aurum1$/,
      ),
      'Site-wide: revshare -, telegram -',
    ]);

    // Options not given keep their value; --no-* clears.
    expect(
      await admin(
        'mirror',
        'set',
        'aurum-mirror1.example',
        '--no-new-link',
        '--revshare',
        'https://p.example',
      ),
    ).toMatchObject({ code: 0, out: 'Updated mirror aurum-mirror1.example: new link -.' });
    expect(await mirrorData(db, 'aurum-mirror1.example')).toEqual({
      redirect: { newLink: null },
      sso: 'https://sso.aurum.example/login',
      verification: 'google-abc',
      revshare_service_frontend_url: 'https://p.example/',
      telegram_channel_url: 'https://t.me/aurum1',
    });

    const viaApi = await app.inject({
      method: 'POST',
      url: '/middleware/mirror',
      payload: { domain: 'aurum-mirror1.example' },
    });
    expect(viaApi.json().verification).toBe('google-abc');

    expect(await admin('mirror', 'remove', 'www.aurum-mirror1.example')).toMatchObject({
      code: 0,
      out: 'Removed mirror aurum-mirror1.example.',
    });
    expect(await listMirrors(db)).toEqual([]);
    expect(await admin('mirror', 'remove', 'aurum-mirror1.example')).toMatchObject({
      code: 1,
      err: 'Error: No mirror record for aurum-mirror1.example.',
    });
  });

  it('shows and sets the site-wide links that domains without their own get', async () => {
    const { db } = siteWide;
    const admin = adminFor(siteWide);
    expect(await admin('mirror', 'defaults')).toMatchObject({
      code: 0,
      out: 'Site-wide: revshare -, telegram -',
    });
    expect(
      await admin(
        'mirror',
        'defaults',
        '--revshare',
        'https://partners.example',
        '--telegram',
        'https://t.me/a',
      ),
    ).toMatchObject({
      code: 0,
      out: 'Site-wide: revshare https://partners.example/, telegram https://t.me/a',
    });
    expect(await mirrorData(db, 'anything.example')).toMatchObject({
      revshare_service_frontend_url: 'https://partners.example/',
      telegram_channel_url: 'https://t.me/a',
    });
    expect(await admin('mirror', 'defaults', '--no-telegram')).toMatchObject({
      out: 'Site-wide: revshare https://partners.example/, telegram -',
    });
    await admin('mirror', 'defaults', '--no-revshare');
  });

  it('refuses a new link that would send visitors in a circle (exit code 1)', async () => {
    const { db } = common;
    expect(await admin('mirror', 'set', 'a.example', '--new-link', 'https://b.example')).toMatchObject({
      code: 0,
    });
    expect(await admin('mirror', 'set', 'b.example', '--new-link', 'https://c.example')).toMatchObject({
      code: 0,
    });
    expect(await admin('mirror', 'set', 'c.example', '--new-link', 'https://www.a.example')).toMatchObject({
      code: 1,
      err: 'Error: --new-link would send visitors in a circle: c.example → a.example → b.example → c.example',
    });
    expect((await mirrorData(db, 'c.example')).redirect.newLink).toBeNull();
    // Once the chain ends elsewhere, the link is accepted.
    expect(await admin('mirror', 'set', 'b.example', '--no-new-link')).toMatchObject({ code: 0 });
    expect(await admin('mirror', 'set', 'c.example', '--new-link', 'https://a.example')).toMatchObject({
      code: 0,
    });
    for (const domain of ['a.example', 'b.example', 'c.example']) await admin('mirror', 'remove', domain);
  });

  it('refuses bad input with exit code 2', async () => {
    await expectUsageErrors([
      [['mirror', 'set'], /expected <domain>/],
      [['mirror', 'set', 'not a domain'], /is not a domain name/],
      [['mirror', 'set', 'a.example', 'b.example'], /unexpected arguments: b\.example/],
      [
        ['mirror', 'set', 'a.example', '--new-link', 'https://b.example/path'],
        /--new-link must be an origin/,
      ],
      [['mirror', 'set', 'a.example', '--new-link', 'ftp://b.example'], /--new-link must be an origin/],
      [['mirror', 'set', 'a.example', '--new-link', 'https://www.a.example'], /must point to another domain/],
      [
        ['mirror', 'set', 'a.example', '--new-link', 'https://b.example', '--no-new-link'],
        /exclude each other/,
      ],
      [
        ['mirror', 'set', 'a.example', '--sso', 'javascript:alert(1)'],
        /--sso must be an absolute http\(s\) URL/,
      ],
      [['mirror', 'set', 'a.example', '--verification', '<meta>'], /--verification must be/],
      [['mirror', 'set', 'a.example', '--nope', 'x'], /Unknown option '--nope'/],
      [['mirror', 'remove'], /expected <domain>/],
      [['mirror', 'defaults', '--telegram', 'tg://x'], /--telegram must be/],
    ]);
  });
});

describe('npm run admin -- redirect', () => {
  it('creates, lists, changes and removes rules; GET /middleware/redirect follows them', async () => {
    const { app, db } = redirectList;
    const admin = adminFor(redirectList);
    expect(await admin('redirect', 'list')).toMatchObject({ code: 0, out: 'No redirect rules.' });
    expect(await admin('redirect', 'set', '/Old-Promo/', '/welcome-pack')).toMatchObject({
      code: 0,
      out: 'Created redirect /old-promo → /welcome-pack (302).',
    });
    expect(await admin('redirect', 'set', '/', '/bonuses', '--status', '301')).toMatchObject({
      out: 'Created redirect / → /bonuses (301).',
    });
    expect(
      await admin('redirect', 'set', '/join', 'https://partners.example/join', '--disabled'),
    ).toMatchObject({
      out: 'Created redirect /join → https://partners.example/join (302, disabled).',
    });
    expect((await admin('redirect', 'list')).out.split('\n')).toEqual([
      'FROM        TO                             STATUS  KIND      ENABLED',
      '/           /bonuses                       301     internal  yes',
      '/join       https://partners.example/join  302     external  no',
      '/old-promo  /welcome-pack                  302     internal  yes',
    ]);
    expect(await findRedirect(db, '/en')).toEqual({ to: '/en/bonuses', external: false, status: 301 });
    expect(await findRedirect(db, '/join')).toBeNull();

    expect(await admin('redirect', 'set', '/join', 'https://partners.example/join')).toMatchObject({
      out: 'Updated redirect /join → https://partners.example/join (302).',
    });
    const response = await app.inject({ method: 'GET', url: '/middleware/redirect?path=/kz/join' });
    expect(response.json()).toEqual({
      redirect: { to: 'https://partners.example/join', external: true, status: 302 },
    });

    for (const from of ['/', '/join', '/old-promo']) {
      expect(await admin('redirect', 'remove', from)).toMatchObject({
        code: 0,
        out: `Removed redirect ${from}.`,
      });
    }
    expect(await admin('redirect', 'remove', '/join')).toMatchObject({
      code: 1,
      err: 'Error: No redirect rule for /join.',
    });
  });

  it('refuses bad input with exit code 2', async () => {
    await expectUsageErrors([
      [['redirect', 'set', '/a'], /expected <from> <to>/],
      [['redirect', 'set', 'a', '/b'], /"a" is not a path/],
      [['redirect', 'set', '/a?x=1', '/b'], /is not a path/],
      [['redirect', 'set', '/a', '//evil.example'], /neither a path starting with \/ nor an http\(s\) URL/],
      [['redirect', 'set', '/a', 'javascript:alert(1)'], /neither a path/],
      [['redirect', 'set', '/a', '/A/'], /cannot redirect to itself/],
      [['redirect', 'set', '/a', '/b', '--status', '307'], /--status must be 301 or 302/],
      [['redirect', 'remove'], /expected <from>/],
    ]);
  });
});

describe('npm run admin -- utm-campaign', () => {
  it('creates, lists, changes and removes campaigns; POST /middleware/utm answers their promo', async () => {
    const { app, db } = campaignList;
    const admin = adminFor(campaignList);
    expect(await admin('utm-campaign', 'list')).toMatchObject({ code: 0, out: 'No UTM campaigns.' });
    expect(
      await admin('utm-campaign', 'set', 'Google', 'Spring', '--type', 'bonus_percent', '--value', '50'),
    ).toMatchObject({ code: 0, out: 'Created campaign google / spring: bonus_percent 50.' });
    expect(
      await admin('utm-campaign', 'set', 'fb', 'codes', '--type', 'promo_code', '--value', 'welcome100'),
    ).toMatchObject({
      out: 'Created campaign fb / codes: promo_code WELCOME100.',
    });
    expect(
      await admin('utm-campaign', 'set', 'google', 'spring', '--type', 'free_spins', '--value', '25'),
    ).toMatchObject({ out: 'Updated campaign google / spring: free_spins 25.' });

    const listed = (await admin('utm-campaign', 'list')).out.split('\n');
    expect(listed).toEqual([
      expect.stringMatching(/^UTM_SOURCE +UTM_CAMPAIGN +TYPE +VALUE +UPDATED \(UTC\)$/),
      expect.stringMatching(/^fb +codes +promo_code +WELCOME100 +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      expect.stringMatching(/^google +spring +free_spins +25 +\d{4}-\d\d-\d\d/),
    ]);

    const click = await client(app).post('/middleware/utm', {
      utm_source: 'GOOGLE',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 't',
    });
    expect(click.json().promo).toEqual({ type: 'free_spins', value: 25 });

    expect(await admin('utm-campaign', 'remove', 'google', 'SPRING')).toMatchObject({
      code: 0,
      out: 'Removed campaign google / spring.',
    });
    expect((await listUtmCampaigns(db)).map((c) => c.utmSource)).toEqual(['fb']);
    expect(await admin('utm-campaign', 'remove', 'google', 'spring')).toMatchObject({
      code: 1,
      err: 'Error: No campaign google / spring.',
    });
    await admin('utm-campaign', 'remove', 'fb', 'codes');
  });

  it('refuses bad input with exit code 2', async () => {
    await expectUsageErrors([
      [['utm-campaign', 'set', 'google'], /expected <utm_source> <utm_campaign>/],
      [
        ['utm-campaign', 'set', 'g', 'c', '--value', '5'],
        /--type must be one of bonus_percent, free_spins, promo_code/,
      ],
      [['utm-campaign', 'set', 'g', 'c', '--type', 'cash', '--value', '5'], /--type must be one of/],
      [['utm-campaign', 'set', 'g', 'c', '--type', 'bonus_percent'], /--value V is required/],
      [
        ['utm-campaign', 'set', 'g', 'c', '--type', 'bonus_percent', '--value', '0'],
        /whole number from 1 to 1000/,
      ],
      [
        ['utm-campaign', 'set', 'g', 'c', '--type', 'free_spins', '--value', '2.5'],
        /whole number from 1 to 10000/,
      ],
      [
        ['utm-campaign', 'set', 'g', 'c', '--type', 'promo_code', '--value', 'no spaces'],
        /promo code is 1 to 64/,
      ],
      [['utm-campaign', 'remove', 'g'], /expected <utm_source> <utm_campaign>/],
    ]);
  });
});

describe('npm run admin -- report attribution', () => {
  it('counts visits, registrations, depositors and deposits per source', async () => {
    const { app, db } = attribution;
    const admin = adminFor(attribution);
    expect(await admin('report', 'attribution')).toMatchObject({
      code: 0,
      out: 'No attributed traffic (all time).',
    });

    // A visit with stag X, and one of last year (outside --since below).
    const visit = await client(app).post('/middleware/affiliate', {
      stag: 'X',
      utm_source: 'Google',
      utm_campaign: 'Spring',
    });
    expect(visit.statusCode).toBe(200);
    await db.insert(trafficVisits).values({
      params: { stag: 'X' },
      stag: 'X',
      ip: '192.0.2.1',
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    });
    // A registration with stag X that deposits twice (RUB), and one with stag X that never deposits.
    const depositor = await signUpByEmail(app, { extra: { stag: 'X', partner: 'P1' } });
    await deposit(app, depositor.token, 1000);
    await deposit(app, depositor.token, 250.5);
    await signUpByEmail(app, { extra: { stag: 'X' } });
    // A player without a sign-up stag who arrived from an ad: the attached advId maps to the campaign.
    const clicked = await client(app).post('/middleware/utm', {
      utm_source: 'Google',
      utm_medium: 'cpc',
      utm_campaign: 'SPRING',
      utm_term: 'slots',
    });
    const advertised = await signUpByEmail(app, { currency: 'KZT' });
    const attached = await client(app).post(
      '/attachSource',
      {
        stag: null,
        promo: null,
        partnerId: null,
        advId: clicked.json().advId,
        advertiseUid: null,
        advertiseSource: null,
        cpaOneUid: null,
        prHash: null,
      },
      advertised.token,
    );
    expect(attached.statusCode).toBe(200);
    await deposit(app, advertised.token, 5000, 'KZT');
    // An advId of no recorded click still counts, under its own id.
    const stray = await signUpByEmail(app);
    await client(app).post('/attachSource', { advId: 'adv-unknown' }, stray.token);

    const report = await admin('report', 'attribution');
    expect(report.code).toBe(0);
    expect(report.out.split('\n')).toEqual([
      'Attribution, all time:',
      'SOURCE               VISITS  REGISTRATIONS  DEPOSITORS  DEPOSITS',
      'stag:X               2       2              1           RUB 1250.50',
      'partner:P1           0       1              1           RUB 1250.50',
      'utm:google / spring  1       1              1           KZT 5000.00',
      'advId:adv-unknown    0       1              0           -',
      expect.stringMatching(/^A user with several sources counts under each/),
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const sinceToday = await admin('report', 'attribution', '--since', today);
    expect(sinceToday.out.split('\n')[2]).toBe(
      'stag:X               1       2              1           RUB 1250.50',
    );
    expect(sinceToday.out.split('\n')[0]).toBe(`Attribution, since ${today} (UTC):`);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin('report', 'attribution', '--since', tomorrow)).out).toBe(
      `No attributed traffic (since ${tomorrow} (UTC)).`,
    );
  });

  it('refuses a malformed --since', async () => {
    await expectUsageErrors([
      [['report', 'attribution', '--since', '2031-02-30'], /--since must be a date YYYY-MM-DD/],
      [['report', 'attribution', '--since', 'yesterday'], /--since must be a date/],
      [['report', 'attribution', 'extra'], /unexpected arguments: extra/],
    ]);
  });

  it('is listed in the help with the other traffic commands', async () => {
    const help = await admin('help');
    for (const line of [
      /mirror set <domain> \[--new-link URL\|--no-new-link\]/,
      /mirror remove <domain>/,
      /redirect set <from> <to> \[--status 301\|302\]/,
      /utm-campaign set <utm_source> <utm_campaign> --type/,
      /report attribution \[--since YYYY-MM-DD\]/,
    ])
      expect(help.out).toMatch(line);
  });
});

describe('npm run admin -- traffic prune', () => {
  const DAY_MS = 86_400_000;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

  it('deletes raw traffic recorded before the day, keeps later records and clicks a user carries', async () => {
    const { app, db } = pruning;
    const admin = adminFor(pruning);
    const old = new Date(Date.now() - 2000 * DAY_MS);
    const [oldVisit] = await db
      .insert(trafficVisits)
      .values({ params: { stag: 'OLD' }, stag: 'OLD', ip: '192.0.2.7', createdAt: old })
      .returning();
    const [newVisit] = await db
      .insert(trafficVisits)
      .values({ params: { stag: 'NEW' }, stag: 'NEW', ip: '192.0.2.8' })
      .returning();
    await db
      .insert(clientReports)
      .values({ host: 'a.example', userAgent: 'UA', ip: '192.0.2.7', createdAt: old });
    await db.insert(pageOpenEvents).values({ subH: 'sub-old', ip: '192.0.2.7', createdAt: old });
    const sighted = await signUpByEmail(app, {
      extra: { fpp: await sealedFingerprint(app, 'a'.repeat(64)) },
    });
    const sightedId = (await profile(app, sighted.token)).json().user.id as number;
    await db.update(deviceSightings).set({ createdAt: old }).where(eq(deviceSightings.userId, sightedId));
    const click = (advId: string) => ({
      advId,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'old',
      utmTerm: 't',
      params: {},
      ip: '192.0.2.7',
      dedupeKey: advId,
      createdAt: old,
    });
    await db.insert(adClicks).values([click('adv-old-free'), click('adv-old-kept')]);
    const player = await signUpByEmail(app);
    expect(
      (await client(app).post('/attachSource', { advId: 'adv-old-kept' }, player.token)).statusCode,
    ).toBe(200);

    const before = day(1000);
    expect(await admin('traffic', 'prune', '--before', before)).toMatchObject({
      code: 0,
      out: `Deleted traffic recorded before ${before} (UTC): 1 visits, 1 IP reports, 1 page-open events, 1 ad clicks, 1 device sightings.`,
    });
    expect(await db.select().from(trafficVisits).where(eq(trafficVisits.id, oldVisit.id))).toEqual([]);
    expect(await db.select().from(trafficVisits).where(eq(trafficVisits.id, newVisit.id))).toHaveLength(1);
    expect((await db.select().from(adClicks)).map((row) => row.advId)).toContain('adv-old-kept');
    expect((await db.select().from(adClicks)).map((row) => row.advId)).not.toContain('adv-old-free');
    expect(await db.select().from(pageOpenEvents).where(eq(pageOpenEvents.subH, 'sub-old'))).toEqual([]);

    // Again: nothing left to delete.
    expect((await admin('traffic', 'prune', '--before', before, '--operator', 'quinn')).out).toMatch(
      /: 0 visits, 0 IP reports, 0 page-open events, 0 ad clicks, 0 device sightings\.$/,
    );
    // Each run is in the audit log, with what it deleted.
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.subjectType, e.subjectId, e.after])).toEqual([
      [
        'traffic.prune',
        'traffic',
        `before:${before}`,
        {
          before,
          deleted: { visits: 1, clientReports: 1, pageOpenEvents: 1, adClicks: 1, deviceSightings: 1 },
        },
      ],
      [
        'traffic.prune',
        'traffic',
        `before:${before}`,
        {
          before,
          deleted: { visits: 0, clientReports: 0, pageOpenEvents: 0, adClicks: 0, deviceSightings: 0 },
        },
      ],
    ]);
    expect(entries[1].actor).toBe('operator:quinn');
  });

  it('refuses a missing, malformed or future --before (exit code 2)', async () => {
    await expectUsageErrors([
      [['traffic', 'prune'], /--before YYYY-MM-DD is required/],
      [['traffic', 'prune', '--before', '2031-13-01'], /--before must be a date YYYY-MM-DD/],
      [['traffic', 'prune', '--before', day(-2)], /--before must not be later than today/],
      [['traffic', 'prune', '--before', day(30), 'all'], /unexpected arguments: all/],
    ]);
    expect((await admin('help')).out).toMatch(/traffic prune --before YYYY-MM-DD/);
  });
});
