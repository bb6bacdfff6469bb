'use client';

import { lazy, Suspense, useState, type ComponentProps } from 'react';

const FairnessPanel = lazy(() =>
  import('./fairness-panel').then((module) => ({ default: module.FairnessPanel })),
);

/**
 * The fairness panel (fairness-panel.tsx), its code (the verifier, the seed form and its schema,
 * the hashing) loaded the first time it opens, not with the game's page; mounted from then on.
 */
export function LazyFairnessPanel(props: ComponentProps<typeof FairnessPanel>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FairnessPanel {...props} />
    </Suspense>
  );
}
