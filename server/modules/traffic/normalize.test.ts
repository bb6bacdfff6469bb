import { describe, expect, it } from 'vitest';
import { normalizeDomain, normalizePath, parseOrigin, splitLocale } from '@/lib/contracts/traffic';
import { parsePromoValue } from './ad-clicks';
import { parseRedirectTarget } from './redirects';

describe('normalizeDomain', () => {
  it('lower-cases and drops scheme, port, path, trailing dot and a leading www.', () => {
    expect(normalizeDomain('Aurum-Mirror1.example')).toBe('aurum-mirror1.example');
    expect(normalizeDomain(' www.aurum.example:3000 ')).toBe('aurum.example');
    expect(normalizeDomain('https://WWW.aurum.example/a?b=c')).toBe('aurum.example');
    expect(normalizeDomain('aurum.example.')).toBe('aurum.example');
    expect(normalizeDomain('localhost:4000')).toBe('localhost');
    expect(normalizeDomain('www2.aurum.example')).toBe('www2.aurum.example');
    expect(normalizeDomain('казино.рф')).toBe('xn--80aodfsg.xn--p1ai');
  });

  it('is null for what is not a host name', () => {
    for (const raw of ['', '   ', 'a b.example', 'exa_mple.com', '-x.example', 'x'.repeat(300), 'http://']) {
      expect(normalizeDomain(raw), raw).toBeNull();
    }
  });
});

describe('normalizePath and splitLocale', () => {
  it('keeps the path part, one leading slash, no trailing slash but for the root, lower-case', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/Promo/')).toBe('/promo');
    expect(normalizePath('/a//b///')).toBe('/a/b');
    expect(normalizePath('/a?x=1#h')).toBe('/a');
    expect(normalizePath('/?x=1')).toBe('/');
  });

  it('is null for something that is not a path', () => {
    for (const raw of [
      '',
      'promo',
      '//evil.example/x',
      'https://x.example/',
      '/a b',
      '/a\\b',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(normalizePath(raw), raw).toBeNull();
    }
  });

  it('splits a locale prefix off (ru, en, kz only)', () => {
    expect(splitLocale('/en/promo')).toEqual({ locale: 'en', path: '/promo' });
    expect(splitLocale('/kz')).toEqual({ locale: 'kz', path: '/' });
    expect(splitLocale('/ru/')).toEqual({ locale: 'ru', path: '/' });
    expect(splitLocale('/english')).toEqual({ locale: null, path: '/english' });
    expect(splitLocale('/de/promo')).toEqual({ locale: null, path: '/de/promo' });
  });
});

describe('parseOrigin and parseRedirectTarget', () => {
  it('accepts an origin as a new link, nothing with a path, query or credentials', () => {
    expect(parseOrigin('https://New.example/')).toBe('https://new.example');
    expect(parseOrigin('http://new.example:8080')).toBe('http://new.example:8080');
    for (const raw of [
      'new.example',
      'https://new.example/x',
      'https://new.example/?a=1',
      'https://u:p@new.example',
      'ftp://new.example',
    ]) {
      expect(parseOrigin(raw), raw).toBeNull();
    }
  });

  it('tells internal paths from external URLs and refuses anything else', () => {
    expect(parseRedirectTarget('/bonuses?x=1')).toEqual({ target: '/bonuses?x=1', external: false });
    expect(parseRedirectTarget('https://partners.example/join')).toEqual({
      target: 'https://partners.example/join',
      external: true,
    });
    for (const raw of ['//evil.example', 'javascript:alert(1)', 'bonuses', '/a b', 'mailto:x@y.example']) {
      expect(parseRedirectTarget(raw), raw).toBeNull();
    }
  });

  it('parses campaign promo values by type', () => {
    expect(parsePromoValue('bonus_percent', '150')).toBe(150);
    expect(parsePromoValue('free_spins', '10000')).toBe(10_000);
    expect(parsePromoValue('promo_code', 'welcome100')).toBe('WELCOME100');
    expect(() => parsePromoValue('bonus_percent', '1001')).toThrow(/1 to 1000/);
    expect(() => parsePromoValue('free_spins', '-1')).toThrow(/1 to 10000/);
  });
});
