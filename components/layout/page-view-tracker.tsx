'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { capturePageView } from '@/lib/analytics';

/** Reports a page view with the full path (path and query) on every route change (spec section 2). */
export function PageViewTracker() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = searchParams.toString();
  useEffect(() => {
    capturePageView(query ? `${pathname}?${query}` : pathname);
  }, [pathname, query]);
  return null;
}
