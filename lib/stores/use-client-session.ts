'use client';

import { useSyncExternalStore } from 'react';
import { useSessionStore } from '@/lib/stores/session-store';

const subscribeNothing = () => () => {};

/**
 * Whether the page has hydrated, and the session then. The token is a cookie only the browser reads, so
 * the server and the hydrating render see a guest: personal or guest-only data waits for `ready`, or a
 * logged-in user would first load the guest's.
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
