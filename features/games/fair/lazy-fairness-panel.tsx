'use client';

import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';

const FairnessPanel = lazy(() =>
  import('./fairness-panel').then((module) => ({ default: module.FairnessPanel })),
);

/**
 * The fairness panel (fairness-panel.tsx), its code (the verifier, the seed form and its schema,
 * the hashing) and its texts (every game's, for the verifier) loaded the first time it opens, not with
 * the game's page; mounted from then on.
 */
export function LazyFairnessPanel(props: ComponentProps<typeof FairnessPanel>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyMessages namespaces={['games']}>
        <FairnessPanel {...props} />
      </LazyMessages>
    </Suspense>
  );
}
