import Cookies from 'js-cookie';
import { COOKIE } from '@/lib/constants/cookies';
import { PROMO_SESSION_STORAGE_KEY } from '@/lib/constants/storage';
import { FINGERPRINT_REGISTRATION_WAIT_MS } from '@/lib/constants/timing';
import { getSealedFingerprintWithin } from '@/lib/fingerprint';
import type { AttachSourceBody } from '@/lib/contracts/traffic';

/**
 * The attribution a registration carries (spec section 7: partner, adplace, stag, promo), read from what
 * the visitor's arrival left in cookies. Absent values are null. The device fingerprint (`fpp`) is added
 * by `registrationAttributionWithFingerprint`, sealed.
 */
export function registrationAttribution(promo?: string | null) {
  const read = (name: string) => Cookies.get(name) || null;
  const queryPromo = new URLSearchParams(window.location.search).get('promo');
  return {
    partner: read(COOKIE.partnerId),
    adplace: read(COOKIE.adplace),
    stag: read(COOKIE.stag),
    promo: promo?.trim() || queryPromo || null,
  };
}

/**
 * `registrationAttribution` for a registration request, with `fpp`: the device fingerprint sealed to the
 * API's key (lib/fingerprint.ts; the sign-up dialog starts it when it opens) when it comes within
 * FINGERPRINT_REGISTRATION_WAIT_MS, else null.
 */
export async function registrationAttributionWithFingerprint(promo?: string | null) {
  const fpp = await getSealedFingerprintWithin(FINGERPRINT_REGISTRATION_WAIT_MS);
  return { fpp, ...registrationAttribution(promo) };
}

/** `POST middleware/ip` with the host and user agent (spec section 7). Failures are swallowed and logged. */
export async function reportClient(api: {
  post: (url: string, body: unknown) => Promise<unknown>;
}): Promise<void> {
  try {
    await api.post('middleware/ip', { host: window.location.host, userAgent: navigator.userAgent });
  } catch (error) {
    console.error('IP report failed', error);
  }
}

/** The promo of the visit: the `promo` query parameter, else the one the promo store kept for the session. */
function visitPromo(): string | null {
  const queryPromo = new URLSearchParams(window.location.search).get('promo')?.trim();
  if (queryPromo) return queryPromo;
  try {
    // The bonus promo store (features/bonuses/stores/promo-store.ts) keeps its code here.
    return window.sessionStorage.getItem(PROMO_SESSION_STORAGE_KEY)?.trim() || null;
  } catch {
    return null; // storage blocked: no stored promo
  }
}

/** The body of `POST attachSource`: every attribution value the browser holds, each null if absent. */
export function sourceAttribution(): AttachSourceBody {
  const read = (name: string) => Cookies.get(name) || null;
  return {
    stag: read(COOKIE.stag),
    promo: visitPromo(),
    partnerId: read(COOKIE.partnerId),
    advId: read(COOKIE.advId),
    advertiseUid: read(COOKIE.advertiseUid),
    advertiseSource: read(COOKIE.advertiseSource),
    cpaOneUid: read(COOKIE.cpaOneUid),
    prHash: read(COOKIE.prHash),
  };
}

/** Whether the browser holds any attribution value (else there is nothing to attach). Never throws. */
export function hasSourceAttribution(): boolean {
  try {
    return Object.values(sourceAttribution()).some((value) => value !== null);
  } catch (error) {
    console.error('source attribution unreadable', error);
    return false;
  }
}

/**
 * `POST attachSource` with every attribution value, each null if absent (spec section 7). Failures
 * are swallowed and logged (spec section 8): it never rejects.
 */
export async function attachSource(api: {
  post: (url: string, body: unknown) => Promise<unknown>;
}): Promise<void> {
  try {
    await api.post('attachSource', sourceAttribution());
  } catch (error) {
    console.error('source attachment failed', error);
  }
}
