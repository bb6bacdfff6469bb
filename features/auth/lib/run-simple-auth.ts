import { api } from '@/lib/api/client';
import { attachSource, reportClient } from '@/lib/attribution';
import { getProfile } from '@/lib/session/get-profile';
import { useSessionStore } from '@/lib/stores/session-store';

export { profileQueryKey } from '@/lib/session/get-profile';

/**
 * The simple-auth calls (spec section 4; the flow is features/auth/components/simple-auth.tsx, which
 * loads this module only when a link carries a token): the profile with the token, the client report,
 * the source attribution, the profile again. False, with the token cleared, when a profile fetch fails.
 */
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
