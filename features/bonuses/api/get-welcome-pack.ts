import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Currency } from '@/lib/constants/currencies';
import { welcomePackReply } from '@/lib/api/first-screen-checks';
import type { WelcomePack } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

export type WelcomePackStage = WelcomePack['stages'][number];

/** `GET /api/v3/welcome-pack/get-welcome-packs-guest?currency=` (spec section 7): the pack a guest is offered. */
export const getGuestWelcomePack = (currency?: Currency): Promise<WelcomePack> =>
  api
    .get('/api/v3/welcome-pack/get-welcome-packs-guest', { params: currency ? { currency } : undefined })
    .then((response) => welcomePackReply(response.data));

/** `GET /api/v3/welcome-pack/get-welcome-packs`: the logged-in user's pack, with stage statuses and deposits made. */
export const getUserWelcomePack = (): Promise<WelcomePack> =>
  api.get('/api/v3/welcome-pack/get-welcome-packs').then((response) => welcomePackReply(response.data));

/**
 * The welcome pack for the current session: the user's own when logged in (personal, under
 * `bonusKeys.mine()`), the guest offer otherwise.
 */
export const welcomePackQueryOptions = (isLoggedIn: boolean, currency?: Currency) => {
  const queryKey: readonly unknown[] = isLoggedIn
    ? bonusKeys.userWelcomePack()
    : bonusKeys.guestWelcomePack(currency);
  return queryOptions({
    queryKey,
    queryFn: () => (isLoggedIn ? getUserWelcomePack() : getGuestWelcomePack(currency)),
    // The offer changes rarely; the user's progress follows deposits (refreshed by invalidation).
    staleTime: isLoggedIn ? 30_000 : 5 * 60_000,
    retry: false,
  });
};
