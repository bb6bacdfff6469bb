'use client';

import { Suspense } from 'react';
import { IntentPrefetch } from '@/components/layout/intent-prefetch';
import { FirstLoadSso } from '@/features/auth/components/first-load-sso';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap';
import { RealityCheckLoader } from '@/features/profile/components/reality-check-loader';
import { AttributionCapture } from '@/features/traffic/components/attribution-capture';

/**
 * The page-wide work that renders nothing and talks to the API once the page is up: the signed-in
 * session's profile, the first-load SSO decision, the attribution capture, the prefetch of a route the
 * player reaches for, and a signed-in player's reality check (its dialog renders only when it reminds).
 * Loaded by AppProviders after
 * hydration, so the API client and the response schemas are not part of the first load.
 */
export function ClientEffects() {
  return (
    <>
      <SessionBootstrap />
      <RealityCheckLoader />
      <IntentPrefetch />
      <FirstLoadSso />
      <Suspense fallback={null}>
        <AttributionCapture />
      </Suspense>
    </>
  );
}
