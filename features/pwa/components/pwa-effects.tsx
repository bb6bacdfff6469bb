'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { SW_UPDATE_CHECK_MS } from '@/lib/constants/timing';
import {
  periodicSyncPermission,
  startBackgroundSync,
  type SyncRegistration,
} from '@/lib/pwa/background-sync';
import { APP_UPDATE_EVENT, createBuildCheck, fetchBuildId } from '@/lib/pwa/build-check';
import { createReloadGuard, guardedReload } from '@/lib/pwa/reload-guard';
import { applyWhenIdle, type ActivityState } from '@/lib/pwa/update-flow';
import { SKIP_WAITING_MESSAGE, SW_URL, SYNC_DATA_MESSAGE } from '@/lib/pwa/worker-paths';
import { useModalStore } from '@/lib/stores/modal-store';
import { notify } from '@/lib/stores/notification-store';
import { InstallPrompt } from './install-prompt';

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * The installable app's page side (spec section 4): registers the offline worker at /sw.js (scope `/`;
 * a failure is only logged), checks it for updates every 20 s, lets an updated worker take over and
 * reloads the page once the player is idle (no dialog open, no bet or deposit in flight) through the
 * reload guard; runs the build check and the background sync; offers the install prompt.
 */
export function PwaEffects() {
  const t = useTranslations('pwa');
  const queryClient = useQueryClient();

  useEffect(() => {
    const timers: ReturnType<typeof setInterval>[] = [];
    const cleanups: (() => void)[] = [];
    const activity = (): ActivityState => ({
      openDialogs: useModalStore.getState().openModals.length,
      pendingMutations: queryClient.isMutating(),
    });

    // Build check: a new id raises the app-update event and a non-blocking notice.
    let registration: ServiceWorkerRegistration | null = null;
    const check = createBuildCheck(
      () => fetchBuildId(),
      (id) => {
        window.dispatchEvent(new CustomEvent(APP_UPDATE_EVENT, { detail: { id } }));
        notify({ kind: 'info', title: t('update.title'), text: t('update.text') });
        registration?.update().catch(() => {});
      },
    );
    void check();
    timers.push(setInterval(() => void check(), SW_UPDATE_CHECK_MS));

    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    if (container) {
      const guard = createReloadGuard(sessionStore());
      let hadController = Boolean(container.controller);
      const onControllerChange = () => {
        // The first install takes control without a reload (nothing old to replace).
        if (!hadController) {
          hadController = true;
          return;
        }
        cleanups.push(applyWhenIdle(activity, () => guardedReload(guard, () => window.location.reload())));
      };
      container.addEventListener('controllerchange', onControllerChange);
      cleanups.push(() => container.removeEventListener('controllerchange', onControllerChange));

      const onMessage = (event: MessageEvent) => {
        if ((event.data as { type?: string } | null)?.type === SYNC_DATA_MESSAGE) void check();
      };
      container.addEventListener('message', onMessage);
      cleanups.push(() => container.removeEventListener('message', onMessage));

      const whenWaiting = (worker: ServiceWorker) => {
        cleanups.push(applyWhenIdle(activity, () => worker.postMessage(SKIP_WAITING_MESSAGE)));
      };

      container
        .register(SW_URL, { scope: '/', updateViaCache: 'none' })
        .then((reg) => {
          registration = reg;
          if (reg.waiting && container.controller) whenWaiting(reg.waiting);
          reg.addEventListener('updatefound', () => {
            const worker = reg.installing;
            worker?.addEventListener('statechange', () => {
              if (worker.state === 'installed' && container.controller) whenWaiting(worker);
            });
          });
          timers.push(setInterval(() => reg.update().catch(() => {}), SW_UPDATE_CHECK_MS));
          return container.ready;
        })
        .then((ready) =>
          startBackgroundSync(ready as unknown as SyncRegistration, {
            permission: periodicSyncPermission,
            setInterval: (callback, ms) => timers.push(setInterval(callback, ms)),
          }),
        )
        .catch((error: unknown) => {
          // Spec section 8: a registration failure is logged only.
          console.error('offline worker registration failed', error);
        });
    }

    return () => {
      timers.forEach(clearInterval);
      cleanups.forEach((cleanup) => cleanup());
    };
  }, [queryClient, t]);

  return <InstallPrompt />;
}
