import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { cancelBonusReply, type BonusActivation } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/**
 * `PUT /bonus-system/bonus-activation/cancel/{id}`: the player gives up a waiting or active bonus; what
 * is left of an active one's bonus balance is forfeited. The reply is the cancelled activation; 422
 * (`id: not_cancellable`) for a finished one.
 */
export const cancelBonus = (id: number): Promise<BonusActivation> =>
  api
    .put(`/bonus-system/bonus-activation/cancel/${id}`)
    .then((response) => cancelBonusReply.parse(response.data));

/** Cancels, then refetches every bonus query. */
export const useCancelBonus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.all }),
  });
};
