import { describe, expect, it } from 'vitest';
import { firstLoadSsoTarget, type FirstLoadSsoInput } from './sso-first-load';

const base: FirstLoadSsoInput = {
  ssoAddress: 'https://sso.example/login',
  hasToken: false,
  query: new URLSearchParams(''),
  ssoRedirectedCookie: undefined,
  isDevelopment: false,
  userAgent: 'Mozilla/5.0 Chrome/156',
  currentUrl: 'https://aurum.example/ru?x=1',
};

describe('the first-load SSO redirect', () => {
  it('goes to the SSO address with the current address encoded when all five conditions hold', () => {
    expect(firstLoadSsoTarget(base)).toBe(
      'https://sso.example/login?url=https%3A%2F%2Faurum.example%2Fru%3Fx%3D1',
    );
  });

  it.each([
    ['no SSO address', { ssoAddress: null }],
    ['a token', { hasToken: true }],
    ['no_sso in the query', { query: new URLSearchParams('no_sso=1') }],
    ['the ssoRedirected cookie', { ssoRedirectedCookie: '1' }],
    ['development', { isDevelopment: true }],
    ['a bot', { userAgent: 'Googlebot/2.1' }],
  ])('shows the interface with %s', (_name, patch) => {
    expect(firstLoadSsoTarget({ ...base, ...patch })).toBeNull();
  });
});
