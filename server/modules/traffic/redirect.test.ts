import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';
import { upsertRedirectRule } from './redirects';

const { app, db } = await createTestApp();

const now = new Date();
const rule = (sourcePath: string, target: string, status: 301 | 302 = 302, enabled = true) =>
  upsertRedirectRule(db, { sourcePath, target, status, enabled }, now);

await rule('/', '/bonuses');
await rule('/old-promo', '/welcome-pack?from=old', 301);
await rule('/partners', 'https://partners.aurum.example/join');
await rule('/en/english-only', '/faq');
await rule('/disabled', '/faq', 302, false);
await rule('/faq-again', '/ru/faq');

const lookup = (path: string) =>
  app.inject({ method: 'GET', url: `/middleware/redirect?path=${encodeURIComponent(path)}` });
const redirectOf = async (path: string) => {
  const response = await lookup(path);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json().redirect;
};

describe('GET /middleware/redirect', () => {
  it('answers { redirect: null } for a path without a rule', async () => {
    const response = await lookup('/games/dice');
    expect(response.json()).toEqual({ redirect: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an internal rule with its status, and keeps the locale prefix of the visited path', async () => {
    expect(await redirectOf('/old-promo')).toEqual({
      to: '/welcome-pack?from=old',
      external: false,
      status: 301,
    });
    expect(await redirectOf('/en/old-promo')).toEqual({
      to: '/en/welcome-pack?from=old',
      external: false,
      status: 301,
    });
    expect(await redirectOf('/kz/old-promo')).toMatchObject({ to: '/kz/welcome-pack?from=old' });
  });

  it('normalises the visited path: trailing slash, repeated slashes, case, query and hash', async () => {
    for (const path of [
      '/old-promo/',
      '/old-promo//',
      '/OLD-Promo',
      '/old-promo?utm_source=x',
      '/old-promo#top',
    ]) {
      expect(await redirectOf(path), path).toMatchObject({ to: '/welcome-pack?from=old', status: 301 });
    }
    expect(await redirectOf('/old-promo/more')).toBeNull();
    expect(await redirectOf('/english/old-promo')).toBeNull();
  });

  it('answers an external address as external, with or without a locale prefix', async () => {
    const external = { to: 'https://partners.aurum.example/join', external: true, status: 302 };
    expect(await redirectOf('/partners')).toEqual(external);
    expect(await redirectOf('/ru/partners/')).toEqual(external);
  });

  it('applies the root rule at / and at a bare locale root', async () => {
    expect(await redirectOf('/')).toEqual({ to: '/bonuses', external: false, status: 302 });
    expect(await redirectOf('/en')).toEqual({ to: '/en/bonuses', external: false, status: 302 });
    expect(await redirectOf('/kz/')).toEqual({ to: '/kz/bonuses', external: false, status: 302 });
  });

  it('a rule written with a locale prefix applies to that locale only', async () => {
    expect(await redirectOf('/en/english-only')).toEqual({ to: '/faq', external: false, status: 302 });
    expect(await redirectOf('/english-only')).toBeNull();
    expect(await redirectOf('/ru/english-only')).toBeNull();
  });

  it('ignores disabled rules and never sends a visitor to the path they are on', async () => {
    expect(await redirectOf('/disabled')).toBeNull();
    // /faq-again → /ru/faq: a Russian visitor already on /ru/faq-again goes to /ru/faq (target kept as is).
    expect(await redirectOf('/ru/faq-again')).toEqual({ to: '/ru/faq', external: false, status: 302 });
    await rule('/ru', '/ru');
    expect(await redirectOf('/ru')).toBeNull();
  });

  it('answers 422 for a missing or malformed path', async () => {
    const missing = await app.inject({ method: 'GET', url: '/middleware/redirect' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The path field is required.',
      errors: { path: ['required: The path field is required.'] },
    });
    for (const path of ['games', 'https://evil.example/x', '//evil.example', `/${'a'.repeat(3000)}`]) {
      const response = await lookup(path);
      expect(response.statusCode, path).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['path']);
    }
  });
});
