'use client';

import { lazy, Suspense } from 'react';
import { useIdleAfterLoad } from '@/components/ui/load-when-near';
import { CUSTOMER_MESSAGING_CONFIG } from '../lib/config';
import type { CustomerIoConfig } from '../lib/customer-io';
import { inTurn } from '@/lib/shared-modules';

// Customer.io's adapter and the session it follows: fetched only when configured, once the page is idle.
const CustomerMessagingRunner = lazy(() =>
  inTurn(() => import('./customer-messaging-runner')).then((module) => ({
    default: module.CustomerMessagingRunner,
  })),
);

/**
 * The customer-messaging analytics script (spec section 7), on every page: without its public key and
 * site id nothing runs; with them, Customer.io loads after the page has loaded and gone idle, knows the
 * signed-in player and forgets them at log-out. Renders nothing; every failure is logged only.
 */
export function CustomerMessaging({
  config = CUSTOMER_MESSAGING_CONFIG,
}: {
  config?: CustomerIoConfig | null;
}) {
  return config ? <WhenIdle config={config} /> : null;
}

function WhenIdle({ config }: { config: CustomerIoConfig }) {
  const idle = useIdleAfterLoad();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <CustomerMessagingRunner config={config} />
    </Suspense>
  );
}
