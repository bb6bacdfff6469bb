'use client';

import { useCallback } from 'react';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * Guards an action that needs an account (a bet): the returned function is true for a logged-in player;
 * for a guest it opens the sign-up dialog and is false.
 */
export function useRequireAccount(): () => boolean {
  const open = useModalStore((state) => state.open);
  return useCallback(() => {
    if (useSessionStore.getState().isLoggedIn) return true;
    open(MODAL.signup);
    return false;
  }, [open]);
}
