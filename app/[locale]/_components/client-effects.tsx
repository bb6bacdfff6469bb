'use client';

import { Suspense } from 'react';
import { FirstLoadSso } from '@/features/auth/components/first-load-sso';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap';
import { AttributionCapture } from '@/features/traffic/components/attribution-capture';

/**
 * The page-wide work that renders nothing and talks to the API once the page is up: the signed-in
 * session's profile, the first-load SSO decision, the attribution capture. Loaded by AppProviders after
 * hydration, so the API client and the response schemas are not part of the first load.
 */
export function ClientEffects() {
  return (
    <>
      <SessionBootstrap />
      <FirstLoadSso />
      <Suspense fallback={null}>
        <AttributionCapture />
      </Suspense>
    </>
  );
}
