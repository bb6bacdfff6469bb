'use client';

import { lazy, Suspense, useState } from 'react';
import { DepositPrompt } from '@/features/billing/components/deposit-prompt';
import { useInvoiceStore } from '@/features/billing/stores/invoice-store';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { inTurn, sharedModulesReady } from '@/lib/shared-modules';

const ModalDialogs = lazy(() =>
  sharedModulesReady()
    .then(() => import('./modal-dialogs'))
    .then((module) => ({ default: module.ModalDialogs })),
);
const InvoiceWatcher = lazy(() =>
  inTurn(() => import('@/features/billing/components/invoice-watcher')).then((module) => ({
    default: module.InvoiceWatcher,
  })),
);

/**
 * The named dialogs (spec section 2) and the watchers that open them. The dialogs' code (forms, schemas,
 * texts) loads when the first one opens, and stays mounted from then on; the invoice watcher's when there
 * is an invoice to follow. The deposit prompt's timer is tiny and runs from the first load.
 */
export function ModalHost() {
  const anyOpen = useModalStore((state) => state.openModals.length > 0);
  const [used, setUsed] = useState(anyOpen);
  if (anyOpen && !used) setUsed(true);
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  const hasInvoice = useInvoiceStore((state) => state.config !== null);
  const following = isLoggedIn && hasInvoice;
  return (
    <>
      {used ? (
        <Suspense fallback={null}>
          <ModalDialogs />
        </Suspense>
      ) : null}
      <DepositPrompt />
      {following ? (
        <Suspense fallback={null}>
          <InvoiceWatcher />
        </Suspense>
      ) : null}
    </>
  );
}
