import { describe, expect, it } from 'vitest';
import { COOKIE, COOKIE_MAX_AGE_S, cookieExpiresDays, cookieExpiresFor } from './cookies';

describe('cookie lifetimes', () => {
  it('keeps the token 30 days and super_bonus about 182 days', () => {
    expect(COOKIE_MAX_AGE_S.token).toBe(2_592_000);
    expect(cookieExpiresFor(COOKIE.token)).toBe(30);
    expect(COOKIE_MAX_AGE_S.super_bonus).toBe(15_768_000);
    expect(cookieExpiresFor(COOKIE.superBonus)).toBeCloseTo(182.5);
  });

  it('keeps the one-day cookies 86400 s', () => {
    for (const name of ['userVersion', 'userBrowser', 'prHash', 'simpleAuth', 'advId', 'stag'] as const) {
      expect(COOKIE_MAX_AGE_S[name]).toBe(86_400);
      expect(cookieExpiresFor(name)).toBe(1);
    }
  });

  it('keeps advertise uid, advertise source and cpa uid 30 days', () => {
    for (const name of [COOKIE.advertiseUid, COOKIE.advertiseSource, COOKIE.cpaOneUid]) {
      expect(cookieExpiresFor(name)).toBe(30);
    }
  });

  it('keeps the countdowns 3 and 7 days, the ad-bonus cookies 600 s and the locale 365 days', () => {
    expect(cookieExpiresFor(COOKIE.bonusCountdown)).toBe(3);
    expect(cookieExpiresFor(COOKIE.welcomePackCountdown)).toBe(7);
    for (const name of [COOKIE.adBonusType, COOKIE.adBonusValue, COOKIE.adBonusModal]) {
      expect(COOKIE_MAX_AGE_S[name]).toBe(600);
      expect(cookieExpiresFor(name)).toBeCloseTo(600 / 86_400);
    }
    expect(cookieExpiresFor(COOKIE.locale)).toBe(365);
  });

  it('converts seconds to js-cookie days and leaves ssoRedirected a session cookie', () => {
    expect(cookieExpiresDays(86_400 * 2)).toBe(2);
    expect(cookieExpiresFor(COOKIE.ssoRedirected)).toBeUndefined();
  });

  it('names every attribution cookie of the spec', () => {
    expect(Object.values(COOKIE)).toEqual(
      expect.arrayContaining([
        'stag',
        'partnerId',
        'advId',
        'advertiseUid',
        'advertiseSource',
        'cpaOneUid',
        'prHash',
        'simpleAuth',
        'super_bonus',
        'token',
        'userVersion',
        'userBrowser',
        'adBonusType',
        'adBonusValue',
        'adBonusModal',
        'ssoRedirected',
      ]),
    );
  });
});
