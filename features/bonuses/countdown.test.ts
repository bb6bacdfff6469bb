import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE } from '@/lib/constants/cookies';
import {
  countdownParts,
  ensureCountdownEnd,
  formatCountdown,
  parseCountdownEnd,
  type CookieJar,
} from './countdown';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);
const DAY_MS = 86_400_000;

/** A cookie jar that remembers what was written and with which attributes. */
function fakeJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const writes: { name: string; value: string; attributes: Cookies.CookieAttributes }[] = [];
  const jar: CookieJar = {
    get: (name) => values.get(name),
    set: (name, value, attributes) => {
      values.set(name, value);
      writes.push({ name, value, attributes });
    },
  };
  return { jar, writes };
}

describe('countdown cookies', () => {
  afterEach(() => {
    Cookies.remove(COOKIE.bonusCountdown, { path: '/' });
    Cookies.remove(COOKIE.welcomePackCountdown, { path: '/' });
  });

  it('starts a 3-day bonus countdown in bonusCountdown when there is none, living 3 days', () => {
    const { jar, writes } = fakeJar();
    expect(ensureCountdownEnd('bonus', NOW, jar)).toEqual({ end: NOW + 3 * DAY_MS, restarted: true });
    expect(writes).toEqual([
      {
        name: 'bonusCountdown',
        value: String(NOW + 3 * DAY_MS),
        attributes: expect.objectContaining({ expires: 3, path: '/' }),
      },
    ]);
  });

  it('starts a 7-day welcome-pack countdown in welcomePackCountdown, living 7 days', () => {
    const { jar, writes } = fakeJar();
    expect(ensureCountdownEnd('welcomePack', NOW, jar).end).toBe(NOW + 7 * DAY_MS);
    expect(writes[0]).toMatchObject({
      name: 'welcomePackCountdown',
      value: String(NOW + 7 * DAY_MS),
      attributes: { expires: 7 },
    });
  });

  it('keeps a running countdown and writes nothing', () => {
    const end = NOW + 5 * 3_600_000;
    const { jar, writes } = fakeJar({ bonusCountdown: String(end) });
    expect(ensureCountdownEnd('bonus', NOW, jar)).toEqual({ end, restarted: false });
    expect(writes).toEqual([]);
  });

  it.each([
    ['expired', String(NOW - 1)],
    ['ending right now', String(NOW)],
    ['garbage', 'soon'],
    ['a negative number', '-5'],
    ['a fraction', String(NOW + 0.5)],
    ['empty', ''],
    ['further ahead than a whole countdown', String(NOW + 3 * DAY_MS + 1)],
  ])('restarts when the cookie is %s', (_, value) => {
    const { jar, writes } = fakeJar({ bonusCountdown: value });
    expect(ensureCountdownEnd('bonus', NOW, jar)).toEqual({ end: NOW + 3 * DAY_MS, restarted: true });
    expect(writes.map((w) => w.value)).toEqual([String(NOW + 3 * DAY_MS)]);
  });

  it('keeps the end in the real browser cookie as epoch milliseconds', () => {
    const first = ensureCountdownEnd('welcomePack', NOW);
    expect(Cookies.get('welcomePackCountdown')).toBe(String(NOW + 7 * DAY_MS));
    // A later visit in the same week keeps the same end.
    expect(ensureCountdownEnd('welcomePack', NOW + DAY_MS)).toEqual({ end: first.end, restarted: false });
    // After the end it starts again.
    expect(ensureCountdownEnd('welcomePack', first.end + 1000).end).toBe(first.end + 1000 + 7 * DAY_MS);
  });

  it('reads only whole positive epoch milliseconds', () => {
    expect(parseCountdownEnd(' 1714564800000 ')).toBe(1714564800000);
    expect(parseCountdownEnd(undefined)).toBeNull();
    expect(parseCountdownEnd('1e12')).toBeNull();
    expect(parseCountdownEnd('0')).toBeNull();
  });
});

describe('formatCountdown', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * DAY_MS + 3 * 3_600_000 + 4 * 60_000 + 5_999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(-10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('shows days only when there are some, the rest padded', () => {
    expect(formatCountdown(2 * DAY_MS + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2d 03h 04m 05s');
    expect(formatCountdown(59_000)).toBe('00h 00m 59s');
    expect(formatCountdown(3 * DAY_MS, { days: 'д', hours: 'ч', minutes: 'м', seconds: 'с' })).toBe(
      '3д 00ч 00м 00с',
    );
  });
});
