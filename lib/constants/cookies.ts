import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '@/lib/i18n/cookie';

/**
 * Cookie names of spec section 3 and lifetimes of spec section 9, in seconds. js-cookie wants `expires`
 * in days: use {@link cookieExpiresDays}. Server code (Set-Cookie `Max-Age`) uses the seconds directly.
 */

const DAY_S = 86_400;

export const COOKIE = {
  token: 'token',
  superBonus: 'super_bonus',
  simpleAuth: 'simpleAuth',
  /** Client IP, reported by the simple-auth flow. */
  userVersion: 'userVersion',
  /** User agent, reported by the simple-auth flow. */
  userBrowser: 'userBrowser',
  stag: 'stag',
  partnerId: 'partnerId',
  /** Spec names an adplace cookie (section 9) without its name; `adplace` as in the register payload. */
  adplace: 'adplace',
  advId: 'advId',
  advertiseUid: 'advertiseUid',
  advertiseSource: 'advertiseSource',
  cpaOneUid: 'cpaOneUid',
  prHash: 'prHash',
  adBonusType: 'adBonusType',
  adBonusValue: 'adBonusValue',
  adBonusModal: 'adBonusModal',
  ssoRedirected: 'ssoRedirected',
  /** The locale cookie, as next-intl's routing sets it (lib/i18n/cookie.ts). */
  locale: LOCALE_COOKIE_NAME,
  /** Registration-deposit bonus countdown (name not given by the spec). */
  bonusCountdown: 'bonusCountdown',
  /** Welcome-pack countdown (name not given by the spec). */
  welcomePackCountdown: 'welcomePackCountdown',
} as const;

export type CookieKey = keyof typeof COOKIE;
export type CookieName = (typeof COOKIE)[CookieKey];

export const TOKEN_COOKIE_MAX_AGE_S = 2_592_000; // 30 days
export const SUPER_BONUS_COOKIE_MAX_AGE_S = 15_768_000; // about 182 days
export const ONE_DAY_COOKIE_MAX_AGE_S = DAY_S; // userVersion, userBrowser, prHash, simpleAuth, advId, stag
export const ADVERTISE_COOKIE_MAX_AGE_S = 30 * DAY_S; // advertiseUid, advertiseSource, cpaOneUid
export const BONUS_COUNTDOWN_COOKIE_MAX_AGE_S = 3 * DAY_S;
export const WELCOME_PACK_COUNTDOWN_COOKIE_MAX_AGE_S = 7 * DAY_S;
export const AD_BONUS_COOKIE_MAX_AGE_S = 600; // 10 minutes

/**
 * Partner and adplace lifetimes "come from configuration" (spec section 9):
 * `NEXT_PUBLIC_PARTNER_COOKIE_MAX_AGE_S` and `NEXT_PUBLIC_ADPLACE_COOKIE_MAX_AGE_S`, in seconds.
 * When unset they default to 30 days (a decision of ours; the spec gives no figure).
 */
export const CONFIGURED_COOKIE_DEFAULT_MAX_AGE_S = 30 * DAY_S;

function positiveSeconds(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

// Read literally, so that Next.js inlines the values into the browser bundle.
export const PARTNER_COOKIE_MAX_AGE_S = positiveSeconds(
  process.env.NEXT_PUBLIC_PARTNER_COOKIE_MAX_AGE_S,
  CONFIGURED_COOKIE_DEFAULT_MAX_AGE_S,
);
export const ADPLACE_COOKIE_MAX_AGE_S = positiveSeconds(
  process.env.NEXT_PUBLIC_ADPLACE_COOKIE_MAX_AGE_S,
  CONFIGURED_COOKIE_DEFAULT_MAX_AGE_S,
);

/** Lifetime of each cookie in seconds; `undefined` means a session cookie (no lifetime given). */
export const COOKIE_MAX_AGE_S: Readonly<Record<CookieName, number | undefined>> = {
  [COOKIE.token]: TOKEN_COOKIE_MAX_AGE_S,
  [COOKIE.superBonus]: SUPER_BONUS_COOKIE_MAX_AGE_S,
  [COOKIE.simpleAuth]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.userVersion]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.userBrowser]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.stag]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.partnerId]: PARTNER_COOKIE_MAX_AGE_S,
  [COOKIE.adplace]: ADPLACE_COOKIE_MAX_AGE_S,
  [COOKIE.advId]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.advertiseUid]: ADVERTISE_COOKIE_MAX_AGE_S,
  [COOKIE.advertiseSource]: ADVERTISE_COOKIE_MAX_AGE_S,
  [COOKIE.cpaOneUid]: ADVERTISE_COOKIE_MAX_AGE_S,
  [COOKIE.prHash]: ONE_DAY_COOKIE_MAX_AGE_S,
  [COOKIE.adBonusType]: AD_BONUS_COOKIE_MAX_AGE_S,
  [COOKIE.adBonusValue]: AD_BONUS_COOKIE_MAX_AGE_S,
  [COOKIE.adBonusModal]: AD_BONUS_COOKIE_MAX_AGE_S,
  // The spec gives no lifetime: it is set for the first-load SSO round trip only.
  [COOKIE.ssoRedirected]: undefined,
  [COOKIE.locale]: LOCALE_COOKIE_MAX_AGE_S,
  [COOKIE.bonusCountdown]: BONUS_COUNTDOWN_COOKIE_MAX_AGE_S,
  [COOKIE.welcomePackCountdown]: WELCOME_PACK_COUNTDOWN_COOKIE_MAX_AGE_S,
};

/** Seconds to js-cookie's `expires` (days, fractions allowed: 600 s → 600 / 86400 days). */
export function cookieExpiresDays(maxAgeS: number): number {
  return maxAgeS / DAY_S;
}

/** js-cookie `expires` for a named cookie, or `undefined` for a session cookie. */
export function cookieExpiresFor(name: CookieName): number | undefined {
  const maxAge = COOKIE_MAX_AGE_S[name];
  return maxAge === undefined ? undefined : cookieExpiresDays(maxAge);
}
