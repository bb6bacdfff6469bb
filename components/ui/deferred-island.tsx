'use client';

import { lazy, Suspense, use, useEffect, useState, type ComponentType } from 'react';

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

const asModule = <T,>(component: T) => ({ default: component });

/**
 * On the server the code is asked for when the island is declared (module evaluation), and once it is
 * there `lazy` gets it without waiting: a `then` that calls back at once. The island thus renders in the
 * pass of the page around it; had it waited, even a microtask, its Suspense boundary would complete
 * after the page's shell and be streamed after the page (a hidden copy swapped in by a script).
 *
 * A large island is streamed after the page anyway: React sends a completed boundary of over 500 bytes
 * separately once 12.8 kB of the page have gone out (`progressiveChunkSize`, which Next.js does not set),
 * in the same response, and its script may show it a frame after the first paint. What follows an island
 * on the first screen must therefore not depend on its height (the sportsbook's layout keeps the slip
 * below the first screen on a phone).
 */
function serverLoader<P>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const loading = load().then((component) => {
    loaded = component;
    return asModule(component);
  });
  return {
    loading,
    loaded: () => loaded !== undefined,
    lazy: (): Promise<{ default: ComponentType<P> }> => {
      const component = loaded;
      if (!component) return loading;
      // Not a promise (whose callbacks always wait for a microtask): `lazy` only calls `then`.
      const now = {
        then: (resolve?: (module: { default: ComponentType<P> }) => unknown) =>
          resolve?.(asModule(component)),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    },
  };
}

/** Says the island is there once its effects run (it mounts beside them, in the same boundary). */
function MarkReady({ set }: { set: (ready: boolean) => void }) {
  useEffect(() => set(true), [set]);
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
  const server = typeof window === 'undefined' ? serverLoader(load) : null;
  const Island = lazy(server ? server.lazy : () => afterNextPaint().then(load).then(asModule));
  function DeferredIsland(props: P) {
    // On the server, the first render (the build's) may come before the code: it waits here, outside
    // the island's own boundary, so that the boundary around this (the page's shell) waits too.
    if (server && !server.loaded()) use(server.loading);
    const [ready, setReady] = useState(false);
    return (
      <div className="contents" data-island={ready ? 'ready' : 'pending'}>
        <Suspense fallback={fallback}>
          <Island {...props} />
          <MarkReady set={setReady} />
        </Suspense>
      </div>
    );
  }
  return DeferredIsland;
}
