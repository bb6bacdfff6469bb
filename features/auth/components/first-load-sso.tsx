'use client';

import { useQuery } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useEffect, useRef } from 'react';
import { firstLoadSsoTarget } from '@/features/auth/lib/sso-first-load';
import { mirrorQueryOptions } from '@/lib/api/mirror';
import { COOKIE } from '@/lib/constants/cookies';
import { navigateTo } from '@/lib/navigate';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The first-load SSO redirect (spec section 4), decided once the mirror data is in: the ssoRedirected
 * cookie is set and the browser goes to the SSO address with the current address encoded; otherwise
 * the cookie is cleared and the interface stays.
 */
export function FirstLoadSso() {
  const { data: mirror, isFetched } = useQuery(mirrorQueryOptions());
  const decided = useRef(false);

  useEffect(() => {
    if (!isFetched || decided.current) return;
    decided.current = true;
    const target = firstLoadSsoTarget({
      ssoAddress: mirror?.sso,
      hasToken: useSessionStore.getState().token !== null,
      query: new URLSearchParams(window.location.search),
      ssoRedirectedCookie: Cookies.get(COOKIE.ssoRedirected),
      isDevelopment: process.env.NODE_ENV === 'development',
      userAgent: navigator.userAgent,
      currentUrl: window.location.href,
    });
    if (target) {
      Cookies.set(COOKIE.ssoRedirected, '1', { path: '/', sameSite: 'lax' });
      navigateTo(target, { external: true });
    } else {
      Cookies.remove(COOKIE.ssoRedirected, { path: '/' });
    }
  }, [isFetched, mirror]);
  return null;
}
