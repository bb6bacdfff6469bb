import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Currency } from '@/lib/constants/currencies';
import { freeSpinCampaign, type FreeSpinCampaign } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/** `GET /api/freeSpinsCampaigns/{id}?currency=` (spec section 7): a campaign as the operator described it. */
export const getFreeSpinCampaign = (id: number, currency?: Currency): Promise<FreeSpinCampaign> =>
  api
    .get(`/api/freeSpinsCampaigns/${id}`, { params: currency ? { currency } : undefined })
    .then((response) => freeSpinCampaign.parse(response.data));

export const freeSpinCampaignQueryOptions = (id: number, currency?: Currency) =>
  queryOptions({
    queryKey: bonusKeys.freeSpinCampaign(id, currency),
    queryFn: () => getFreeSpinCampaign(id, currency),
    staleTime: 5 * 60_000,
    retry: false,
  });
