'use client';

import { lazy, Suspense, useRef } from 'react';
import { useSessionStore } from '@/lib/stores/session-store';

// The profile call and its schemas (zod among them) load only with a session (signed-in-session.tsx).
const SignedInSession = lazy(() =>
  import('./signed-in-session').then((module) => ({ default: module.SignedInSession })),
);

/**
 * The logged-in session on every page (spec section 4): with a token the profile is fetched; a failed
 * fetch is logged and logs the user out locally. A missing timezone is guessed and saved.
 *
 * The user's saved locale (English when it is not supported) is applied when they sign in on this page.
 * A page opened with a session already in place keeps the language its address names: a `/ru/…` link
 * renders Russian for everybody (issue 22), and next-intl's middleware has already set the locale
 * cookie to it; only an address without a prefix follows the cookie.
 */
export function SessionBootstrap() {
  const token = useSessionStore((state) => state.token);
  const appliedFor = useRef<number | null>(null);
  // Whether the page was opened signed in (the token cookie is read when the store is created).
  const openedSignedIn = useRef(useSessionStore.getState().token !== null);
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <SignedInSession appliedForRef={appliedFor} openedSignedInRef={openedSignedIn} />
    </Suspense>
  );
}
