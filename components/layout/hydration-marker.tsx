'use client';

import { useEffect } from 'react';

/**
 * Marks the document as interactive: once React has hydrated the page shell, `<html>` carries
 * `data-hydrated="true"` (removed again if the marker unmounts). Browser tests wait for it before they
 * click or type (tests/e2e/support.ts), so no event reaches a control whose handler is not attached yet.
 * Renders nothing. Mounted once by the locale layout's providers (app-providers.tsx) beside the lazily
 * loaded client effects (session bootstrap, attribution, first-load SSO), in their Suspense boundary, so
 * the mark comes only once those run too.
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
