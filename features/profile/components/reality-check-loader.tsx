'use client';

import { lazy, Suspense } from 'react';
import { selectToken, useSessionStore } from '@/lib/stores/session-store';

// The reality check's code, its query and the API client load only with a session.
const RealityCheck = lazy(() =>
  import('./reality-check').then((module) => ({ default: module.RealityCheck })),
);

/**
 * The reality check of a signed-in player on every page (reality-check.tsx); nothing at all for a guest.
 * Mounted by the page-wide client effects (app/[locale]/_components/client-effects.tsx), after hydration.
 */
export function RealityCheckLoader() {
  const token = useSessionStore(selectToken);
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  );
}
