import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { createMockServer, withMockServer } from '@/tests/mocks/server';
import { createTrafficBackend, TEST_CLIENT_IP, trafficHandlers } from '@/tests/mocks/traffic-handlers';
import { AttributionCapture, captureAttributionFor, resetAttributionCapture } from './attribution-capture';

const nav = vi.hoisted(() => ({ params: new URLSearchParams() }));
vi.mock('next/navigation', () => ({ useSearchParams: () => nav.params }));

const fingerprint = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/fingerprint', () => ({ getSealedFingerprint: fingerprint.get }));

const traffic = createTrafficBackend();
const server = withMockServer(createMockServer(...trafficHandlers(traffic)));

const ONE_DAY_IN_DAYS = 86_400 / 86_400;
const TEN_MINUTES_IN_DAYS = 600 / 86_400;
const UTM = 'utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=casino';

/** Opens `/ru?query` with the capture mounted, and waits until every attribution call has settled. */
async function visit(query: string) {
  window.history.replaceState(null, '', `/ru${query ? `?${query}` : ''}`);
  nav.params = new URLSearchParams(query);
  render(
    <>
      <p>page content</p>
      <AttributionCapture />
    </>,
  );
  await captureAttributionFor(new URLSearchParams());
}

type CookieSetSpy = MockInstance<
  (name: string, value: string, options?: Cookies.CookieAttributes) => unknown
>;

/** The options js-cookie was given for `name`'s last write. */
function cookieOptions(set: CookieSetSpy, name: string) {
  const calls = set.mock.calls.filter(([cookie]) => cookie === name);
  return calls.at(-1)?.[2];
}

