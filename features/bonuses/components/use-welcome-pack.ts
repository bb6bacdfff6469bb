'use client';

import { useQuery } from '@tanstack/react-query';
import { welcomePackQueryOptions } from '../api/get-welcome-pack';
import { useClientSession } from '@/lib/stores/use-client-session';

/** The welcome pack for this session (the user's own with stage statuses, or the guest offer), once hydrated. */
export function useWelcomePack() {
  const { ready, isLoggedIn } = useClientSession();
  const query = useQuery({ ...welcomePackQueryOptions(isLoggedIn), enabled: ready });
  return { ...query, isLoggedIn, ready };
}
