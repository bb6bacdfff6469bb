import { FINGERPRINT_STORAGE_KEY } from '@/lib/constants/storage';
import { FINGERPRINT_FALLBACK_DELAY_MS } from '@/lib/constants/timing';
import { TEXT_MAX } from '@/lib/contracts/traffic-limits';

/**
 * The device fingerprint (spec sections 3, 7 "Other" and 9 "Timing"): computed in the browser with
 * FingerprintJS when the page is idle (`requestIdleCallback`), or FINGERPRINT_FALLBACK_DELAY_MS (500 ms)
 * after the request when idle callbacks are unavailable, and kept in local storage under
 * FINGERPRINT_STORAGE_KEY. Registration sends it as `fpp`, the page-open event as `uuid`.
 *
 * It is computed only when one of them needs it, never on every page (FingerprintJS costs seconds of
 * main-thread work on a slow phone, issue 14): the sign-up dialog asks for it when it opens and waits
 * for it before the registration request, at most FINGERPRINT_REGISTRATION_WAIT_MS
 * (`getFingerprintWithin`); the attribution capture asks for it when the address carries `subH`.
 *
 * "Encrypted" (the spec does not say how): we never keep or send FingerprintJS's raw `visitorId`, only
 * the SHA-256 hex digest of `FINGERPRINT_SALT + ':' + visitorId`. The salt is fixed for the app so the
 * same device yields the same value on every visit and every mirror; it is a one-way hash, not
 * reversible encryption, which is all the API needs (a stable, opaque device id). Changing the salt
 * changes every device's id: do not.
 *
 * A stored value is reused as it is (no recomputation). Every failure (no storage, no Web Crypto outside
 * a secure context, FingerprintJS failing) is logged only, and the fingerprint is then null.
 */

/** Fixed app salt of the fingerprint digest. */
export const FINGERPRINT_SALT = 'aurum.fpp.v1';

let pending: Promise<string | null> | null = null;

/**
 * The stored fingerprint, else one computed now (once per page: concurrent callers share the
 * computation). Never rejects: null when it cannot be had.
 */
export function getFingerprint(): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  if (!pending) {
    pending = computeFingerprint().then((fingerprint) => {
      if (fingerprint === null) pending = null; // a later caller may try again
      return fingerprint;
    });
  }
  return pending;
}

/**
 * `getFingerprint()`, but null once `waitMs` have passed without it (the computation goes on, and its
 * value is stored for the next caller). A stored fingerprint answers at once. Never rejects.
 */
export function getFingerprintWithin(waitMs: number): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), waitMs);
    void getFingerprint().then((fingerprint) => {
      window.clearTimeout(timer);
      resolve(fingerprint);
    });
  });
}

async function computeFingerprint(): Promise<string | null> {
  const stored = readStored();
  if (stored) return stored;
  try {
    await whenIdle();
    // The library loads here, when the page is idle, not with the page.
    const { default: FingerprintJS } = await import('@fingerprintjs/fingerprintjs');
    const agent = await FingerprintJS.load({ monitoring: false });
    const { visitorId } = await agent.get();
    const fingerprint = await sha256Hex(`${FINGERPRINT_SALT}:${visitorId}`);
    store(fingerprint);
    return fingerprint;
  } catch (error) {
    console.error('fingerprint failed', error);
    return null;
  }
}

function readStored(): string | null {
  try {
    const value = window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)?.trim();
    return value && value.length <= TEXT_MAX ? value : null;
  } catch (error) {
    console.error('fingerprint storage unavailable', error);
    return null;
  }
}

function store(fingerprint: string): void {
  try {
    window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, fingerprint);
  } catch (error) {
    console.error('fingerprint storage unavailable', error); // still usable for this page
  }
}

/** Resolves when the browser is idle, or after FINGERPRINT_FALLBACK_DELAY_MS without idle callbacks. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve());
    else window.setTimeout(resolve, FINGERPRINT_FALLBACK_DELAY_MS);
  });
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
