import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '@/lib/stores/session-store';
import { bonusKeys } from './bonus-keys';
import type { Profile } from './get-profile';
import { profileQueryKey } from './session-keys';

/**
 * What every feature calls after money moves (a paid deposit, a bet): the player's balance and bonuses
 * are brought up to date.
 *
 * - Given the balance the server answered (a bet reply), the header shows it at once (the session user
 *   and the cached profile) and only the bonuses (a bet counts toward wagering) are fetched again.
 * - Without it (a deposit paid elsewhere), the profile and every bonus query are fetched again.
 */
export function invalidateBalances(queryClient: QueryClient, balance?: number): void {
  if (balance === undefined) {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  } else {
    const session = useSessionStore.getState();
    if (session.user) session.setUser({ ...session.user, balance });
    queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
      profile ? { ...profile, user: { ...profile.user, balance } } : profile,
    );
  }
  void queryClient.invalidateQueries({ queryKey: bonusKeys.all });
}
