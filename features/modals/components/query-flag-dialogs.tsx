'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { withoutPrivateParams } from '@/lib/private-query';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { takeQueryFlags } from './query-flags';

/**
 * Opens the login, registration and deposit dialogs named by the `login`, `signup` and `deposit` query
 * flags, then removes the flags from the address without scrolling (spec section 2). A logged-in
 * user has nothing to log in to: their log-in and sign-up flags are removed without opening anything.
 */
export function QueryFlagDialogs() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const open = useModalStore((state) => state.open);

  useEffect(() => {
    // The address it writes never brings a private parameter back (lib/private-query.ts).
    const { modals, rest } = takeQueryFlags(withoutPrivateParams(searchParams.toString()));
    if (modals.length === 0) return;
    const loggedIn = useSessionStore.getState().isLoggedIn;
    for (const modal of modals) {
      if (loggedIn && (modal === MODAL.login || modal === MODAL.signup)) continue;
      open(modal);
    }
    const query = rest.toString();
    router.replace(`${pathname}${query ? `?${query}` : ''}${window.location.hash}`, { scroll: false });
  }, [searchParams, pathname, router, open]);

  return null;
}
