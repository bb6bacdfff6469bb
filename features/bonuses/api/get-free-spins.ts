import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { freeSpinsReply, type FreeSpin } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/** `GET /profile/freeSpins` (spec section 7): the user's usable free spins, soonest expiry first. */
export const getFreeSpins = (): Promise<FreeSpin[]> =>
  api.get('/profile/freeSpins').then((response) => freeSpinsReply.parse(response.data).data);

export const freeSpinsQueryOptions = () =>
  queryOptions({ queryKey: bonusKeys.freeSpins(), queryFn: getFreeSpins, retry: false });
