import { describe, expect, it } from 'vitest';
import {
  ADPLACE_COOKIE_MAX_AGE_S,
  CONFIGURED_COOKIE_DEFAULT_MAX_AGE_S,
  PARTNER_COOKIE_MAX_AGE_S,
} from '@/lib/constants/cookies';
import { PARAMS_MAX_KEYS, TEXT_MAX } from '@/lib/contracts/traffic';
import {
  ATTRIBUTION_VALUE_MAX,
  attributionCookies,
  carriesAttribution,
  hasAffiliateParams,
  hasUtmParams,
  pageOpenSubH,
  queryParametersBody,
} from './capture';

const noCookies = () => undefined;
const cookiesFrom = (jar: Record<string, string>) => (name: string) => jar[name];
const capture = (query: string, existing: (name: string) => string | undefined = noCookies) =>
  attributionCookies(new URLSearchParams(query), existing);

describe('attributionCookies', () => {
  describe('prHash (from pr, 1 day, only when unset)', () => {
    it('is set from pr for one day when the cookie is unset', () => {
      expect(capture('pr=hash-1')).toEqual([{ name: 'prHash', value: 'hash-1', maxAgeS: 86_400 }]);
    });
    it('is left untouched when the cookie is already set', () => {
      expect(capture('pr=hash-2', cookiesFrom({ prHash: 'hash-1' }))).toEqual([]);
    });
    it('counts an empty cookie as unset', () => {
      expect(capture('pr=hash-2', cookiesFrom({ prHash: '' }))).toEqual([
        { name: 'prHash', value: 'hash-2', maxAgeS: 86_400 },
      ]);
    });
  });

  describe('simpleAuth (from simple_auth, 1 day, only when unset)', () => {
    it('is set from simple_auth for one day when the cookie is unset', () => {
      expect(capture('simple_auth=1')).toEqual([{ name: 'simpleAuth', value: '1', maxAgeS: 86_400 }]);
    });
    it('is left untouched when the cookie is already set', () => {
      expect(capture('simple_auth=2', cookiesFrom({ simpleAuth: '1' }))).toEqual([]);
    });
  });

  describe('stag (1 day, a new affiliate link replaces it)', () => {
    it('is set from stag for one day', () => {
      expect(capture('stag=aff_42')).toEqual([{ name: 'stag', value: 'aff_42', maxAgeS: 86_400 }]);
    });
    it('replaces an existing stag', () => {
      expect(capture('stag=aff_43', cookiesFrom({ stag: 'aff_42' }))).toEqual([
        { name: 'stag', value: 'aff_43', maxAgeS: 86_400 },
      ]);
    });
  });

  describe('partnerId (configured lifetime)', () => {
    it.each(['partner', 'partnerId', 'partner_id'])('is set from %s with the partner lifetime', (param) => {
      expect(capture(`${param}=p-7`)).toEqual([
        { name: 'partnerId', value: 'p-7', maxAgeS: PARTNER_COOKIE_MAX_AGE_S },
      ]);
    });
    it('lasts 30 days when the lifetime is not configured', () => {
      expect(PARTNER_COOKIE_MAX_AGE_S).toBe(CONFIGURED_COOKIE_DEFAULT_MAX_AGE_S);
      expect(capture('partner=p-7')[0].maxAgeS).toBe(2_592_000);
    });
    it('takes partner over partnerId when both are given, and replaces an existing one', () => {
      expect(capture('partnerId=second&partner=first', cookiesFrom({ partnerId: 'old' }))).toEqual([
        { name: 'partnerId', value: 'first', maxAgeS: PARTNER_COOKIE_MAX_AGE_S },
      ]);
    });
  });

  describe('adplace (configured lifetime)', () => {
    it('is set from adplace with the adplace lifetime (30 days when not configured)', () => {
      expect(capture('adplace=banner-top')).toEqual([
        { name: 'adplace', value: 'banner-top', maxAgeS: ADPLACE_COOKIE_MAX_AGE_S },
      ]);
      expect(ADPLACE_COOKIE_MAX_AGE_S).toBe(2_592_000);
    });
  });

  describe('advertise uid, advertise source and cpa uid (30 days)', () => {
    it.each([
      ['advertise_uid', 'advertiseUid'],
      ['advertiseUid', 'advertiseUid'],
      ['advertise_source', 'advertiseSource'],
      ['advertiseSource', 'advertiseSource'],
      ['cpa_uid', 'cpaOneUid'],
      ['cpaOneUid', 'cpaOneUid'],
      ['cpa_one_uid', 'cpaOneUid'],
    ])('query %s sets the %s cookie for 30 days', (param, cookie) => {
      expect(capture(`${param}=value-1`)).toEqual([{ name: cookie, value: 'value-1', maxAgeS: 2_592_000 }]);
    });
    it('replaces existing values', () => {
      const existing = cookiesFrom({ advertiseUid: 'a', advertiseSource: 'b', cpaOneUid: 'c' });
      expect(capture('advertise_uid=A&advertise_source=B&cpa_uid=C', existing).map((c) => c.value)).toEqual([
        'A',
        'B',
        'C',
      ]);
    });
  });

  it('sets every cookie of a full affiliate link at once', () => {
    const cookies = capture(
      'pr=h&simple_auth=1&stag=s&partner=p&adplace=a&advertise_uid=u&advertise_source=src&cpa_uid=c&utm_source=x',
    );
    expect(Object.fromEntries(cookies.map((c) => [c.name, [c.value, c.maxAgeS]]))).toEqual({
      prHash: ['h', 86_400],
      simpleAuth: ['1', 86_400],
      stag: ['s', 86_400],
      partnerId: ['p', PARTNER_COOKIE_MAX_AGE_S],
      adplace: ['a', ADPLACE_COOKIE_MAX_AGE_S],
      advertiseUid: ['u', 2_592_000],
      advertiseSource: ['src', 2_592_000],
      cpaOneUid: ['c', 2_592_000],
    });
  });

  it('trims values and ignores empty ones', () => {
    expect(capture('stag=%20aff%20&pr=%20%20&partner=')).toEqual([
      { name: 'stag', value: 'aff', maxAgeS: 86_400 },
    ]);
  });

  it('takes the first non-empty value of a repeated parameter', () => {
    expect(capture('stag=&stag=second&stag=third')[0].value).toBe('second');
  });

  it(`caps values at ${ATTRIBUTION_VALUE_MAX} characters`, () => {
    const long = 'x'.repeat(ATTRIBUTION_VALUE_MAX + 50);
    expect(capture(`stag=${long}`)[0].value).toBe('x'.repeat(256));
  });

  it('sets nothing for a plain visit', () => {
    expect(capture('')).toEqual([]);
    expect(capture('page=2&utm_source=x&subH=abc')).toEqual([]);
  });
});

