import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { activateBonusBody, activateBonusReply, type BonusActivation } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/**
 * `POST /bonus-system/bonus-activation {promo}`: a logged-in player activates a promo code; the reply is
 * the new (waiting) activation. 422 on `promo` when it cannot be (`invalid`, `already_waiting`,
 * `already_used`).
 */
export const activateBonus = (promo: string): Promise<BonusActivation> =>
  api
    .post('/bonus-system/bonus-activation', activateBonusBody.parse({ promo }))
    .then((response) => activateBonusReply.parse(response.data));

/** Activates, then refreshes every bonus query (the bar, the summary, the profile list). */
export const useActivateBonus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateBonus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusKeys.all }),
  });
};
