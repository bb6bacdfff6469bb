'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** After any navigation the page scrolls to the top, or to the hash target (spec section 2). */
export function ScrollManager() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    const target = hash ? document.getElementById(hash) : null;
    if (target) {
      target.scrollIntoView();
    } else if (!first.current) {
      window.scrollTo({ top: 0, left: 0 });
    }
    first.current = false;
  }, [pathname]);
  return null;
}