describe('hasAffiliateParams', () => {
  it.each([
    'stag=s',
    'partner=p',
    'partnerId=p',
    'adplace=a',
    'utm_source=x',
    'utm_content=x',
    'subH=h',
    'pr=h',
    'advertise_uid=u',
    'advertiseSource=s',
    'cpa_uid=c',
    'cpaOneUid=c',
  ])('is true for %s', (query) => {
    expect(hasAffiliateParams(new URLSearchParams(query))).toBe(true);
  });
  it.each(['', 'page=2', 'simple_auth=1', 'stag=', 'promo=WELCOME100'])('is false for "%s"', (query) => {
    expect(hasAffiliateParams(new URLSearchParams(query))).toBe(false);
  });
});

describe('carriesAttribution', () => {
  it.each([
    'pr=h',
    'simple_auth=1',
    'stag=a',
    'partner_id=p',
    'adplace=top',
    'cpa_uid=c',
    'subH=s',
    'utm_source=x',
  ])('is true for %s', (query) => expect(carriesAttribution(new URLSearchParams(query))).toBe(true));

  it.each(['', 'page=2', 'stag=%20', 'sort=new&q=dice'])('is false for "%s"', (query) =>
    expect(carriesAttribution(new URLSearchParams(query))).toBe(false),
  );
});

describe('hasUtmParams', () => {
  const all = 'utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=casino';
  it('is true with utm_source, utm_medium, utm_campaign and utm_term all non-empty', () => {
    expect(hasUtmParams(new URLSearchParams(all))).toBe(true);
  });
  it.each(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'])(
    'is false without %s, or with it empty',
    (name) => {
      const missing = new URLSearchParams(all);
      missing.delete(name);
      expect(hasUtmParams(missing)).toBe(false);
      missing.set(name, '  ');
      expect(hasUtmParams(missing)).toBe(false);
    },
  );
});

describe('pageOpenSubH', () => {
  it('is the trimmed subH, or null when absent or empty', () => {
    expect(pageOpenSubH(new URLSearchParams('subH=%20h1%20'))).toBe('h1');
    expect(pageOpenSubH(new URLSearchParams('subH='))).toBeNull();
    expect(pageOpenSubH(new URLSearchParams('sub_h=h1'))).toBeNull();
  });
});

describe('queryParametersBody', () => {
  it('sends every parameter once, the first non-empty value of a repeated one', () => {
    expect(queryParametersBody(new URLSearchParams('stag=s&page=2&utm_source=&utm_source=x&stag=t'))).toEqual(
      {
        stag: 's',
        page: '2',
        utm_source: 'x',
      },
    );
  });
  it('stays within the contract limits', () => {
    const query = new URLSearchParams();
    query.set('stag', 'y'.repeat(TEXT_MAX + 10));
    query.set('k'.repeat(65), 'too long a name');
    for (let i = 0; i < PARAMS_MAX_KEYS + 10; i += 1) query.set(`p${i}`, String(i));
    const body = queryParametersBody(query);
    expect(Object.keys(body)).toHaveLength(PARAMS_MAX_KEYS);
    expect(body.stag).toHaveLength(TEXT_MAX);
    expect(Object.keys(body)).not.toContain('k'.repeat(65));
  });
  it('keeps a __proto__ parameter as an own value', () => {
    const body = queryParametersBody(new URLSearchParams('__proto__=x'));
    expect(JSON.stringify(body)).toBe('{"__proto__":"x"}');
  });
});
