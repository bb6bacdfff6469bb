'use client';

import { useSyncExternalStore } from 'react';
import { useSessionStore } from '@/lib/stores/session-store';

const subscribeNothing = () => () => {};

/**
 * Whether the page has hydrated, and the session then. The token cookie is read only in the browser, so
 * the server and the hydrating render see a guest; personal data waits for `ready`.
 */
export function useClientSession(): { ready: boolean; isLoggedIn: boolean } {
  const ready = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  return { ready, isLoggedIn: ready && isLoggedIn };
}
