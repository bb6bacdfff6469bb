'use client';

import { useEffect } from 'react';

/**
 * Marks the document as interactive: once React has hydrated the page shell, `<html>` carries
 * `data-hydrated="true"` (removed again if the marker unmounts). Browser tests wait for it before they
 * click or type (tests/e2e/support.ts), so no event reaches a control whose handler is not attached yet.
 * Renders nothing. Mounted once by the locale layout's providers as the last child of their Suspense
 * boundary (session, page views, query-flag dialogs, the lazily loaded client effects), so the mark
 * comes only when that boundary, which mounts after the page itself, is running too.
 */
export function HydrationMarker() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.hydrated = 'true';
    return () => {
      delete root.dataset.hydrated;
    };
  }, []);
  return null;
}
