/**
 * The VIP club's calls (lib/contracts/vip.ts) on the general service: the levels with the signed-in
 * player's progress, rewards and requests, and the claims. Signed-in calls: parsed with zod (this code loads
 * only for a signed-in player).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceApi } from '@/lib/api/client';
import { claimReply, vipReply, type ClaimReply, type VipReply } from '@/lib/contracts/vip';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { joinVip } from '@/lib/session/join-vip';
import type { VIP_REQUEST_TYPES } from '@/lib/contracts/auth';

/** The VIP club's query keys: the player's view under `mine`, dropped with the session. */
export const vipKeys = {
  all: ['vip'] as const,
  mine: () => [...vipKeys.all, 'mine'] as const,
};

/** `GET /vip` (with the session): the levels and the player's progress. */
export const getVip = (): Promise<VipReply> =>
  serviceApi.general.get('/vip').then((response) => vipReply.parse(response.data));

export const vipQuery = () => queryOptions({ queryKey: vipKeys.mine(), queryFn: getVip, staleTime: 15_000 });

/** `POST /vip/rakeback/claim`: the accrued rakeback to cash; 422 on `rakeback`: `nothing`. */
export const claimRakeback = (): Promise<ClaimReply> =>
  serviceApi.general.post('/vip/rakeback/claim', {}).then((response) => claimReply.parse(response.data));

/** `POST /vip/rewards/{id}/claim`: a level-up or weekly bonus to cash; 422 on `reward`: `claimed`. */
export const claimReward = (id: number): Promise<ClaimReply> =>
  serviceApi.general.post(`/vip/rewards/${id}/claim`, {}).then((response) => claimReply.parse(response.data));

/**
 * A claim (the rakeback without an id, a reward with one): the header's balance shows the reply's at once
 * (lib/session invalidateBalances), and the club's view is asked for again.
 */
export function useVipClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reward: number | null) => (reward === null ? claimRakeback() : claimReward(reward)),
    onSuccess: (reply) => invalidateBalances(client, reply.balance),
    onSettled: () => client.invalidateQueries({ queryKey: vipKeys.mine() }),
  });
}

export type VipRequestType = (typeof VIP_REQUEST_TYPES)[number];

/** `POST api/v2/vip/join`, then the player's requests are asked for again. */
export function useVipJoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestType, details }: { requestType: VipRequestType; details?: string | null }) =>
      joinVip(requestType, details),
    onSuccess: () => client.invalidateQueries({ queryKey: vipKeys.mine() }),
  });
}
