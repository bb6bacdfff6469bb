'use client';

import { lazy, Suspense } from 'react';
import { BonusBarPlaceholder } from './bonus-bar-placeholder';
import { inTurn } from '@/lib/shared-modules';

const BonusBar = lazy(() =>
  inTurn(() => import('./bonus-bar')).then((module) => ({ default: module.BonusBar })),
);

/**
 * The bonus bar, loaded after hydration (its queries, schemas and the API client are not part of the
 * first load), in a space kept for it from the server HTML on (bonus-bar-placeholder.tsx).
 */
export function BonusBarLoader() {
  return (
    <Suspense fallback={<BonusBarPlaceholder />}>
      <BonusBar />
    </Suspense>
  );
}
