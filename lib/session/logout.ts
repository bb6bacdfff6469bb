import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { profileQueryKey } from '@/lib/session/get-profile';
import { resetAnalytics } from '@/lib/analytics';
import { useSessionStore } from '@/lib/stores/session-store';

/** `PUT auth/logout`: the server revokes the session. */
const logoutCall = () => api.put('auth/logout', {});

/**
 * Logout (spec section 4): the server revokes the session; the token cookie and the user are cleared
 * and analytics is reset, even when the server cannot be reached.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await logoutCall();
  } catch (error) {
    console.error('logout call failed', error);
  }
  useSessionStore.getState().clearSession();
  queryClient.removeQueries({ queryKey: profileQueryKey });
  resetAnalytics();
}
