import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import {
  createPayoutBody,
  payoutOverviewReply,
  payoutRequest,
  type PayoutOverview,
  type PayoutRequest,
} from '@/lib/contracts/payouts';
import { billingKeys } from './query-keys';

export type CreatePayoutBody = z.input<typeof createPayoutBody>;

/** `GET /api/v2/billing/payouts`: methods, limits, why a withdrawal is not possible now, the requests. */
export const getPayouts = (): Promise<PayoutOverview> =>
  api.get('/api/v2/billing/payouts').then((response) => payoutOverviewReply.parse(response.data));

/** How often the open withdrawal tab asks again while a request is still on its way. */
export const PAYOUTS_POLL_MS = 10_000;
const ON_ITS_WAY = new Set(['review', 'approved', 'sent']);

/**
 * Fresh each time the tab opens (the operator and the provider change statuses elsewhere), and asked
 * again every PAYOUTS_POLL_MS while one of the requests is still on its way.
 */
export const payoutsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.payouts(),
    queryFn: getPayouts,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.requests.some((request) => ON_ITS_WAY.has(request.status)) ? PAYOUTS_POLL_MS : false,
  });

export const usePayouts = (enabled = true) => useQuery({ ...payoutsQueryOptions(), enabled });

/** After a request or a cancel: the screen, the balance (profile) and the history change. */
function useRefreshAfterPayout() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.payouts() });
    void queryClient.invalidateQueries({ queryKey: billingKeys.histories() });
    invalidateBalances(queryClient);
  };
}

/** `POST /api/v2/billing/payout`; the same `idempotency_key` again answers the same request. */
export const createPayout = (body: CreatePayoutBody): Promise<PayoutRequest> =>
  api
    .post('/api/v2/billing/payout', createPayoutBody.parse(body))
    .then((response) => payoutRequest.parse(response.data));

export const useCreatePayout = () => {
  const refresh = useRefreshAfterPayout();
  return useMutation({ mutationFn: createPayout, onSettled: refresh });
};

/** `POST /api/v2/billing/payout/{id}/cancel`: only while it waits (review, approved). */
export const cancelPayout = (id: number): Promise<PayoutRequest> =>
  api.post(`/api/v2/billing/payout/${id}/cancel`, {}).then((response) => payoutRequest.parse(response.data));

export const useCancelPayout = () => {
  const refresh = useRefreshAfterPayout();
  return useMutation({ mutationFn: cancelPayout, onSettled: refresh });
};
