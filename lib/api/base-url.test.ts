import { describe, expect, it } from 'vitest';
import {
  type ApiEnv,
  API_SERVICES,
  deriveApiBaseUrl,
  resolveApiBaseUrl,
  resolveServiceBaseUrl,
  resolveServiceBaseUrls,
  SERVER_FALLBACK_API_URL,
} from './base-url';

const at = (href: string) => {
  const { protocol, hostname, port } = new URL(href);
  return { protocol, hostname, port };
};
const noEnv: ApiEnv = { services: {} };

describe('main API base address', () => {
  it('is the api. subdomain of the current host with a leading www. stripped', () => {
    expect(resolveApiBaseUrl(noEnv, at('https://www.casino.com/games/crash'))).toBe('https://api.casino.com');
  });

  it('keeps a host without www. and prefixes api.', () => {
    expect(resolveApiBaseUrl(noEnv, at('https://mirror-7.casino.kz/'))).toBe(
      'https://api.mirror-7.casino.kz',
    );
  });

  it('keeps protocol and port', () => {
    expect(deriveApiBaseUrl(at('http://www.casino.test:8080/x'))).toBe('http://api.casino.test:8080');
  });

  it('strips only a leading www.', () => {
    expect(deriveApiBaseUrl(at('https://shop.www.casino.com'))).toBe('https://api.shop.www.casino.com');
  });

  it('uses the configured address when set, without a trailing slash', () => {
    expect(resolveApiBaseUrl({ apiUrl: 'http://localhost:4000/' }, at('https://www.casino.com'))).toBe(
      'http://localhost:4000',
    );
  });

  it('ignores a blank configured address', () => {
    expect(resolveApiBaseUrl({ apiUrl: '  ' }, at('https://casino.com'))).toBe('https://api.casino.com');
  });

  it('falls back to the local API server outside a browser when nothing is configured', () => {
    expect(resolveApiBaseUrl(noEnv, null)).toBe(SERVER_FALLBACK_API_URL);
  });
});

describe('service base addresses', () => {
  const location = at('https://www.casino.com');

  it('default to the main API address for all seven services', () => {
    expect(resolveServiceBaseUrls(noEnv, location)).toEqual(
      Object.fromEntries(API_SERVICES.map((s) => [s, 'https://api.casino.com'])),
    );
    expect([...API_SERVICES].sort()).toEqual([
      'cases',
      'coinflip',
      'crash',
      'dice',
      'general',
      'keno',
      'miner',
    ]);
  });

  it('use the configured service address', () => {
    const env = { services: { crash: { url: 'wss://crash.casino.com/' } } };
    expect(resolveServiceBaseUrl('crash', env, location)).toBe('wss://crash.casino.com');
    expect(resolveServiceBaseUrl('dice', env, location)).toBe('https://api.casino.com');
  });

  it('apply a configured port to the service address', () => {
    const env = { services: { keno: { url: 'https://keno.casino.com', port: '7001' } } };
    expect(resolveServiceBaseUrl('keno', env, location)).toBe('https://keno.casino.com:7001');
  });

  it('apply a configured port to the main address when the service has no address of its own', () => {
    const env = { apiUrl: 'http://localhost:4000', services: { miner: { port: '4005' } } };
    expect(resolveServiceBaseUrl('miner', env, location)).toBe('http://localhost:4005');
    expect(resolveServiceBaseUrl('cases', env, location)).toBe('http://localhost:4000');
  });

  it('keep a path of the service address when a port is applied', () => {
    const env = { services: { general: { url: 'https://svc.casino.com/general', port: '9000' } } };
    expect(resolveServiceBaseUrl('general', env, location)).toBe('https://svc.casino.com:9000/general');
  });
});
