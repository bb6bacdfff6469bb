'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Client-side navigation for the home lobby's plain links (home-link.tsx): one click listener for the
 * whole page instead of a Next `Link` to hydrate per tile (the lobby has some sixty), which was most of
 * the page's main-thread time on a phone. A plain click on a link inside the app goes through the
 * router; a modified click (new tab, download) or a link elsewhere is the browser's.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[data-soft]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      const href = anchor.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      router.push(href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
