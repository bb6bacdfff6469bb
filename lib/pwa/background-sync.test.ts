import { describe, expect, it, vi } from 'vitest';
import { BACKGROUND_SYNC_MS, BACKGROUND_SYNC_TAG, SYNC_MIRRORS_MESSAGE } from '@/lib/constants/timing';
import { startBackgroundSync, type SyncRegistration } from './background-sync';

function setup(permission: PermissionState | 'unsupported') {
  const intervals: { callback: () => void; ms: number }[] = [];
  return {
    intervals,
    deps: {
      permission: vi.fn(async () => permission),
      setInterval: (callback: () => void, ms: number) => intervals.push({ callback, ms }),
    },
  };
}

describe('background sync sync-data', () => {
  it('uses the periodic sync every 10 minutes when its permission is granted', async () => {
    const periodic = vi.fn(async () => {});
    const oneOff = vi.fn(async () => {});
    const { deps, intervals } = setup('granted');
    const registration: SyncRegistration = {
      periodicSync: { register: periodic },
      sync: { register: oneOff },
    };
    expect(await startBackgroundSync(registration, deps)).toBe('periodic');
    expect(periodic).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG, { minInterval: BACKGROUND_SYNC_MS });
    expect(oneOff).not.toHaveBeenCalled();
    expect(intervals).toHaveLength(0);
  });

  it('without the permission re-registers a one-off sync every 10 minutes', async () => {
    const periodic = vi.fn(async () => {});
    const oneOff = vi.fn(async () => {});
    const { deps, intervals } = setup('denied');
    const registration: SyncRegistration = {
      periodicSync: { register: periodic },
      sync: { register: oneOff },
    };
    expect(await startBackgroundSync(registration, deps)).toBe('one-off');
    expect(periodic).not.toHaveBeenCalled();
    expect(oneOff).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG);
    expect(intervals.map(({ ms }) => ms)).toEqual([BACKGROUND_SYNC_MS]);
    intervals[0].callback();
    intervals[0].callback();
    expect(oneOff).toHaveBeenCalledTimes(3);
  });

  it('falls back to the one-off sync when the periodic registration is refused', async () => {
    const oneOff = vi.fn(async () => {});
    const { deps } = setup('granted');
    const registration: SyncRegistration = {
      periodicSync: { register: vi.fn(async () => Promise.reject(new Error('not installed'))) },
      sync: { register: oneOff },
    };
    expect(await startBackgroundSync(registration, deps)).toBe('one-off');
  });

  it('without either sync posts syncMirrors to the worker now and every 10 minutes', async () => {
    const postMessage = vi.fn();
    const { deps, intervals } = setup('unsupported');
    expect(await startBackgroundSync({ active: { postMessage } }, deps)).toBe('message');
    expect(postMessage).toHaveBeenCalledWith({ type: SYNC_MIRRORS_MESSAGE });
    expect(intervals.map(({ ms }) => ms)).toEqual([BACKGROUND_SYNC_MS]);
    intervals[0].callback();
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('posts the message when the one-off sync is refused too', async () => {
    const postMessage = vi.fn();
    const { deps } = setup('prompt');
    const registration: SyncRegistration = {
      sync: { register: vi.fn(async () => Promise.reject(new Error('denied'))) },
      active: { postMessage },
    };
    expect(await startBackgroundSync(registration, deps)).toBe('message');
    expect(postMessage).toHaveBeenCalledOnce();
  });
});
