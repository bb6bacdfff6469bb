import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_STORAGE_KEY } from '@/lib/constants/storage';
import { FINGERPRINT_FALLBACK_DELAY_MS } from '@/lib/constants/timing';

const fp = vi.hoisted(() => ({ load: vi.fn(), get: vi.fn() }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load: fp.load } }));

const VISITOR_ID = 'visitor-0123456789';
const expectedFingerprint = (visitorId: string) =>
  createHash('sha256').update(`aurum.fpp.v1:${visitorId}`).digest('hex');

/** A fresh module per test: the computation is memoised per page load. */
async function freshGetFingerprint() {
  vi.resetModules();
  return (await import('./fingerprint')).getFingerprint;
}

async function freshGetFingerprintWithin() {
  vi.resetModules();
  return (await import('./fingerprint')).getFingerprintWithin;
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

  describe('getFingerprintWithin', () => {
    it('answers the fingerprint computed within the wait', async () => {
      const getFingerprintWithin = await freshGetFingerprintWithin();
      const fingerprint = getFingerprintWithin(FINGERPRINT_FALLBACK_DELAY_MS + 1_000);
      await vi.advanceTimersByTimeAsync(FINGERPRINT_FALLBACK_DELAY_MS);
      await expect(fingerprint).resolves.toBe(expectedFingerprint(VISITOR_ID));
    });

    it('answers null once the wait is over, and the computation goes on and stores its value', async () => {
      let finish: ((value: { visitorId: string }) => void) | undefined;
      fp.get.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
      const getFingerprintWithin = await freshGetFingerprintWithin();
      const fingerprint = getFingerprintWithin(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(fingerprint).resolves.toBeNull();
      finish?.({ visitorId: VISITOR_ID });
      await vi.waitFor(() =>
        expect(window.localStorage.getItem(FINGERPRINT_STORAGE_KEY)).toBe(expectedFingerprint(VISITOR_ID)),
      );
    });

    it('answers a stored fingerprint at once', async () => {
      window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, 'stored-fingerprint');
      const getFingerprintWithin = await freshGetFingerprintWithin();
      await expect(getFingerprintWithin(0)).resolves.toBe('stored-fingerprint');
      expect(fp.load).not.toHaveBeenCalled();
    });
  });
});
