'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useModalStore } from '@/lib/stores/modal-store';
import { takeQueryFlags } from './query-flags';

/**
 * Opens the login, registration and deposit dialogs named by the `login`, `signup` and `deposit` query
 * flags, then removes the flags from the address without scrolling (spec section 2).
 */
export function QueryFlagDialogs() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const open = useModalStore((state) => state.open);

  useEffect(() => {
    const { modals, rest } = takeQueryFlags(new URLSearchParams(searchParams.toString()));
    if (modals.length === 0) return;
    for (const modal of modals) open(modal);
    const query = rest.toString();
    router.replace(`${pathname}${query ? `?${query}` : ''}${window.location.hash}`, { scroll: false });
  }, [searchParams, pathname, router, open]);

  return null;
}
