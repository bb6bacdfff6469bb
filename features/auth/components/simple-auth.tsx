'use client';

import { useQueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { getProfile, profileQueryKey } from '@/features/profile/api/get-profile';
import { api } from '@/lib/api/client';
import { attachSource, reportClient } from '@/lib/attribution';
import { COOKIE } from '@/lib/constants/cookies';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The simple-auth flow (spec section 4): with `simpleAuthToken` in the query and the simpleAuth cookie
 * set, (1) the token is used to fetch the profile, (2) the client IP and user agent are reported,
 * (3) the source attribution is posted, (4) the profile is fetched again to refresh the token. If a
 * profile fetch fails, the token cookie is cleared.
 */
export function SimpleAuth() {
  const searchParams = useSearchParams();
  const queryClient = useQueryClient();
  const ran = useRef<string | null>(null);
  const token = searchParams.get('simpleAuthToken');

  useEffect(() => {
    if (!token || ran.current === token || !Cookies.get(COOKIE.simpleAuth)) return;
    ran.current = token;
    void runSimpleAuth(token).then((ok) => {
      if (ok) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    });
  }, [token, queryClient]);
  return null;
}

export async function runSimpleAuth(token: string): Promise<boolean> {
  const session = useSessionStore.getState();
  session.setToken(token);
  try {
    await getProfile();
    await reportClient(api);
    await attachSource(api);
    await getProfile();
    return true;
  } catch (error) {
    console.error('simple-auth profile fetch failed', error);
    useSessionStore.getState().setToken(null);
    return false;
  }
}
