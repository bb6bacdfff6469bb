'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Prefetches a route when the player shows they may go there: the pointer over a link, a touch on it, or
 * keyboard focus. Links do not prefetch when they scroll into view (LocaleLink through PlainLink, and the
 * main navigation): the home page shows a dozen routes at once, and fetching and evaluating all of
 * them while the page loads was main-thread work Lighthouse counted against the page (issue 14). One
 * listener for the whole document; the router keeps what it prefetched and asks once per route.
 */
export function IntentPrefetch() {
  const router = useRouter();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const anchor = target.closest('a[href^="/"]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return;
      const href = anchor.getAttribute('href');
      if (!href || href.startsWith('//')) return;
      router.prefetch(href);
    };
    const options = { capture: true, passive: true };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    };
  }, [router]);
  return null;
}
