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

/**
 * Whether the page has loaded, paused `delayMs` and reached an idle moment: for work that must happen on
 * every page but not while it loads and hydrates (its code's evaluation then lands in a task of its own,
 * after the page became interactive).
 */
export function useIdleAfterLoad(delayMs = LOAD_WHEN_NEAR_IDLE_DELAY_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let callback: number | undefined;
    const show = () => setIdle(true);
    const whenIdle = () => {
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') {
          callback = window.requestIdleCallback(show, { timeout: 2_000 });
        } else show();
      }, delayMs);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      clearTimeout(timer);
      if (callback !== undefined) window.cancelIdleCallback?.(callback);
    };
  }, [delayMs]);
  return idle;
}
