import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { waitingBonusReply } from '@/lib/api/first-screen-checks';
import type { BonusActivation } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/**
 * `GET /bonus-system/bonus-activation/waiting-reg-and-dep` (spec section 7): the logged-in user's
 * registration-and-deposit bonus waiting for a deposit, or null.
 */
export const getWaitingBonus = (): Promise<BonusActivation | null> =>
  api
    .get('/bonus-system/bonus-activation/waiting-reg-and-dep')
    .then((response) => waitingBonusReply(response.data).bonus);

export const waitingBonusQueryOptions = () =>
  queryOptions({ queryKey: bonusKeys.waiting(), queryFn: getWaitingBonus, retry: false });
