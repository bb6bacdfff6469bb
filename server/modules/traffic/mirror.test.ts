import { describe, expect, it } from 'vitest';
import { mirrorSchema } from '@/lib/api/mirror';
import { createTestApp } from '../../test/helpers';
import { mirrors } from './schema';
import { setSiteLink, upsertMirror } from './mirrors';

const { app, db } = await createTestApp();
const { app: untrusting, db: untrustingDb } = await createTestApp({ env: { TRUST_PROXY: 'false' } });

const now = new Date();
for (const database of [db, untrustingDb]) {
  await upsertMirror(
    database,
    'aurum-mirror1.example',
    {
      newLink: 'https://aurum-new.example',
      sso: 'https://sso.aurum.example/login',
      verification: 'google-site-verification-abc',
      telegramChannelUrl: 'https://t.me/aurum_mirror1',
    },
    now,
  );
}
await upsertMirror(db, 'aurum-new.example', { verification: 'yandex-123' }, now);

const postMirror = (url: string, domain: unknown) => app.inject({ method: 'POST', url, payload: { domain } });

const MIRROR1 = {
  redirect: { newLink: 'https://aurum-new.example' },
  sso: 'https://sso.aurum.example/login',
  verification: 'google-site-verification-abc',
  revshare_service_frontend_url: null,
  telegram_channel_url: 'https://t.me/aurum_mirror1',
};

const UNKNOWN = {
  redirect: { newLink: null },
  sso: null,
  verification: null,
  revshare_service_frontend_url: null,
  telegram_channel_url: null,
};

describe('POST /middleware/mirror and /middleware/mirrorRedirect', () => {
  it("answers the domain's record, in the shape the web's mirrorSchema parses", async () => {
    for (const url of ['/middleware/mirror', '/middleware/mirrorRedirect']) {
      const response = await postMirror(url, 'aurum-mirror1.example');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(MIRROR1);
      expect(mirrorSchema.parse(response.json()).redirect?.newLink).toBe('https://aurum-new.example');
    }
  });

  it('matches the domain ignoring case, a leading www., the port and a scheme', async () => {
    for (const domain of [
      'AURUM-MIRROR1.example',
      'www.aurum-mirror1.example',
      'aurum-mirror1.example:3000',
      'WWW.Aurum-Mirror1.Example:443',
      'https://www.aurum-mirror1.example/some/path',
      'aurum-mirror1.example.',
    ]) {
      expect((await postMirror('/middleware/mirror', domain)).json(), domain).toEqual(MIRROR1);
    }
  });

  it('falls back to no new link and the site-wide links for a domain without a record', async () => {
    expect((await postMirror('/middleware/mirror', 'unknown.example')).json()).toEqual(UNKNOWN);

    await setSiteLink(db, 'revshare', 'https://partners.aurum.example', now);
    await setSiteLink(db, 'telegram', 'https://t.me/aurum', now);
    try {
      expect((await postMirror('/middleware/mirror', 'unknown.example')).json()).toEqual({
        ...UNKNOWN,
        revshare_service_frontend_url: 'https://partners.aurum.example',
        telegram_channel_url: 'https://t.me/aurum',
      });
      // A record's own link wins; a link it lacks comes from the site-wide setting.
      expect((await postMirror('/middleware/mirror', 'aurum-mirror1.example')).json()).toEqual({
        ...MIRROR1,
        revshare_service_frontend_url: 'https://partners.aurum.example',
      });
    } finally {
      await setSiteLink(db, 'revshare', null, now);
      await setSiteLink(db, 'telegram', null, now);
    }
  });

  it('never answers a new link that points at the requesting domain itself', async () => {
    await expect(
      upsertMirror(db, 'loop.example', { newLink: 'https://www.loop.example' }, now),
    ).rejects.toThrow('would send visitors in a circle: loop.example → loop.example');
    // Written around the service (an older record, a hand edit): still never answered.
    await db.insert(mirrors).values({ domain: 'loop.example', newLink: 'https://www.loop.example' });
    expect((await postMirror('/middleware/mirror', 'loop.example')).json().redirect).toEqual({
      newLink: null,
    });
    // The new domain's own record carries no link: visitors who arrived stay there.
    expect((await postMirror('/middleware/mirror', 'aurum-new.example')).json()).toMatchObject({
      redirect: { newLink: null },
      verification: 'yandex-123',
    });
  });

  it('answers 422 for a missing or malformed domain', async () => {
    const missing = await app.inject({ method: 'POST', url: '/middleware/mirror', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The domain field is required.',
      errors: { domain: ['required: The domain field is required.'] },
    });
    for (const domain of ['', 'not a domain', 'exa_mple.com', 'a'.repeat(300), 42]) {
      const response = await postMirror('/middleware/mirror', domain);
      expect(response.statusCode, String(domain)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['domain']);
    }
  });
});

describe('GET mirror and GET /api/mirror', () => {
  it('takes the domain from the domain query parameter', async () => {
    for (const url of ['/mirror', '/api/mirror']) {
      const response = await app.inject({ method: 'GET', url: `${url}?domain=WWW.aurum-mirror1.example` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(MIRROR1);
    }
  });

  it('otherwise takes it from X-Forwarded-Host (trusted proxy) or Host, without www., port or api.', async () => {
    const get = (headers: Record<string, string>, target = app) =>
      target.inject({ method: 'GET', url: '/api/mirror', headers });
    expect((await get({ host: 'www.aurum-mirror1.example:8080' })).json()).toEqual(MIRROR1);
    expect((await get({ host: 'api.aurum-mirror1.example' })).json()).toEqual(MIRROR1);
    expect(
      (await get({ host: 'api.internal:4000', 'x-forwarded-host': 'Aurum-Mirror1.example' })).json(),
    ).toEqual(MIRROR1);
    // Without a trusted proxy the forwarded host is ignored.
    expect(
      (
        await get({ host: 'api.internal:4000', 'x-forwarded-host': 'aurum-mirror1.example' }, untrusting)
      ).json(),
    ).toEqual(UNKNOWN);
    expect((await get({ host: 'aurum-mirror1.example' }, untrusting)).json()).toEqual(MIRROR1);
    expect((await get({ host: 'localhost:4000' })).json()).toEqual(UNKNOWN);
  });

  it('answers 422 for a malformed domain parameter', async () => {
    const response = await app.inject({ method: 'GET', url: '/mirror?domain=a%20b.example' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      domain: ['invalid_domain: The domain field must be a domain name.'],
    });
  });
});
