'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How long after the page's `load` the children come anyway, in the first idle moment after it. */
export const LOAD_WHEN_NEAR_IDLE_DELAY_MS = 2_000;

/**
 * Below-the-fold client UI that need not take part in the page's first hydration: `fallback` (rendered
 * on the server too, so it should keep the children's room) until the box comes within `rootMargin` of
 * the screen, or the page has loaded and gone idle, whichever is first; then `children` (typically
 * `next/dynamic` components, so their code is fetched only then). The page thus hydrates and paints
 * without them, and they arrive in tasks of their own.
 */
export function LoadWhenNear({
  children,
  fallback,
  rootMargin = '200px',
  className,
}: {
  children: ReactNode;
  fallback: ReactNode;
  rootMargin?: string;
  className?: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return;
    const node = root.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const show = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin },
    );
    observer.observe(node);

    // Idle fallback: after `load`, a pause, then the first idle moment.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const whenIdle = () => {
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(show);
        else show();
      }, LOAD_WHEN_NEAR_IDLE_DELAY_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });

    return () => {
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
    };
  }, [near, rootMargin]);

  return (
    <div ref={root} className={className}>
      {near ? children : fallback}
    </div>
  );
}
