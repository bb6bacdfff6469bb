import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { bonusActivationsReply, type BonusActivation } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/** `GET /bonus-system/bonus-activations`: every bonus of the logged-in user, newest first. */
export const getBonusActivations = (): Promise<BonusActivation[]> =>
  api
    .get('/bonus-system/bonus-activations')
    .then((response) => bonusActivationsReply.parse(response.data).items);

export const bonusActivationsQueryOptions = () =>
  queryOptions({ queryKey: bonusKeys.activations(), queryFn: getBonusActivations, retry: false });

/** A bonus that can still be cancelled: waiting for its deposit, or credited and being wagered. */
export const isCancellable = (item: BonusActivation) => item.status === 'waiting' || item.status === 'active';
