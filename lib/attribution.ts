import Cookies from 'js-cookie';
import { COOKIE } from '@/lib/constants/cookies';
import { FINGERPRINT_STORAGE_KEY } from '@/lib/constants/storage';

/**
 * The attribution a registration carries (spec section 7: fpp, partner, adplace, stag, promo), read
 * from what the visitor's arrival left in cookies and local storage. Absent values are null.
 */
export function registrationAttribution(promo?: string | null) {
  const read = (name: string) => Cookies.get(name) || null;
  let fpp: string | null = null;
  try {
    fpp = window.localStorage.getItem(FINGERPRINT_STORAGE_KEY);
  } catch {
    fpp = null; // storage blocked: register without a fingerprint
  }
  const queryPromo = new URLSearchParams(window.location.search).get('promo');
  return {
    fpp,
    partner: read(COOKIE.partnerId),
    adplace: read(COOKIE.adplace),
    stag: read(COOKIE.stag),
    promo: promo?.trim() || queryPromo || null,
  };
}

/** `POST middleware/ip` with the host and user agent (spec section 7). Failures are swallowed and logged. */
export async function reportClient(api: { post: (url: string, body: unknown) => Promise<unknown> }): Promise<void> {
  try {
    await api.post('middleware/ip', { host: window.location.host, userAgent: navigator.userAgent });
  } catch (error) {
    console.error('IP report failed', error);
  }
}

/**
 * `POST attachSource` with every attribution value, each null if absent (spec section 7). Failures
 * are swallowed and logged (spec section 8).
 */
export async function attachSource(api: { post: (url: string, body: unknown) => Promise<unknown> }): Promise<void> {
  const read = (name: string) => Cookies.get(name) || null;
  const body = {
    stag: read(COOKIE.stag),
    promo: new URLSearchParams(window.location.search).get('promo'),
    partnerId: read(COOKIE.partnerId),
    advId: read(COOKIE.advId),
    advertiseUid: read(COOKIE.advertiseUid),
    advertiseSource: read(COOKIE.advertiseSource),
    cpaOneUid: read(COOKIE.cpaOneUid),
    prHash: read(COOKIE.prHash),
  };
  try {
    await api.post('attachSource', body);
  } catch (error) {
    console.error('source attachment failed', error);
  }
}
