'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { capturePageView } from '@/lib/analytics';
import { withoutPrivateParams } from '@/lib/private-query';

/**
 * Reports a page view with the full path (path and query) on every route change (spec section 2), without
 * the private parameters (the simple-auth token: lib/private-query.ts).
 */
export function PageViewTracker() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const query = withoutPrivateParams(searchParams.toString()).toString();
  useEffect(() => {
    capturePageView(query ? `${pathname}?${query}` : pathname);
  }, [pathname, query]);
  return null;
}
