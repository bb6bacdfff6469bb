import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { cancelFreeSpinsReply } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/** `PUT /api/v2/freeSpinsCampaigns/cancel/{id}` (spec section 7; the campaign id): gives up the user's spins of it. */
export const cancelFreeSpins = (campaignId: number): Promise<void> =>
  api.put(`/api/v2/freeSpinsCampaigns/cancel/${campaignId}`).then((response) => {
    cancelFreeSpinsReply.parse(response.data);
  });

/** Cancels, then refetches the free spins (and everything else bonus-related). */
export const useCancelFreeSpins = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFreeSpins,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.all }),
  });
};
