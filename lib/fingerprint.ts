import { FINGERPRINT_STORAGE_KEY } from '@/lib/constants/storage';
import { FINGERPRINT_FALLBACK_DELAY_MS } from '@/lib/constants/timing';
import { TEXT_MAX } from '@/lib/contracts/traffic-limits';
import { api } from '@/lib/api/client';
import { deviceKeyReply, sealFingerprint, type DeviceKey } from '@/lib/device-seal';

/**
 * The device fingerprint (spec sections 3, 7 "Other" and 9 "Timing"): computed in the browser with
 * FingerprintJS when the page is idle (`requestIdleCallback`), or FINGERPRINT_FALLBACK_DELAY_MS (500 ms)
 * after the request when idle callbacks are unavailable, and kept in local storage under
 * FINGERPRINT_STORAGE_KEY.
 *
 * It is computed only when something needs it, never on every page (FingerprintJS costs seconds of
 * main-thread work on a slow phone, issue 14): the sign-up and log-in dialogs start it when they open
 * (`prepareFingerprintUpload`) and wait for it before their request, at most
 * FINGERPRINT_REGISTRATION_WAIT_MS (`getSealedFingerprintWithin`); the attribution capture asks for it
 * when the address carries `subH`.
 *
 * What is kept is not FingerprintJS's raw `visitorId` but the SHA-256 hex digest of
 * `FINGERPRINT_SALT + ':' + visitorId` (a stable, opaque device id; the fixed salt gives the same value on
 * every visit and every mirror: do not change it). It never leaves the browser as it is: every upload
 * (registration and log-in `fpp`, the page-open `uuid`) is sealed to the API's public key
 * (lib/device-seal.ts, `GET /api/v2/device/key`), which only the API can open.
 *
 * A stored value is reused as it is (no recomputation). Every failure (no storage, no Web Crypto outside
 * a secure context, FingerprintJS failing, the key not fetched) is logged only, and the upload is then
 * null.
 */

/** Fixed app salt of the fingerprint digest. */
export const FINGERPRINT_SALT = 'aurum.fpp.v1';

let pending: Promise<string | null> | null = null;
let keyPending: Promise<DeviceKey> | null = null;

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

/** The API's sealing key, fetched once per page (after a failure the next caller tries again). */
function deviceKey(): Promise<DeviceKey> {
  if (!keyPending) {
    keyPending = api
      .get<unknown>('/api/v2/device/key')
      .then((response) => deviceKeyReply.parse(response.data))
      .catch((error: unknown) => {
        keyPending = null;
        throw error;
      });
  }
  return keyPending;
}

/**
 * Starts computing the fingerprint and fetching the API's key, so that a request about to be sent finds
 * both ready (the sign-up and log-in dialogs call it when they open).
 */
export function prepareFingerprintUpload(): void {
  if (typeof window === 'undefined') return;
  void getFingerprint();
  deviceKey().catch((error: unknown) => console.error('device key unavailable', error));
}

/** The fingerprint sealed to the API's key, for an upload; null when it cannot be had. Never rejects. */
export async function getSealedFingerprint(): Promise<string | null> {
  const fingerprint = await getFingerprint();
  if (fingerprint === null) return null;
  try {
    return await sealFingerprint(fingerprint, await deviceKey());
  } catch (error) {
    console.error('fingerprint not sealed', error);
    return null;
  }
}

/**
 * `getSealedFingerprint()`, but null once `waitMs` have passed without it (the computation goes on, and
 * the fingerprint is stored for the next caller). Never rejects.
 */
export function getSealedFingerprintWithin(waitMs: number): Promise<string | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), waitMs);
    void getSealedFingerprint().then((sealed) => {
      window.clearTimeout(timer);
      resolve(sealed);
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
