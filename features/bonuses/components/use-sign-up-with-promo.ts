'use client';

import { useCallback } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { usePromoStore } from '../stores/promo-store';

/**
 * Opens the sign-up dialog with a promo code: the code goes into the address with the `signup` flag
 * (spec section 2), the flag opens the dialog and is removed, the code stays for the sign-up form,
 * which reads `promo` from the query. The code is also kept for the session (the bonus bar). The
 * query is read at the click (not with `useSearchParams`), so pages using this need no Suspense boundary.
 */
export function useSignUpWithPromo(): (promo: string) => void {
  const pathname = usePathname();
  const router = useRouter();
  return useCallback(
    (promo: string) => {
      usePromoStore.getState().setPromo(promo);
      const params = new URLSearchParams(window.location.search);
      params.set('promo', promo.trim());
      params.set('signup', '1');
      router.replace(`${pathname}?${params.toString()}${window.location.hash}`, { scroll: false });
    },
    [pathname, router],
  );
}