describe('AttributionCapture', () => {
  let set: CookieSetSpy;

  beforeEach(() => {
    Object.assign(traffic, createTrafficBackend());
    fingerprint.get.mockResolvedValue('fp-hash');
    set = vi.spyOn(Cookies, 'set');
  });

  afterEach(() => {
    resetAttributionCapture();
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
    fingerprint.get.mockReset();
  });

  it('sets the cookies of an affiliate link and records the visit with all its query parameters', async () => {
    await visit('stag=aff_1&pr=hash-1&partner=p-1&adplace=top&advertise_uid=u-1&page=2');
    expect(Cookies.get()).toMatchObject({
      stag: 'aff_1',
      prHash: 'hash-1',
      partnerId: 'p-1',
      adplace: 'top',
      advertiseUid: 'u-1',
    });
    expect(cookieOptions(set, 'stag')).toEqual({
      path: '/',
      sameSite: 'lax',
      secure: false,
      expires: ONE_DAY_IN_DAYS,
    });
    expect(cookieOptions(set, 'prHash')?.expires).toBe(ONE_DAY_IN_DAYS);
    expect(cookieOptions(set, 'partnerId')?.expires).toBe(30);
    expect(cookieOptions(set, 'advertiseUid')?.expires).toBe(30);
    expect(traffic.affiliate).toEqual([
      { stag: 'aff_1', pr: 'hash-1', partner: 'p-1', adplace: 'top', advertise_uid: 'u-1', page: '2' },
    ]);
  });

  it('never sends the simple-auth token with the query parameters or the page address', async () => {
    await visit('stag=aff_1&subH=sub-1&simple_auth=1&simpleAuthToken=secret');
    expect(traffic.affiliate).toEqual([{ stag: 'aff_1', subH: 'sub-1', simple_auth: '1' }]);
    expect(traffic.pageOpen).toEqual([
      expect.objectContaining({ click_url: 'http://localhost:3000/ru?stag=aff_1&subH=sub-1&simple_auth=1' }),
    ]);
  });

  it('keeps an existing prHash and simpleAuth', async () => {
    Cookies.set('prHash', 'first-hash', { path: '/' });
    Cookies.set('simpleAuth', 'first', { path: '/' });
    await visit('pr=second-hash&simple_auth=second');
    expect(Cookies.get('prHash')).toBe('first-hash');
    expect(Cookies.get('simpleAuth')).toBe('first');
  });

  it('records no visit without an affiliate parameter', async () => {
    await visit('page=2&simple_auth=1');
    expect(traffic.affiliate).toEqual([]);
    expect(Cookies.get('simpleAuth')).toBe('1');
  });

  it('captures a client navigation that brings new attribution parameters; the later link wins', async () => {
    await visit('stag=aff_1');
    await visit('stag=aff_2&utm_source=banner');
    expect(traffic.affiliate).toEqual([{ stag: 'aff_1' }, { stag: 'aff_2', utm_source: 'banner' }]);
    expect(Cookies.get('stag')).toBe('aff_2');
    expect(traffic.clientReports).toHaveLength(1);
  });

  it('captures nothing new on a remount or a navigation without attribution parameters', async () => {
    await visit('stag=aff_1');
    await visit('stag=aff_1');
    await visit('page=2');
    await visit('');
    expect(traffic.affiliate).toEqual([{ stag: 'aff_1' }]);
    expect(traffic.clientReports).toHaveLength(1);
  });

  it('keeps the first prHash when a later navigation brings another pr', async () => {
    await visit('pr=first');
    await visit('pr=second');
    expect(Cookies.get('prHash')).toBe('first');
  });

  it('computes no fingerprint for a visit without subH (only the page-open event and sign-up need one)', async () => {
    await visit('stag=aff_1&utm_source=google');
    expect(fingerprint.get).not.toHaveBeenCalled();
  });

  describe('the UTM call', () => {
    it('is made with all query parameters when the four UTM parameters are present and there is no advId', async () => {
      await visit(`${UTM}&utm_content=banner&stag=aff_1`);
      expect(traffic.utm).toEqual([
        {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'spring',
          utm_term: 'casino',
          utm_content: 'banner',
          stag: 'aff_1',
        },
      ]);
      expect(Cookies.get()).toMatchObject({
        advId: 'adv-1',
        adBonusType: 'bonus_percent',
        adBonusValue: '150',
        adBonusModal: '1',
      });
      expect(cookieOptions(set, 'advId')?.expires).toBe(ONE_DAY_IN_DAYS);
      for (const name of ['adBonusType', 'adBonusValue', 'adBonusModal']) {
        expect(cookieOptions(set, name)).toEqual({
          path: '/',
          sameSite: 'lax',
          secure: false,
          expires: TEN_MINUTES_IN_DAYS,
        });
      }
    });

    it('sets only advId when the campaign has no promo', async () => {
      traffic.utmReply = { advId: 'adv-2', promo: null };
      await visit(UTM);
      expect(Cookies.get('advId')).toBe('adv-2');
      expect(Cookies.get('adBonusType')).toBeUndefined();
      expect(Cookies.get('adBonusValue')).toBeUndefined();
      expect(Cookies.get('adBonusModal')).toBeUndefined();
    });

    it.each(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term'])(
      'is not made without %s',
      async (missing) => {
        const query = new URLSearchParams(UTM);
        query.delete(missing);
        await visit(query.toString());
        expect(traffic.utm).toEqual([]);
        expect(Cookies.get('advId')).toBeUndefined();
        expect(traffic.affiliate).toHaveLength(1); // the visit itself is still recorded
      },
    );

    it('is not made when one of the four is empty', async () => {
      await visit(UTM.replace('utm_term=casino', 'utm_term=%20'));
      expect(traffic.utm).toEqual([]);
    });

    it('is not made when an advId cookie exists', async () => {
      Cookies.set('advId', 'earlier-click', { path: '/' });
      await visit(UTM);
      expect(traffic.utm).toEqual([]);
      expect(Cookies.get('advId')).toBe('earlier-click');
      expect(Cookies.get('adBonusModal')).toBeUndefined();
    });
  });

  describe('the page-open event', () => {
    it('is registered with subH, the fingerprint and the opened address', async () => {
      await visit('subH=sub-1&stag=aff_1');
      expect(traffic.pageOpen).toEqual([
        { subH: 'sub-1', uuid: 'fp-hash', click_url: 'http://localhost:3000/ru?subH=sub-1&stag=aff_1' },
      ]);
    });

    it('is sent with a null uuid when there is no fingerprint', async () => {
      fingerprint.get.mockResolvedValue(null);
      await visit('subH=sub-1');
      expect(traffic.pageOpen).toEqual([expect.objectContaining({ subH: 'sub-1', uuid: null })]);
    });

    it('is not registered without subH', async () => {
      await visit('stag=aff_1&sub_h=sub-1');
      expect(traffic.pageOpen).toEqual([]);
    });
  });

  describe('the IP report', () => {
    it('reports host and user agent, then keeps the IP in userVersion and the agent in userBrowser for a day', async () => {
      await visit('');
      expect(traffic.clientReports).toEqual([{ host: window.location.host, userAgent: navigator.userAgent }]);
      expect(Cookies.get('userVersion')).toBe(TEST_CLIENT_IP);
      expect(Cookies.get('userBrowser')).toBe(navigator.userAgent);
      expect(cookieOptions(set, 'userVersion')?.expires).toBe(ONE_DAY_IN_DAYS);
      expect(cookieOptions(set, 'userBrowser')?.expires).toBe(ONE_DAY_IN_DAYS);
    });

    it('is skipped when userVersion is set', async () => {
      Cookies.set('userVersion', '198.51.100.1', { path: '/' });
      await visit('');
      expect(traffic.clientReports).toEqual([]);
      expect(Cookies.get('userVersion')).toBe('198.51.100.1');
    });
  });

  it('breaks nothing when every call fails with 500: the page renders and each failure is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const failure = () => HttpResponse.json({ message: 'Server Error' }, { status: 500 });
    server.use(
      http.post(apiPath('/middleware/affiliate'), failure),
      http.post(apiPath('/middleware/utm'), failure),
      http.post(apiPath('/middleware/registerPageOpenEvent'), failure),
      http.post(apiPath('/middleware/ip'), failure),
    );
    fingerprint.get.mockRejectedValue(new Error('fingerprint failed'));
    try {
      await visit(`${UTM}&stag=aff_1&subH=sub-1`);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.getByText('page content')).toBeInTheDocument();
      const messages = log.mock.calls.map(([message]) => message);
      expect(messages).toEqual(
        expect.arrayContaining([
          'affiliate visit failed',
          'UTM click failed',
          'page-open event failed',
          'IP report failed',
        ]),
      );
      expect(Cookies.get('stag')).toBe('aff_1'); // the cookies need no call
      expect(Cookies.get('advId')).toBeUndefined();
      expect(Cookies.get('userVersion')).toBeUndefined();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('logs a reply that breaks the contract and sets nothing from it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(apiPath('/middleware/utm'), () => HttpResponse.json({ promo: 'nope' })),
      http.post(apiPath('/middleware/ip'), () => HttpResponse.json({})),
    );
    await visit(UTM);
    expect(Cookies.get('advId')).toBeUndefined();
    expect(Cookies.get('userVersion')).toBeUndefined();
    expect(log).toHaveBeenCalledWith('UTM click failed', expect.anything());
    expect(log).toHaveBeenCalledWith('IP report failed', expect.anything());
  });
});
