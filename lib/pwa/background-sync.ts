import { BACKGROUND_SYNC_MS, BACKGROUND_SYNC_TAG, SYNC_MIRRORS_MESSAGE } from '@/lib/constants/timing';

/** The parts of a service-worker registration the background sync uses (some browsers lack both). */
export interface SyncRegistration {
  periodicSync?: { register(tag: string, options?: { minInterval: number }): Promise<void> };
  sync?: { register(tag: string): Promise<void> };
  active?: { postMessage(message: unknown): void } | null;
}

export type SyncMode = 'periodic' | 'one-off' | 'message';

export interface SyncDeps {
  /** The `periodic-background-sync` permission state ('granted' when the app is installed and used). */
  permission: () => Promise<PermissionState | 'unsupported'>;
  setInterval: (callback: () => void, ms: number) => unknown;
}

/**
 * Background sync `sync-data` (spec section 4), every 10 minutes: the periodic sync when its permission
 * is granted; otherwise a one-off sync re-registered every 10 minutes; otherwise a `syncMirrors` message
 * posted to the worker every 10 minutes. The worker does the same work for all three (app/sw.ts).
 */
export async function startBackgroundSync(registration: SyncRegistration, deps: SyncDeps): Promise<SyncMode> {
  if (registration.periodicSync) {
    const state = await deps.permission().catch(() => 'unsupported' as const);
    if (state === 'granted') {
      try {
        await registration.periodicSync.register(BACKGROUND_SYNC_TAG, { minInterval: BACKGROUND_SYNC_MS });
        return 'periodic';
      } catch {
        // refused (not installed, or a policy): fall through to the one-off sync
      }
    }
  }
  if (registration.sync) {
    const sync = registration.sync;
    try {
      await sync.register(BACKGROUND_SYNC_TAG);
      deps.setInterval(() => {
        sync.register(BACKGROUND_SYNC_TAG).catch(() => {});
      }, BACKGROUND_SYNC_MS);
      return 'one-off';
    } catch {
      // fall through to the message
    }
  }
  const post = () => registration.active?.postMessage({ type: SYNC_MIRRORS_MESSAGE });
  post();
  deps.setInterval(post, BACKGROUND_SYNC_MS);
  return 'message';
}

/** The `periodic-background-sync` permission as the browser reports it. */
export async function periodicSyncPermission(): Promise<PermissionState | 'unsupported'> {
  if (typeof navigator === 'undefined' || !navigator.permissions) return 'unsupported';
  const status = await navigator.permissions.query({
    name: 'periodic-background-sync' as PermissionName,
  });
  return status.state;
}
