import { describe, expect, it } from 'vitest';
import { buildSsoRedirectUrl } from './sso-redirect';

describe('SSO redirect address', () => {
  const current = 'https://casino.com/games/crash?bet=10&x=a b#top';

  it('adds the encoded current address as url=', () => {
    expect(buildSsoRedirectUrl('https://sso.test/login', current)).toBe(
      `https://sso.test/login?url=${encodeURIComponent(current)}`,
    );
  });

  it('appends to an existing query', () => {
    expect(buildSsoRedirectUrl('https://sso.test/login?app=1', 'https://c.com/')).toBe(
      'https://sso.test/login?app=1&url=https%3A%2F%2Fc.com%2F',
    );
  });

  it('keeps the SSO link fragment at the end', () => {
    expect(buildSsoRedirectUrl('https://sso.test/#/login', 'https://c.com/')).toBe(
      'https://sso.test/?url=https%3A%2F%2Fc.com%2F#/login',
    );
  });
});
