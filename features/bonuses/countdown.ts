import Cookies from 'js-cookie';
import {
  BONUS_COUNTDOWN_COOKIE_MAX_AGE_S,
  COOKIE,
  cookieExpiresDays,
  WELCOME_PACK_COUNTDOWN_COOKIE_MAX_AGE_S,
} from '@/lib/constants/cookies';

/**
 * The bonus bar's countdowns (spec sections 4 and 9): 3 days for a promo code's registration-deposit
 * bonus, 7 days for the welcome pack. The end is kept in a cookie as epoch milliseconds, with the
 * countdown's own length as the cookie's lifetime. A countdown restarts (a new end, now + its length)
 * when its cookie is missing, is not a number, has passed, or lies further ahead than a whole countdown
 * (a clock change or a forged value).
 */

export type CountdownKind = 'bonus' | 'welcomePack';

export const COUNTDOWNS: Readonly<Record<CountdownKind, { cookie: string; maxAgeS: number }>> = {
  bonus: { cookie: COOKIE.bonusCountdown, maxAgeS: BONUS_COUNTDOWN_COOKIE_MAX_AGE_S },
  welcomePack: { cookie: COOKIE.welcomePackCountdown, maxAgeS: WELCOME_PACK_COUNTDOWN_COOKIE_MAX_AGE_S },
};

/** Length of a countdown in milliseconds. */
export const countdownLengthMs = (kind: CountdownKind) => COUNTDOWNS[kind].maxAgeS * 1000;

/** A cookie value as an end in epoch ms: digits only, a positive safe integer; anything else is null. */
export function parseCountdownEnd(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value.trim())) return null;
  const end = Number(value.trim());
  return Number.isSafeInteger(end) && end > 0 ? end : null;
}

/** The stored end if it is still running and no further than one countdown ahead; null means restart. */
export function runningCountdownEnd(stored: number | null, now: number, lengthMs: number): number | null {
  if (stored === null || stored <= now || stored > now + lengthMs) return null;
  return stored;
}

/** Where countdown cookies are read and written; js-cookie in the browser, a fake in tests. */
export interface CookieJar {
  get: (name: string) => string | undefined;
  set: (name: string, value: string, attributes: Cookies.CookieAttributes) => void;
}

export const browserCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, attributes) => {
    Cookies.set(name, value, attributes);
  },
};

/** Cookie attributes of a countdown: its length as lifetime (js-cookie wants days), the whole site. */
export function countdownCookieAttributes(kind: CountdownKind): Cookies.CookieAttributes {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:';
  return { expires: cookieExpiresDays(COUNTDOWNS[kind].maxAgeS), path: '/', sameSite: 'lax', secure };
}

/**
 * The end of the `kind` countdown: the one in its cookie while it runs, otherwise a new one
 * (`now` + the countdown's length), written to the cookie.
 */
export function ensureCountdownEnd(
  kind: CountdownKind,
  now: number = Date.now(),
  jar: CookieJar = browserCookieJar,
): { end: number; restarted: boolean } {
  const { cookie } = COUNTDOWNS[kind];
  const lengthMs = countdownLengthMs(kind);
  const running = runningCountdownEnd(parseCountdownEnd(jar.get(cookie)), now, lengthMs);
  if (running !== null) return { end: running, restarted: false };
  const end = now + lengthMs;
  jar.set(cookie, String(end), countdownCookieAttributes(kind));
  return { end, restarted: true };
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms` (rounded down; never negative). */
export function countdownParts(ms: number): CountdownParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/** Unit marks of {@link formatCountdown}, translated by the caller. */
export interface CountdownUnits {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

export const ENGLISH_COUNTDOWN_UNITS: CountdownUnits = { days: 'd', hours: 'h', minutes: 'm', seconds: 's' };

/** `2d 03h 04m 05s`; the days are left out when there are none (`03h 04m 05s`). */
export function formatCountdown(ms: number, units: CountdownUnits = ENGLISH_COUNTDOWN_UNITS): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(hours)}${units.hours} ${two(minutes)}${units.minutes} ${two(seconds)}${units.seconds}`;
  return days > 0 ? `${days}${units.days} ${time}` : time;
}
