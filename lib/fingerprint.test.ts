import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_STORAGE_KEY } from '@/lib/constants/storage';
import { FINGERPRINT_FALLBACK_DELAY_MS } from '@/lib/constants/timing';
import { keyId, openFingerprint, SEALED_FINGERPRINT_PATTERN } from '@/lib/device-seal';

const fp = vi.hoisted(() => ({ load: vi.fn(), get: vi.fn() }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load: fp.load } }));
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@/lib/api/client', () => ({ api }));

const VISITOR_ID = 'visitor-0123456789';
const expectedFingerprint = (visitorId: string) =>
  createHash('sha256').update(`aurum.fpp.v1:${visitorId}`).digest('hex');

/** A fresh module per test: the computation is memoised per page load. */
async function freshGetFingerprint() {
  vi.resetModules();
  return (await import('./fingerprint')).getFingerprint;
}

async function freshModule() {
  vi.resetModules();
  return import('./fingerprint');
}

describe('getFingerprint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    window.localStorage.clear();
    fp.get.mockResolvedValue({ visitorId: VISITOR_ID });
    fp.load.mockResolvedValue({ get: fp.get });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    fp.load.mockReset();
    fp.get.mockReset();
    Reflect.deleteProperty(window, 'requestIdleCallback');
  });

  it(`computes ${FINGERPRINT_FALLBACK_DELAY_MS} ms later when idle callbacks are unavailable`, async () => {
    const getFingerprint = await freshGetFingerprint();
    expect(window.requestIdleCallback).toBeUndefined();
    const fingerprint = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS - 1);
    expect(fp.load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(fingerprint).resolves.toBe(expectedFingerprint(VISITOR_ID));
    expect(fp.load).toHaveBeenCalledWith({ monitoring: false });
  });

  it('computes on an idle callback when the browser has them, not on the timer', async () => {
    let idle: (() => void) | undefined;
    window.requestIdleCallback = vi.fn((callback: IdleRequestCallback) => {
      idle = () => callback({ didTimeout: false, timeRemaining: () => 50 });
      return 1;
    });
    const getFingerprint = await freshGetFingerprint();
    const fingerprint = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS * 4);
    expect(fp.load).not.toHaveBeenCalled();
    idle?.();
    await expect(fingerprint).resolves.toBe(expectedFingerprint(VISITOR_ID));
    expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
  });

  it('stores the salted SHA-256 hex of the visitor id, never the raw id', async () => {
    const getFingerprint = await freshGetFingerprint();
    const fingerprint = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
    const value = await fingerprint;
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBe(value);
    expect(value).not.toContain(VISITOR_ID);
  });

  it('reuses a stored fingerprint without computing one', async () => {
    window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, 'stored-fingerprint');
    const getFingerprint = await freshGetFingerprint();
    await expect(getFingerprint()).resolves.toBe('stored-fingerprint');
    expect(fp.load).not.toHaveBeenCalled();
  });

  it('computes once for concurrent callers', async () => {
    const getFingerprint = await freshGetFingerprint();
    const first = getFingerprint();
    const second = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
    expect(await first).toBe(await second);
    expect(fp.load).toHaveBeenCalledTimes(1);
  });

  it('logs a failure and answers null, storing nothing; a later call tries again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fp.load.mockRejectedValueOnce(new Error('blocked by an extension'));
    const getFingerprint = await freshGetFingerprint();
    const failed = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
    await expect(failed).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('fingerprint failed', expect.any(Error));
    expect(window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBeNull();

    const retried = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
    await expect(retried).resolves.toBe(expectedFingerprint(VISITOR_ID));
    expect(fp.load).toHaveBeenCalledTimes(2);
  });

  it('still answers when local storage is blocked (logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const getFingerprint = await freshGetFingerprint();
    const fingerprint = getFingerprint();
    await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
    await expect(fingerprint).resolves.toBe(expectedFingerprint(VISITOR_ID));
    expect(log).toHaveBeenCalledTimes(2);
  });

  describe('the sealed upload', () => {
    /** A P-256 key pair standing for the API's, published as `GET /api/v2/device/key` answers it. */
    async function apiKey() {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const kid = await keyId(raw);
      return {
        published: { kid, kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
        opening: { kid, privateKey: pair.privateKey },
      };
    }

    beforeEach(() => api.get.mockReset());

    it('seals the fingerprint to the API key, differently each time, fetching the key once', async () => {
      const key = await apiKey();
      api.get.mockResolvedValue({ data: key.published });
      const { getSealedFingerprintWithin } = await freshModule();
      const first = getSealedFingerprintWithin(FINGERPRINT_FALLBACK_DELAY_MS + 1_000);
      await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
      const sealed = await first;
      expect(sealed).toMatch(SEALED_FINGERPRINT_PATTERN);
      expect(sealed).not.toContain(expectedFingerprint(VISITOR_ID));
      expect(await openFingerprint(sealed!, key.opening)).toBe(expectedFingerprint(VISITOR_ID));

      const again = await getSealedFingerprintWithin(1_000);
      expect(again).not.toBe(sealed);
      expect(await openFingerprint(again!, key.opening)).toBe(expectedFingerprint(VISITOR_ID));
      expect(api.get).toHaveBeenCalledTimes(1);
      expect(api.get).toHaveBeenCalledWith('/api/v2/device/key');
    });

    it('answers null once the wait is over, and the computation goes on and stores the fingerprint', async () => {
      api.get.mockResolvedValue({ data: (await apiKey()).published });
      let finish: ((value: { visitorId: string }) => void) | undefined;
      fp.get.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
      const { getSealedFingerprintWithin } = await freshModule();
      const sealed = getSealedFingerprintWithin(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(sealed).resolves.toBeNull();
      finish?.({ visitorId: VISITOR_ID });
      await vi.waitFor(() =>
        expect(window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBe(expectedFingerprint(VISITOR_ID)),
      );
    });

    it('answers null when the key cannot be fetched or is not a key (logged), and fetches again next time', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, expectedFingerprint(VISITOR_ID));
      api.get.mockRejectedValueOnce(new Error('Network Error'));
      api.get.mockResolvedValueOnce({ data: { kid: 'x' } });
      const key = await apiKey();
      api.get.mockResolvedValueOnce({ data: key.published });
      const { getSealedFingerprintWithin } = await freshModule();
      await expect(getSealedFingerprintWithin(1_000)).resolves.toBeNull();
      await expect(getSealedFingerprintWithin(1_000)).resolves.toBeNull();
      expect(log).toHaveBeenCalledWith('fingerprint not sealed', expect.any(Error));
      const sealed = await getSealedFingerprintWithin(1_000);
      expect(await openFingerprint(sealed!, key.opening)).toBe(expectedFingerprint(VISITOR_ID));
      expect(api.get).toHaveBeenCalledTimes(3);
    });

    it('prepareFingerprintUpload starts the computation and the key fetch, logging a failed fetch only', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      api.get.mockRejectedValueOnce(new Error('Network Error'));
      const { prepareFingerprintUpload } = await freshModule();
      prepareFingerprintUpload();
      expect(api.get).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
      await vi.waitFor(() =>
        expect(window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBe(expectedFingerprint(VISITOR_ID)),
      );
      expect(log).toHaveBeenCalledWith('device key unavailable', expect.any(Error));
    });
  });
});
