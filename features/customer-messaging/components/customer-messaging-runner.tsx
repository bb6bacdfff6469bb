'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import {
  customerIoPage,
  identifyCustomer,
  loadCustomerIo,
  resetCustomer,
  type CustomerIoConfig,
} from '../lib/customer-io';

/**
 * Loads Customer.io with `config`, then keeps it told who is playing: the signed-in player's user id and
 * e-mail once the profile is in, a reset when they log out, a page view after each navigation. A script
 * that is blocked, missing or slow is logged and nothing else happens.
 */
export function CustomerMessagingRunner({ config }: { config: CustomerIoConfig }) {
  const [ready, setReady] = useState(false);
  const { ready: hydrated, isLoggedIn } = useClientSession();
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const email = useSessionStore((state) => state.user?.email ?? null);
  const pathname = usePathname();

  useEffect(() => {
    let active = true;
    loadCustomerIo(config).then(
      () => {
        if (active) setReady(true);
      },
      (error: unknown) => console.error('customer messaging failed to load', error),
    );
    return () => {
      active = false;
    };
  }, [config]);

  useEffect(() => {
    if (!ready || !hydrated) return;
    if (!isLoggedIn) resetCustomer();
    // Signed in: wait for the profile rather than reset a player whose data is on its way.
    else if (userId !== null) identifyCustomer({ id: userId, email });
  }, [ready, hydrated, isLoggedIn, userId, email]);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    if (ready) customerIoPage();
  }, [ready, pathname]);

  return null;
}
