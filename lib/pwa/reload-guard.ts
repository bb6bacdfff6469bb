import { RELOAD_GUARD_TTL_MS } from '@/lib/constants/timing';

/** Session-storage key of the reload guard: when the page last reloaded itself for an update. */
export const RELOAD_GUARD_STORAGE_KEY = 'reloadGuard';

/**
 * The reload guard of spec section 9: a page that reloaded itself for an update less than `ttlMs` ago
 * does not do it again, so a worker that keeps changing (or a broken update) cannot put the page in a
 * reload loop. The time is kept in session storage (per tab, survives the reload).
 */
export function createReloadGuard(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  now: () => number = Date.now,
  ttlMs: number = RELOAD_GUARD_TTL_MS,
) {
  const last = (): number | null => {
    try {
      const value = Number(storage?.getItem(RELOAD_GUARD_STORAGE_KEY));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  return {
    /** Whether a reload now would not repeat one made within the time-to-live. */
    canReload(): boolean {
      const at = last();
      return at === null || now() - at >= ttlMs || now() < at;
    },
    /** Records the reload about to happen. */
    mark(): void {
      try {
        storage?.setItem(RELOAD_GUARD_STORAGE_KEY, String(now()));
      } catch {
        // storage unavailable (private mode): the guard cannot hold, the reload still happens once
      }
    },
  };
}

export type ReloadGuard = ReturnType<typeof createReloadGuard>;

/** Reloads through the guard: false (and nothing happens) when the page reloaded itself too recently. */
export function guardedReload(guard: ReloadGuard, reload: () => void): boolean {
  if (!guard.canReload()) return false;
  guard.mark();
  reload();
  return true;
}
