import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/cli';
import { createTestApp } from '../../test/helpers';

const { app, db } = await createTestApp();
const { app: appWithDefault } = await createTestApp({
  env: { GEO_DEFAULT_COUNTRY: 'KZ', TRUST_PROXY: 'false' },
});

const geoIp = (headers: Record<string, string> = {}, target = app) =>
  target.inject({ method: 'GET', url: '/geo_ip', headers });

/** Runs the admin CLI's code path against this file's database. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    connect: async () => ({ db, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('GET /geo_ip', () => {
  it('gives region KZ to visitors from Kazakhstan', async () => {
    const response = await geoIp({ 'cf-ipcountry': 'KZ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ip: '127.0.0.1', country_code: 'KZ', region: 'KZ' });
  });

  it('gives region RU to every other country', async () => {
    expect((await geoIp({ 'cf-ipcountry': 'RU' })).json()).toEqual({
      ip: '127.0.0.1',
      country_code: 'RU',
      region: 'RU',
    });
    expect((await geoIp({ 'cf-ipcountry': 'de' })).json()).toEqual({
      ip: '127.0.0.1',
      country_code: 'DE',
      region: 'RU',
    });
  });

  it("reports no country when the header is missing, garbage, or Cloudflare's unknown XX", async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'cf-ipcountry': 'Kazakhstan' },
      { 'cf-ipcountry': 'T1' },
      { 'cf-ipcountry': 'XX' },
    ];
    for (const headers of cases) {
      const response = await geoIp(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ip: '127.0.0.1', country_code: null, region: 'RU' });
    }
  });

  it('falls back to GEO_DEFAULT_COUNTRY when the header is absent', async () => {
    const response = await geoIp({}, appWithDefault);
    expect(response.json()).toEqual({ ip: '127.0.0.1', country_code: 'KZ', region: 'KZ' });
  });

  it('takes the client IP from X-Forwarded-For only when proxies are trusted', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7', 'cf-ipcountry': 'RU' };
    expect((await geoIp(forwarded)).json().ip).toBe('203.0.113.7');
    expect((await geoIp(forwarded, appWithDefault)).json().ip).toBe('127.0.0.1');
  });

  it('is not cacheable', async () => {
    expect((await geoIp()).headers['cache-control']).toBe('no-store');
  });

  it('answers 451 with the same body for a country the operator blocked, and 200 again once unblocked', async () => {
    expect(await admin('geo', 'block', 'by', '--reason', 'licence')).toMatchObject({ code: 0 });

    const blocked = await geoIp({ 'cf-ipcountry': 'BY' });
    expect(blocked.statusCode).toBe(451);
    expect(blocked.json()).toEqual({ ip: '127.0.0.1', country_code: 'BY', region: 'RU' });
    expect((await geoIp({ 'cf-ipcountry': 'KZ' })).statusCode).toBe(200);

    expect(await admin('geo', 'unblock', 'BY')).toMatchObject({ code: 0 });
    const unblocked = await geoIp({ 'cf-ipcountry': 'BY' });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({ ip: '127.0.0.1', country_code: 'BY', region: 'RU' });
  });
});
