'use client';

import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** In a hidden tab no frame comes: the island loads after this long anyway. */
export const ISLAND_PAINT_FALLBACK_MS = 500;

/** Resolves after the next frame has been painted (a task queued from its animation frame runs after it). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, ISLAND_PAINT_FALLBACK_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * A heavy client component whose code and hydration wait until the page has painted. The server renders it
 * in full (its HTML is in the page, so it is seen at the first paint); in the browser its code is fetched
 * only after that paint, and React keeps the server's HTML in place until then and hydrates it afterwards,
 * in a task of its own that it can pause (a Suspense boundary's retry, not the page's first hydration).
 * The page's first scripts are thus the layout's alone.
 *
 * `data-island` on a `display: contents` wrapper says `pending` until the island's effects run, then
 * `ready` (browser tests wait for it, tests/e2e/support.ts). On a client-side navigation it renders
 * `fallback` while the code loads, if it is not loaded yet.
 */
export function deferredIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: React.ReactNode = null,
): ComponentType<P> {
  const Island = lazy(async () => {
    if (typeof window !== 'undefined') await afterNextPaint();
    return { default: await load() };
  });
  function DeferredIsland(props: P) {
    const [ready, setReady] = useState(false);
    const [markReady] = useState(() => () => setReady(true));
    return (
      <div className="contents" data-island={ready ? 'ready' : 'pending'}>
        <Suspense fallback={fallback}>
          <Island {...props} />
          <OnMount run={markReady} />
        </Suspense>
      </div>
    );
  }
  return DeferredIsland;
}
