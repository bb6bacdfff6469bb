import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_TTL_MS } from '@/lib/constants/timing';
import { createReloadGuard, guardedReload, RELOAD_GUARD_STORAGE_KEY } from './reload-guard';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the reload guard', () => {
  it('lets the first reload happen and refuses another within its 10 s time-to-live', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const guard = createReloadGuard(storage, () => now);
    const reload = vi.fn();
    expect(guardedReload(guard, reload)).toBe(true);
    expect(storage.getItem(RELOAD_GUARD_STORAGE_KEY)).toBe(String(1_000_000));
    now += RELOAD_GUARD_TTL_MS - 1;
    expect(
      guardedReload(
        createReloadGuard(storage, () => now),
        reload,
      ),
    ).toBe(false);
    now += 1;
    expect(
      guardedReload(
        createReloadGuard(storage, () => now),
        reload,
      ),
    ).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('still reloads when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const reload = vi.fn();
    expect(guardedReload(createReloadGuard(broken), reload)).toBe(true);
    expect(guardedReload(createReloadGuard(null), reload)).toBe(true);
  });
});
